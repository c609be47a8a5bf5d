import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { addressesOf, hostOf, isUnsafeAddress, type HostLookup } from './safe-url';

/** At most this much of an answer's body is read; the rest is dropped. */
export const RESPONSE_BODY_LIMIT = 4096;

export interface PostOutcome {
  /** The HTTP status, or null when none came (timeout, refused address, network error). */
  statusCode: number | null;
  durationMs: number;
  error: string;
  /** No answer came within the time given. */
  timedOut?: boolean;
}

export interface PostOptions {
  timeoutMs: number;
  /** Outside dev mode: only public addresses, checked on the addresses the socket connects to. */
  publicOnly: boolean;
  resolve: HostLookup;
}

/** The socket's look-up: the addresses it connects to are the ones checked, so a rebinding host gets nowhere. */
function checkedLookup(resolve: HostLookup, publicOnly: boolean): LookupFunction {
  return (hostname, options, callback) => {
    addressesOf(hostname, resolve).then(
      (found) => {
        const bad = found.length === 0 || (publicOnly && found.some((a) => isUnsafeAddress(a.address)));
        if (bad) {
          callback(
            Object.assign(new Error(`${hostname} resolves to an address webhooks may not reach`), { code: 'EUNSAFE' }),
            '',
            4,
          );
          return;
        }
        const wanted =
          options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]?.address ?? '', wanted[0]?.family ?? 4);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

/**
 * POSTs a webhook: redirects are not followed (a 3xx is a failure), the answer's body is read only to
 * RESPONSE_BODY_LIMIT, and the whole exchange is cut at timeoutMs. Never throws.
 */
export function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const host = hostOf(url);
  if (options.publicOnly && (url.protocol !== 'https:' || (isIP(host) !== 0 && isUnsafeAddress(host))))
    return Promise.resolve({
      statusCode: null,
      durationMs: 0,
      error: 'The URL is not an https URL on a public address',
    });
  return new Promise((done) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string, timedOut = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done({ statusCode, durationMs: elapsed(), error, timedOut });
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      lookup: checkedLookup(options.resolve, options.publicOnly),
      agent: false,
    });
    // The verdict waits for the loop's reading of what has arrived (setImmediate runs after it): a
    // gateway held up past the time must not blame a receiver whose answer is already in the socket.
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          finish(null, `No answer within ${Math.round(options.timeoutMs / 1000)} s`, true);
          req.destroy();
        }),
      options.timeoutMs,
    );
    req.on('response', (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > RESPONSE_BODY_LIMIT) res.destroy();
      });
      const end = () => {
        finish(res.statusCode ?? null, '');
        req.destroy();
      };
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish(null, error.code === 'EUNSAFE' ? error.message : `The request failed: ${error.code ?? error.message}`),
    );
    req.end(body);
  });
}
