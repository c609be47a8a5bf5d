import { describe, expect, it } from 'vitest';
import { eslint, root, ruleIds } from './lint-text';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

describe('the layer walls of docs/architecture.md are enforced by lint', () => {
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

describe('the gateway walls of server/src/README.md are enforced by lint', () => {
  it.each([
    [
      'server/src/messaging/x.ts',
      'an area knows nothing of HTTP',
      "import { post } from '../http/route';\nexport const y = post;\n",
    ],
    [
      'server/src/phonebook/x.ts',
      'an area uses no Fastify',
      "import Fastify from 'fastify';\nexport const y = Fastify;\n",
    ],
    [
      'server/src/messaging/x.ts',
      'an area imports no area of its rank or above',
      "import { acceptSend } from '../sending/accept-send';\nexport const y = acceptSend;\n",
    ],
    [
      'server/src/tenancy/x.ts',
      'areas of one rank do not import each other',
      "import { runs } from '../scheduler/runs';\nexport const y = runs;\n",
    ],
    [
      'server/src/smpp/x.ts',
      'the SMPP library imports no area',
      "import { TokenBucket } from '../carrier/token-bucket';\nexport const y = TokenBucket;\n",
    ],
    [
      'server/src/db/x.ts',
      'db imports no area',
      "import { partsSentSince } from '../messaging/volume';\nexport const y = partsSentSince;\n",
    ],
    [
      'server/src/accounts/x.ts',
      'nothing imports the composition files',
      "import { buildApp } from '../app';\nexport const y = buildApp;\n",
    ],
    [
      'server/src/payments/x.ts',
      'nothing but app.ts imports routes',
      "import { registerPaymentRoutes } from '../routes/payments';\nexport const y = registerPaymentRoutes;\n",
    ],
    [
      'server/src/routes/x.ts',
      'routes take only types from db',
      "import { pageOf } from '../db/queries';\nexport const y = pageOf;\n",
    ],
    [
      'server/src/routes/x.ts',
      'routes hold no queries',
      "export const y = (ctx: { db: { selectFrom(t: string): unknown } }) => ctx.db.selectFrom('users');\n",
    ],
  ])('%s: refused, %s', async (path, _why, code) => {
    expect(await ruleIds(path, code)).toContain('gateway/gateway-walls');
  });

  it.each([
    [
      'server/src/sending/x.ts',
      "import { refreshPreview } from '../messaging/message-store';\nexport const y = refreshPreview;\n",
    ],
    ['server/src/messaging/x.ts', "import { refuse } from '../core/errors';\nexport const y = refuse;\n"],
    ['server/src/carrier/x.ts', "import { wireSegments } from '../smpp/segments';\nexport const y = wireSegments;\n"],
    [
      'server/src/smpp-server/x.ts',
      "import { submitSmResp } from '../smpp/pdu-out';\nexport const y = submitSmResp;\n",
    ],
    [
      'server/src/routes/x.ts',
      "import type { UserRow } from '../db/schema-core';\nimport { ownGroups } from '../phonebook/groups';\nexport const y = (u: UserRow) => [ownGroups, u];\n",
    ],
    ['server/src/http/x.ts', "import { userForToken } from '../accounts/sessions';\nexport const y = userForToken;\n"],
    [
      'server/src/app.ts',
      "import { registerPaymentRoutes } from './routes/payments';\nexport const y = registerPaymentRoutes;\n",
    ],
  ])('%s: an allowed import passes', async (path, code) => {
    expect(await ruleIds(path, code)).not.toContain('gateway/gateway-walls');
  });

  it('refuses an import cycle anywhere in the tree', async () => {
    const dir = mkdtempSync(join(root, 'tests/unit/tooling/cycle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([join(dir, 'a.ts')]);
      expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
