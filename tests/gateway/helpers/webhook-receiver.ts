import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

// A local webhook receiver on 127.0.0.1 (allowed in dev and test mode only): each path is an endpoint
// with its secret and the answers it gives in turn; every request is kept with whether its signature
// verifies with the standardwebhooks package.

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, any> };
  verified: boolean;
}

/** An answer: a status; 'hang' (never answer); 'stream' (200, then a body without end); 'redirect' (302 to /elsewhere). */
type Answer = number | 'hang' | 'stream' | 'redirect';

export interface Receiver {
  url(path: string): string;
  /** The secret a path's requests are verified with. */
  secretFor(path: string, secret: string): void;
  /** The answers a path gives in turn; the last one repeats (200 when none). */
  answer(path: string, ...answers: Answer[]): void;
  /** A path's answer chosen for each request by what it received (in place of the answers above). */
  answerBy(path: string, decide: (received: Received) => Answer): void;
  received: Received[];
  on(path: string): Received[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const secrets = new Map<string, string>();
  const scripts = new Map<string, Answer[]>();
  const deciders = new Map<string, (received: Received) => Answer>();
  const received: Received[] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: boolean;
      try {
        new Webhook(secrets.get(path) ?? 'whsec_AAAA').verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      const request: Received = { path, headers: req.headers, body, json: JSON.parse(body), verified };
      received.push(request);
      const script = scripts.get(path) ?? [];
      const decide = deciders.get(path);
      const answer = decide ? decide(request) : script.length > 1 ? script.shift()! : (script[0] ?? 200);
      if (answer === 'hang') {
        const end = () => res.destroy();
        hanging.add(end);
        res.on('close', () => hanging.delete(end));
        return;
      }
      if (answer === 'redirect') {
        res.writeHead(302, { location: '/elsewhere' }).end();
        return;
      }
      if (answer === 'stream') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('x'.repeat(1024)), 5);
        hanging.add(() => clearInterval(timer));
        res.on('close', () => clearInterval(timer));
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end('x'.repeat(10_000));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    secretFor: (path, secret) => secrets.set(path, secret),
    answer: (path, ...answers) => scripts.set(path, answers),
    answerBy: (path, decide) => deciders.set(path, decide),
    received,
    on: (path) => received.filter((r) => r.path === path),
    async close() {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
