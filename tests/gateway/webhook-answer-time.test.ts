// A webhook attempt's time (docs/api-v1.md#webhooks): an answer that came within it is read as an
// answer even when the gateway's own loop was held up past it, and no answer at all is still cut.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook } from '../../server/src/integrations/webhooks/post';
import { systemLookup } from '../../server/src/integrations/webhooks/safe-url';

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

/** A receiver that answers each request, then (if asked) holds this process's loop for `holdMs`. */
async function receiver(answer: 'at-once' | 'never', holdMs = 0): Promise<URL> {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (answer === 'never') return;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      // The answer is in the socket; the loop is busy elsewhere until after the attempt's time.
      const until = performance.now() + holdMs;
      while (performance.now() < until);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
}

const options = (timeoutMs: number) => ({ timeoutMs, publicOnly: false, resolve: systemLookup });

describe("a webhook attempt's time", () => {
  it('reads an answer that came in time though the loop was held up past the time', async () => {
    const url = await receiver('at-once', 600);
    const outcome = await postWebhook(url, {}, '{}', options(300));
    expect(outcome).toMatchObject({ statusCode: 200, error: '', timedOut: false });
  });

  it('still cuts an attempt that has no answer', async () => {
    const url = await receiver('never');
    const outcome = await postWebhook(url, {}, '{}', options(300));
    expect(outcome).toMatchObject({ statusCode: null, timedOut: true });
    expect(outcome.error).toMatch(/^No answer within/);
  });
});
