// The gateway's log (docs/operations.md#logs): one JSON line per event from Fastify's logger, with a
// request id that follows a send into the carrier's lines and the account's id, and never a password,
// token, key, code or message text, whatever the requests carried.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { call, login, useTestGateway } from './helpers/test-app';
import { sendItem } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { readableLine } from '../../server/src/http/log-format';
import { logSettings } from '../../server/src/http/log-config';

const PASSWORD = 'demo12345';
const TEXT = 'Harvest festival: bring your own basket, gates open at seven';

type Line = Record<string, any>;

describe('logs', () => {
  const { open } = useTestGateway();

  it('hold ids and never a password, token, key, code or text', async () => {
    const written: string[] = [];
    const gw = await open({
      logging: { level: 'debug', readable: false, destination: { write: (chunk) => written.push(chunk) } },
      logRequests: true,
    });
    const lines = () =>
      written
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Line);

    // A wrong password, then a sign-in.
    const refused = await call(gw, 'login', { emailusername: 'demouser', password: 'not-the-password-9' });
    expect(refused.status).toBe(401);
    const me = await login(gw, 'demouser', PASSWORD);

    // A send with its text, its parts taken by the carrier.
    const sent = await call(
      gw,
      '/smsgateway/api/sendsms',
      { messageobject: [sendItem({ shortMessage: TEXT })] },
      {
        token: me.token,
        headers: { 'x-request-id': 'proxy-request-0001' },
      },
    );
    expect(sent.status).toBe(200);
    expect(sent.headers['x-request-id']).toBe('proxy-request-0001');
    await tickCarrier(gw.ctx);

    // An API key made and used.
    const key = await makeKey(gw, me.token);
    expect((await v1(gw, 'GET', '/balance', { auth: key.secret })).status).toBe(200);

    // Two-step turned on with a code, then a sign-in with the next code.
    const started = await call(gw, 'twostepstart', { profile_id: me.profile_id }, { token: me.token });
    const secret = started.body.secret as string;
    const firstCode = await generate({ secret, epoch: Math.floor(gw.clock.now / 1000) });
    const confirmed = await call(
      gw,
      'twostepconfirm',
      { profile_id: me.profile_id, code: firstCode },
      { token: me.token },
    );
    expect(confirmed.status).toBe(200);
    gw.clock.advance(30_000);
    const challenge = await call(gw, 'login', { emailusername: 'demouser', password: PASSWORD });
    const secondCode = await generate({ secret, epoch: Math.floor(gw.clock.now / 1000) });
    const signedIn = await call(gw, 'logincode', { challenge: challenge.body.challenge, code: secondCode });
    expect(signedIn.status).toBe(200);

    const all = lines();
    const text = written.join('');
    expect(me.token && key.secret && secret).toBeTruthy();
    for (const secretText of [PASSWORD, 'not-the-password-9', me.token, key.secret, secret, TEXT, 'Harvest']) {
      expect(text).not.toContain(secretText);
    }
    for (const code of [firstCode, secondCode, ...(confirmed.body.recoveryCodes as string[])]) {
      expect(text).not.toMatch(new RegExp(`(^|[^0-9A-Za-z])${code}([^0-9A-Za-z]|$)`));
    }

    // Every request has its line: method, path without query, status, time, request id; the account once known.
    const requests = all.filter((l) => l.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(8);
    for (const l of requests)
      expect(l).toMatchObject({ level: 30, reqId: expect.any(String), status: expect.any(Number) });
    const sendLine = requests.find((l) => l.req.url === '/smsgateway/api/sendsms')!;
    expect(sendLine).toMatchObject({ reqId: 'proxy-request-0001', accountId: me.profile_id, status: 200 });

    // The send's request id and account are on its acceptance, whose send id the carrier's line names.
    const accepted = all.find((l) => l.msg === 'send accepted')!;
    expect(accepted).toMatchObject({
      reqId: 'proxy-request-0001',
      accountId: me.profile_id,
      messageId: sent.body.message_id,
    });
    const claimed = all.find((l) => l.msg === 'carrier: parts claimed')!;
    expect(claimed).toMatchObject({ level: 20, messageIds: [sent.body.message_id] });
  });

  it('LOG_LEVEL and the readable form of dev mode', () => {
    expect(logSettings({}, false)).toEqual({ level: 'info', readable: false });
    expect(logSettings({}, true)).toEqual({ level: 'info', readable: true });
    expect(logSettings({ LOG_LEVEL: 'DEBUG', LOG_FORMAT: 'json' }, true)).toEqual({ level: 'debug', readable: false });
    expect(() => logSettings({ LOG_LEVEL: 'loud' }, false)).toThrow(
      "LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent; it is 'loud'",
    );
    expect(() => logSettings({ LOG_FORMAT: 'xml' }, false)).toThrow("LOG_FORMAT must be json or readable; it is 'xml'");
    const at = Date.UTC(2026, 10, 20, 10, 0, 1, 250);
    expect(
      readableLine(
        JSON.stringify({
          level: 30,
          time: at,
          pid: 1,
          hostname: 'h',
          reqId: 'r1',
          accountId: 7,
          msg: 'send accepted',
          messageId: 42,
        }),
      ),
    ).toBe('10:00:01.250 INFO  send accepted reqId=r1 accountId=7 messageId=42');
    expect(
      readableLine(
        JSON.stringify({ level: 50, time: at, msg: 'tick failed', err: { stack: 'Error: boom\n    at x' } }),
      ),
    ).toBe('10:00:01.250 ERROR tick failed\n  Error: boom\n    at x');
  });
});
