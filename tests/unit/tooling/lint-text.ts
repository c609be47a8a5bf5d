import { ESLint } from 'eslint';
import { resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../../..');
export const eslint = new ESLint({ cwd: root });

/** Lints source text as if it were the file at `path`, and returns the rule ids it breaks. */
export async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}
