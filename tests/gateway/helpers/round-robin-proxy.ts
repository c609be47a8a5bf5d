// A reverse proxy in the test process, as docs/operations.md#several-instances puts nginx in front of
// the instances: each request goes to the next upstream in turn, the Host header intact; an upstream
// that refuses the connection (a dead instance) is skipped for the next one, as nginx's
// `proxy_next_upstream error` does (the request never reached it); any other failure is a 502.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  port: number;
  url(path: string): string;
  /** Requests each upstream port answered. */
  answeredBy: Map<number, number>;
  /** Requests handed to an upstream so far (answered or not). */
  forwarded(): number;
  close(): Promise<void>;
}

function forward(req: IncomingMessage, body: Buffer, port: number): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const upstream = request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      resolve,
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

/** A proxy on a free loopback port over `upstreams` (ports on 127.0.0.1), tried in turn. */
export async function startRoundRobinProxy(upstreams: readonly number[]): Promise<RoundRobinProxy> {
  let next = 0;
  let forwarded = 0;
  const answeredBy = new Map<number, number>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    for (let tried = 0; tried < upstreams.length; tried += 1) {
      const port = upstreams[next++ % upstreams.length]!;
      try {
        forwarded += 1;
        const answer = await forward(req, body, port);
        answeredBy.set(port, (answeredBy.get(port) ?? 0) + 1);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') continue;
        break;
      }
    }
    res.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream answered');
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    answeredBy,
    forwarded: () => forwarded,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
