import { request } from 'node:http';
import type { RunningGateway } from './gateway';
import { signupForm, type NewAccount } from '../../unit/support/factories';
import { carrierMessages, codeIn } from './carrier';

type Json = Record<string, any>;

/**
 * POST a frontend call as the PWA would: a bearer token and the Host of the page's domain (Node does not
 * resolve *.localhost as browsers do, so the request goes to the loopback address with that Host).
 */
export function apiCall(
  gateway: RunningGateway,
  path: string,
  body: unknown,
  token?: string,
  host = 'localhost',
): Promise<Json> {
  const url = new URL(gateway.url(path.startsWith('/') ? path : `/smsgateway/api/frontend/${path}`));
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          host: `${host}:${url.port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text ? (JSON.parse(text) as Json) : {}));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs in through the API: the userInfo with its token. */
export async function apiLogin(
  gateway: RunningGateway,
  who: string,
  password: string,
  host = 'localhost',
): Promise<Json> {
  const answer = await apiCall(
    gateway,
    'login',
    { emailusername: who, password, domain: host, domain_supid: 0, humanKey: '' },
    undefined,
    host,
  );
  if (!answer.userInfo) throw new Error(`login ${who} failed: ${JSON.stringify(answer)}`);
  return answer.userInfo;
}

/**
 * A new account signed up through the API as the sign-up screen does it (Ghana number, SMS code read
 * from the dev inbox), under the domain of `host`. Answers its userInfo.
 */
export async function apiSignUp(gateway: RunningGateway, who: NewAccount, host = 'localhost'): Promise<Json> {
  const temporal = await apiCall(
    gateway,
    '/smsgateway/api/temporalsignup',
    signupForm(who, { domain: host }),
    undefined,
    host,
  );
  if (!temporal.id) throw new Error(`temporalsignup failed: ${JSON.stringify(temporal)}`);
  const sent = await apiCall(
    gateway,
    'sendsmscode',
    { phone: who.phone, subscriber: temporal.id, supid: 0 },
    undefined,
    host,
  );
  const [sms] = await carrierMessages(gateway, who.phone);
  const code = codeIn(sms?.text);
  const verified = await apiCall(
    gateway,
    'verifysmscode',
    { codeId: sent.codeId, code, temporalid: temporal.id, country: 'Ghana' },
    undefined,
    host,
  );
  if (!verified.userInfo) throw new Error(`verifysmscode failed: ${JSON.stringify(verified)}`);
  return verified.userInfo;
}

/** POST sendsms with a bearer (a session token or an API key), as the PWA or an integration does. */
export const apiSend = (gateway: RunningGateway, bearer: string, items: unknown[]) =>
  apiCall(gateway, '/smsgateway/api/sendsms', { messageobject: items }, bearer);
