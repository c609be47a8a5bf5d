// The Developers page's code samples (src/domain/api-v1/samples.ts) cover every operation of the served
// OpenAPI document, each example body is one the operation's own schema accepts, and the curl and
// JavaScript samples run as shown against a listening gateway.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeTestApp, tokenFor, type TestGateway } from './helpers/test-app';
import { makeKey, openApi } from './helpers/api-v1';
import { fundedAccount } from './helpers/messaging';
import { EXAMPLE_BODIES, operationsOf, sampleFor, SAMPLE_LANGUAGES } from '../../src/domain/api-v1/samples';

let gw: TestGateway;
let doc: Awaited<ReturnType<typeof openApi>> & { paths: Record<string, Record<string, any>> };
beforeAll(async () => {
  gw = await makeTestApp();
  doc = (await openApi(gw)) as typeof doc;
});
afterAll(() => gw.close());

describe('code samples', () => {
  it('exist for every operation in every language, with no parameter left unfilled', () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(15);
    for (const op of ops)
      for (const { value } of SAMPLE_LANGUAGES) {
        const code = sampleFor(op, value, 'https://sms.example.com');
        expect(code, `${op.operationId} ${value}`).toContain(op.method);
        expect(code, `${op.operationId} ${value}`).toContain(`https://sms.example.com${op.path.split('{')[0]}`);
        expect(code, `${op.operationId} ${value}`).not.toContain('/api/v1/smsgateway');
        expect(code, `${op.operationId} ${value}`).not.toMatch(/\{[a-zA-Z]+\}/);
        expect(code).toContain('SMS_API_KEY');
      }
  });

  it('give each operation that takes a body an example its own schema accepts', () => {
    for (const op of operationsOf(doc).filter((o) => o.hasBody)) {
      const schema = doc.paths[op.path]![op.method.toLowerCase()].requestBody.content['application/json'].schema;
      expect(EXAMPLE_BODIES, op.operationId).toHaveProperty(op.operationId);
      const parsed = z.fromJSONSchema(schema).safeParse(EXAMPLE_BODIES[op.operationId]);
      expect(parsed.success ? [] : parsed.error.issues, op.operationId).toEqual([]);
    }
  });
});

describe('the samples, run as shown', () => {
  const run = promisify(execFile);
  let origin: string;
  let key: string;
  let dir: string;
  beforeAll(async () => {
    await fundedAccount(gw, 'demouser', 100);
    const demo = await tokenFor(gw, 'demouser');
    key = (await makeKey(gw, demo.token)).secret;
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    const address = gw.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dir = mkdtempSync(join(tmpdir(), 'samples-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** What a sample printed or answered, as JSON; the account's own sender in place of YOURID. */
  async function runSample(operationId: string, language: 'curl' | 'javascript') {
    const op = operationsOf(doc).find((o) => o.operationId === operationId)!;
    const code = sampleFor(op, language, origin).replace('YOURID', 'DEMO');
    const env = { ...process.env, SMS_API_KEY: key };
    if (language === 'curl') {
      const { stdout } = await run('bash', ['-c', `${code} --silent`], { env });
      return JSON.parse(stdout) as Record<string, any>;
    }
    const file = join(dir, `${operationId}.mjs`);
    writeFileSync(file, `${code}\nconsole.log(JSON.stringify(answer));\n`);
    const { stdout } = await run(process.execPath, [file], { env });
    return JSON.parse(stdout) as Record<string, any>;
  }

  for (const language of ['curl', 'javascript'] as const) {
    it(`${language}: sends a message, reads it back and reads the balance`, async () => {
      const sent = await runSample('sendMessages', language);
      expect(sent.error).toBeUndefined();
      expect(sent).toMatchObject({ accepted: 2, rejected: 0, reference: 'order-1001' });
      const listed = await runSample('listMessages', language);
      expect(listed.error).toBeUndefined();
      expect(listed.data.map((m: { id: string }) => m.id)).toEqual(
        expect.arrayContaining(sent.messages.map((m: { messageId: string }) => m.messageId)),
      );
      const balance = await runSample('getBalance', language);
      expect(balance.error).toBeUndefined();
      expect(typeof balance.credits).toBe('number');
    });
  }
});
