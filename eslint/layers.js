// The one-way imports of docs/architecture.md#the-pwa-layers as a lint rule: a wrong import fails `npm run lint`.
import { dirname, relative, resolve, sep } from 'node:path';
import { importVisitors } from './import-visitors.js';

const ROOT = resolve(import.meta.dirname, '..');

/** What each layer may import (besides itself). `types` may be imported with `import type` only. */
export const LAYER_RULES = {
  domain: { may: [] },
  api: { may: ['domain'] },
  db: { may: ['domain'], types: ['api'] },
  notify: { may: ['domain'] },
  sync: { may: ['domain', 'api', 'db', 'notify'] },
  outbox: { may: ['domain', 'api', 'db', 'notify'] },
  flows: { may: ['domain', 'api', 'db', 'sync'] },
  excel: { may: ['domain'] },
  ui: { may: ['domain'], types: ['db', 'api'] },
  features: { may: ['domain', 'db', 'notify', 'sync', 'flows', 'outbox', 'excel', 'ui'], types: ['api'] },
  app: { may: ['domain', 'db', 'notify', 'sync', 'flows', 'outbox', 'excel', 'ui', 'features'], types: ['api'] },
  sw: { may: ['domain', 'outbox'] },
  server: { may: ['domain'] },
};

/** Packages a layer may not use: the rules stay pure, and only the gateway touches Node's server stack. */
const FORBIDDEN_PACKAGES = {
  domain:
    /^(react|react-dom|react-router|react-router-dom|dexie|dexie-react-hooks|@mantine\/.*|workbox-.*|xlsx|papaparse|node:.*|fastify|kysely|pg|better-sqlite3)$/,
  api: /^(react|react-dom|dexie|dexie-react-hooks|@mantine\/.*)$/,
  db: /^(react|react-dom|@mantine\/.*)$/,
  sw: /^(react|react-dom|dexie|@mantine\/.*)$/,
};

function layerOf(file) {
  const rel = relative(ROOT, file).split(sep);
  if (rel[0] === 'src' && rel.length > 2 && rel[1] in LAYER_RULES) return rel[1];
  if (rel[0] === 'src') return 'src-root';
  if (rel[0] === 'sw') return 'sw';
  if (rel[0] === 'server') return 'server';
  return null;
}

export const layersPlugin = {
  rules: {
    'no-cross-layer': {
      meta: {
        type: 'problem',
        docs: { description: 'Imports follow the layers of docs/architecture.md' },
        schema: [],
        messages: {
          wall: "Layer '{{from}}' may not import from '{{to}}' ({{source}}): see docs/architecture.md#the-pwa-layers.",
          typeOnly: "Layer '{{from}}' may import only types from '{{to}}' ({{source}}): use `import type`.",
          pkg: "Layer '{{from}}' may not use the package '{{source}}': see docs/architecture.md#the-pwa-layers.",
        },
      },
      create(context) {
        const file = context.filename;
        const from = layerOf(file);
        if (!from || from === 'src-root') return {};
        const rules = LAYER_RULES[from];
        function check(node, source, typeOnly) {
          if (typeof source !== 'string') return;
          if (!source.startsWith('.')) {
            const banned = FORBIDDEN_PACKAGES[from];
            if (banned && banned.test(source)) context.report({ node, messageId: 'pkg', data: { from, source } });
            return;
          }
          const to = layerOf(resolve(dirname(file), source));
          if (!to || to === from) return;
          if (rules.may.includes(to)) return;
          if (rules.types?.includes(to)) {
            if (!typeOnly) context.report({ node, messageId: 'typeOnly', data: { from, to, source } });
            return;
          }
          context.report({ node, messageId: 'wall', data: { from, to, source } });
        }
        return importVisitors(check);
      },
    },
  },
};
