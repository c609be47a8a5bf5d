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

describe('the layer walls of ARCHITECTURE.md are enforced by lint', () => {
  it.each([
    ['src/domain/x.ts', 'domain may not reach the database', "import { db } from '../db/db';\nexport const y = db;\n"],
    [
      'src/domain/x.ts',
      'domain stays free of React',
      "import { useState } from 'react';\nexport const y = useState;\n",
    ],
    [
      'src/features/x/y.tsx',
      'screens never call the API directly',
      "import { request } from '../../api/http';\nexport const y = request;\n",
    ],
    ['src/api/x.ts', 'api does not write the database', "import { db } from '../db/db';\nexport const y = db;\n"],
    [
      'src/db/x.ts',
      'db takes only types from api',
      "import { request } from '../api/http';\nexport const y = request;\n",
    ],
    [
      'sw/x.ts',
      'the service worker imports only domain rules',
      "import { db } from '../src/db/db';\nexport const y = db;\n",
    ],
    [
      'server/src/x.ts',
      'the gateway imports only src/domain',
      "import { request } from '../../src/api/http';\nexport const y = request;\n",
    ],
  ])('%s: refused, %s', async (path, _why, code) => {
    expect(await ruleIds(path, code)).toContain('layers/no-cross-layer');
  });

  it.each([
    [
      'src/features/x/y.tsx',
      "import { refreshDomain } from '../../sync/domain-sync';\nexport const y = refreshDomain;\n",
    ],
    [
      'src/db/x.ts',
      "import type { DomainDetailsAnswer } from '../api/domain-api';\nexport type Y = DomainDetailsAnswer;\n",
    ],
    ['server/src/x.ts', "import { smsParts } from '../../src/domain/sms';\nexport const y = smsParts;\n"],
  ])('%s: an allowed import passes', async (path, code) => {
    expect(await ruleIds(path, code)).not.toContain('layers/no-cross-layer');
  });

  it('refuses dangerouslySetInnerHTML and fetch outside src/api', async () => {
    const html = await ruleIds(
      'src/ui/x.tsx',
      'export const X = () => <div dangerouslySetInnerHTML={{ __html: "x" }} />;\n',
    );
    expect(html).toContain('no-restricted-syntax');
    const fetchCall = await ruleIds('src/sync/x.ts', "export const y = () => fetch('/x');\n");
    expect(fetchCall).toContain('no-restricted-globals');
  });
});
