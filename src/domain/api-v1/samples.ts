// Copyable samples of each API operation (docs/api-v1.md), made from the served OpenAPI document.

export type SampleLanguage = 'curl' | 'javascript' | 'php' | 'python';
export const SAMPLE_LANGUAGES: ReadonlyArray<{ value: SampleLanguage; label: string }> = [
  { value: 'curl', label: 'curl' },
  { value: 'javascript', label: 'JavaScript' },
  { value: 'php', label: 'PHP' },
  { value: 'python', label: 'Python' },
];

export interface SampleOperation {
  operationId: string;
  method: string;
  /** The document's path from the host's root (the API's prefix included), with `{name}` parameters. */
  path: string;
  summary: string;
  hasBody: boolean;
}

/** A body worth sending for each operation that takes one. */
export const EXAMPLE_BODIES: Record<string, unknown> = {
  sendMessages: {
    from: 'YOURID',
    to: ['233241234567', '233201234567'],
    text: 'Your order 1001 has shipped',
    reference: 'order-1001',
  },
  addOptOuts: { numbers: ['233241234567'] },
  createApiKey: { name: 'Shop server', scopes: ['messages:send', 'messages:read'] },
  createWebhookEndpoint: {
    url: 'https://shop.example.com/sms-events',
    events: ['message.delivered', 'message.failed'],
  },
  rotateWebhookSecret: {},
  updateSmppAccess: { maxBinds: 2, throughput: 50, allowedIps: ['203.0.113.7'] },
  setApiKeyCap: { dailyCap: 5000 },
  createTemplate: {
    name: 'Order shipped',
    text: 'Hello {firstname}, order {order} has shipped',
    category: 'transactional',
  },
  updateTemplate: { text: 'Hello {firstname}, your order {order} is on its way' },
};

/** Example values of path parameters and of required query parameters. */
const PARAMS: Record<string, string> = {
  messageId: 'msg_9121',
  batchId: 'bat_812',
  keyId: 'key_0a1b2c3d4e5f6a7b',
  endpointId: 'we_0a1b2c3d4e5f6a7b',
  deliveryId: 'whd_0a1b2c3d4e5f6a7b8c9d0e1f',
  number: '233241234567',
  month: '2026-11',
  templateId: '5f0c7a52-3c1e-4b8e-9a43-2d6f1e0b7c91',
};
const QUERIES: Record<string, string> = { removeOptOut: '?reason=Asked%20to%20receive%20offers%20again' };

const IDEMPOTENT = new Set(['sendMessages']);

/** The operations of an OpenAPI document, in its order. */
export function operationsOf(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): SampleOperation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      operationId: String(op['operationId'] ?? `${method} ${path}`),
      method: method.toUpperCase(),
      path,
      summary: String(op['summary'] ?? ''),
      hasBody: op['requestBody'] !== undefined,
    })),
  );
}

const urlOf = (origin: string, op: SampleOperation) =>
  `${origin}${op.path.replace(/\{(\w+)\}/g, (_, name: string) => PARAMS[name] ?? `{${name}}`)}${QUERIES[op.operationId] ?? ''}`;

const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

/**
 * The sample of one operation in one language, calling the host at `origin` (`https://sms.example.com`:
 * the document's paths carry the API's prefix) with the key in SMS_API_KEY.
 */
export function sampleFor(op: SampleOperation, language: SampleLanguage, origin: string): string {
  const url = urlOf(origin, op);
  const body = op.hasBody ? JSON.stringify(EXAMPLE_BODIES[op.operationId] ?? {}, null, 2) : null;
  const idempotent = IDEMPOTENT.has(op.operationId);
  switch (language) {
    case 'curl':
      return [
        `curl -X ${op.method} '${url}' \\`,
        `  -H "Authorization: Bearer $SMS_API_KEY"${idempotent || body ? ' \\' : ''}`,
        ...(idempotent ? [`  -H 'Idempotency-Key: order-1001'${body ? ' \\' : ''}`] : []),
        ...(body ? [`  -H 'Content-Type: application/json' \\`, `  -d '${body.replace(/'/g, "'\\''")}'`] : []),
      ].join('\n');
    case 'javascript':
      return [
        `const res = await fetch('${url}', {`,
        `  method: '${op.method}',`,
        `  headers: {`,
        `    Authorization: \`Bearer \${process.env.SMS_API_KEY}\`,`,
        ...(idempotent ? [`    'Idempotency-Key': 'order-1001',`] : []),
        ...(body ? [`    'Content-Type': 'application/json',`] : []),
        `  },`,
        ...(body ? [`  body: JSON.stringify(${indent(body, '  ')}),`] : []),
        `});`,
        `const answer = await res.json();`,
        `if (!res.ok) throw new Error(answer.error.message);`,
      ].join('\n');
    case 'php':
      return [
        `<?php`,
        `$ch = curl_init('${url}');`,
        `curl_setopt($ch, CURLOPT_CUSTOMREQUEST, '${op.method}');`,
        `curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);`,
        `curl_setopt($ch, CURLOPT_HTTPHEADER, [`,
        `    'Authorization: Bearer ' . getenv('SMS_API_KEY'),`,
        ...(idempotent ? [`    'Idempotency-Key: order-1001',`] : []),
        ...(body ? [`    'Content-Type: application/json',`] : []),
        `]);`,
        ...(body
          ? [`curl_setopt($ch, CURLOPT_POSTFIELDS, '${body.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}');`]
          : []),
        `$answer = json_decode(curl_exec($ch), true);`,
        `$status = curl_getinfo($ch, CURLINFO_HTTP_CODE);`,
        `if ($status >= 400) throw new Exception($answer['error']['message']);`,
      ].join('\n');
    case 'python':
      return [
        `import os, requests`,
        ``,
        `res = requests.request(`,
        `    "${op.method}",`,
        `    "${url}",`,
        `    headers={`,
        `        "Authorization": f"Bearer {os.environ['SMS_API_KEY']}",`,
        ...(idempotent ? [`        "Idempotency-Key": "order-1001",`] : []),
        `    },`,
        ...(body ? [`    json=${pythonLiteral(EXAMPLE_BODIES[op.operationId] ?? {}, '    ')},`] : []),
        `    timeout=30,`,
        `)`,
        `answer = res.json()`,
        `if not res.ok:`,
        `    raise RuntimeError(answer["error"]["message"])`,
      ].join('\n');
  }
}

/** A JSON value written as a Python literal (True/False/None), indented. */
function pythonLiteral(value: unknown, by: string): string {
  const json = JSON.stringify(value, null, 4);
  return indent(
    json.replace(/\b(true|false|null)\b(?=(?:[^"]*"[^"]*")*[^"]*$)/g, (w) =>
      w === 'true' ? 'True' : w === 'false' ? 'False' : 'None',
    ),
    by,
  );
}
