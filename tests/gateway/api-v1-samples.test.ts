// The Developers page's code samples (src/domain/api-v1/samples.ts) cover every operation of the served
// OpenAPI document, and each example body is one the operation's own schema accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { openApi } from './helpers/api-v1';
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
        const code = sampleFor(op, value, 'https://sms.example.com/smsgateway/api/v1');
        expect(code, `${op.operationId} ${value}`).toContain(op.method);
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
