// The Developers page's code samples (src/domain/api-v1/samples.ts) cover every operation of the served
// OpenAPI document, each example body is one the operation's own schema accepts, and the curl and
// JavaScript samples run as shown against a listening gateway.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeTestApp, tokenFor, type TestGateway } from './helpers/test-app';
import { makeKey, openApi, v1 } from './helpers/api-v1';
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
        // Each path parameter filled in (a template's example text has {placeholders} of its own).
        for (const param of op.path.match(/\{[a-zA-Z]+\}/g) ?? [])
          expect(code, `${op.operationId} ${value}`).not.toContain(param);
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

  it('curl: makes a template and lists it', async () => {
    const made = await runSample('createTemplate', 'curl');
    expect(made).toMatchObject({ name: 'Order shipped', placeholders: ['firstname', 'order'] });
    const listed = await runSample('listTemplates', 'curl');
    expect(listed.data.map((t: { id: string }) => t.id)).toContain(made.id);
  });

  it("docs/api-v1.md's template samples run as written: a template made, then sent filled in", async () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/api-v1.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Templates'), doc.indexOf('## Idempotency'));
    const [create, send] = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const shown = async (code: string) => {
      const env = { ...process.env, SMS_API_KEY: key };
      const { stdout } = await run(
        'bash',
        ['-c', `${code.replaceAll('https://sms.example.com', origin).trim()} --silent`],
        { env },
      );
      return JSON.parse(stdout) as Record<string, any>;
    };
    const made = await shown(create!);
    expect(made).toMatchObject({ category: 'transactional', placeholders: ['firstname', 'order'] });
    const sent = await shown(send!.replace('5f0c7a52-3c1e-4b8e-9a43-2d6f1e0b7c91', made.id).replace('MYSHOP', 'DEMO'));
    expect(sent).toMatchObject({ accepted: 1, rejected: 0 });
    const read = await v1(gw, 'GET', `/messages/${sent.messages[0].messageId}`, { auth: key });
    expect(read.body.text).toBe('Hello Ama, order 1001 has shipped');
  });
});
