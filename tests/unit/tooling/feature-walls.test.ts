import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** Lints source text as if it were the file at `path`, and returns the rule ids it breaks. */
async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('a feature folder may not import another feature folder', () => {
  it.each([
    [
      'src/features/messages/x.tsx',
      'messages reaching into send',
      "import { SendScreen } from '../send/send-screen';\nexport const y = SendScreen;\n",
    ],
    [
      'src/features/profile/x.tsx',
      'a lazy import of another feature',
      "export const y = () => import('../clients/clients-card');\n",
    ],
  ])('%s: refused, %s', async (path, _why, code) => {
    expect(await ruleIds(path, code)).toContain('features/no-cross-feature');
  });

  it.each([
    [
      'src/features/messages/x.tsx',
      "import { LIST_KINDS } from './list-kinds';\nimport { DATE_TIME_PICKER_PROPS } from '../../ui/date-picker-props';\nexport const y = [LIST_KINDS, DATE_TIME_PICKER_PROPS];\n",
    ],
    ['src/app/x.tsx', "import { SendScreen } from '../features/send/send-screen';\nexport const y = SendScreen;\n"],
  ])('%s: an allowed import passes', async (path, code) => {
    expect(await ruleIds(path, code)).not.toContain('features/no-cross-feature');
  });
});
