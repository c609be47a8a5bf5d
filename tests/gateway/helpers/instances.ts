// Several gateway processes over one PostgreSQL behind a reverse proxy
// (docs/operations.md#several-instances): each instance's ports, a restart on the same ports (as an
// orchestrator brings an instance back behind the proxy), and the integrators' API called through the
// proxy, retried as a client retries a 502 or 503 with its Idempotency-Key.
import { request } from 'node:http';
import type { RunningGateway } from '../../e2e/support/gateway';
import { apiLogin } from '../../e2e/support/api-accounts';
import type { BoundGateways } from './gateway-process';
import { eventually } from './eventually';
import type { RoundRobinProxy } from './round-robin-proxy';

export interface Instance {
  gateway: RunningGateway;
  port: number;
  smppPort: number;
}

const smppPortIn = (output: string) => Number(/SMPP:\s+\S+:(\d+)/.exec(output)?.[1]);

/** One more gateway of the set; on `ports` when given (a restart where the proxy and customers expect it). */
export async function startInstance(
  set: BoundGateways,
  ports?: { port: number; smppPort: number },
  env: Record<string, string> = {},
): Promise<Instance> {
  const gateway = await set.start({
    ...env,
    ...(ports ? { PORT: String(ports.port), SMPP_PORT: String(ports.smppPort) } : {}),
  });
  const smppPort = smppPortIn(gateway.output());
  if (!(smppPort > 0)) throw new Error(`no SMPP port in the start lines:\n${gateway.output()}`);
  return { gateway, port: gateway.port, smppPort };
}

/** The proxy as the e2e helpers take a gateway: its address, a page's domain as the Host header. */
export const behind = (proxy: RoundRobinProxy) =>
  ({ url: (path = '/', host = 'localhost') => `http://${host}:${proxy.port}${path}` }) as RunningGateway;

export type Json = Record<string, any>;

function once(
  proxy: RoundRobinProxy,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        path,
        method,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: text.startsWith('{') ? (JSON.parse(text) as Json) : {} });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface V1Client {
  /** A call of /smsgateway/api/v1 through the proxy, tried again on a 502, a 503 or a cut connection. */
  call(
    method: 'GET' | 'POST',
    path: string,
    options?: { body?: unknown; idempotencyKey?: string },
  ): Promise<{ status: number; body: Json; tries: number }>;
}

/** The API v1 through the proxy with a key or session token, on the domain `host`. */
export function v1Through(proxy: RoundRobinProxy, auth: string, host = 'localhost'): V1Client {
  return {
    async call(method, path, options = {}) {
      let tries = 0;
      const headers: Record<string, string> = {
        host: `${host}:${proxy.port}`,
        authorization: `Bearer ${auth}`,
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      };
      const answer = await eventually(async () => {
        tries += 1;
        const res = await once(proxy, method, `/smsgateway/api/v1${path}`, headers, options.body);
        if (res.status === 502 || res.status === 503) throw new Error(`${method} ${path}: ${res.status}`);
        return res;
      }, 60_000);
      return { ...answer, tries };
    },
  };
}

/** A session token of `username` signed in through the proxy. */
export async function sessionThrough(proxy: RoundRobinProxy, username: string, password: string, host = 'localhost') {
  const info = await apiLogin(behind(proxy), username, password, host);
  return String(info.token);
}
