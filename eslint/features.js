// Feature folders stand alone (bulletproof-react): what two features share moves to src/ui or src/domain.
import { dirname, relative, resolve, sep } from 'node:path';
import { importVisitors } from './import-visitors.js';

const ROOT = resolve(import.meta.dirname, '..');

/** The feature folder a file belongs to (src/features/<name>/...), or null. */
function featureOf(file) {
  const rel = relative(ROOT, file).split(sep);
  return rel[0] === 'src' && rel[1] === 'features' && rel.length > 3 ? rel[2] : null;
}

export const featuresPlugin = {
  rules: {
    'no-cross-feature': {
      meta: {
        type: 'problem',
        docs: { description: 'A feature folder imports nothing from another feature folder' },
        schema: [],
        messages: {
          wall: "Feature '{{from}}' may not import from feature '{{to}}' ({{source}}): move the shared piece to src/ui or src/domain.",
        },
      },
      create(context) {
        const file = context.filename;
        const from = featureOf(file);
        if (!from) return {};
        function check(node, source) {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = featureOf(resolve(dirname(file), source));
          if (to && to !== from) context.report({ node, messageId: 'wall', data: { from, to, source } });
        }
        return importVisitors(check);
      },
    },
  },
};
