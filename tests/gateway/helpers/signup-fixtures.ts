// Sign-up fixtures shared by the sign-up tests.
import { expect } from 'vitest';
import { call, lastTextTo, type TestGateway } from './test-app';

export const WRONG_CODE_ANSWER = { isVerified: false };

let seq = 0;
/** A sign-up form that passes every check; each call gets its own name, e-mail and number. */
export function form(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    username: `newuser${seq}`,
    cname: 'New Co',
    email: `new${seq}@example.com`,
    phone: `23320555${String(seq).padStart(4, '0')}`,
    country: 'Ghana',
    password: 'secret1',
    cpassword: 'secret1',
    referralcode: '',
    humanKey: '',
    supid: 999,
    domain: 'ignored.example',
    ...overrides,
  };
}

export const temporal = (gw: TestGateway, body: Record<string, unknown>, host = 'localhost', remoteAddress?: string) =>
  call(gw, '/smsgateway/api/temporalsignup', body, { host, remoteAddress });

export async function codeFor(gw: TestGateway, phone: string) {
  const sms = await lastTextTo(gw, phone);
  return /\b(\d{4})\b/.exec(sms?.text ?? '')?.[1] ?? '';
}

/** Starts a Ghana sign-up and sends its first code: the ids and the code from the carrier. */
export async function started(gw: TestGateway, overrides: Record<string, unknown> = {}, host = 'localhost') {
  const body = form(overrides);
  const t = await temporal(gw, body, host);
  expect(t.body.error).toEqual({ status: 'successful' });
  const sent = await call(gw, 'sendsmscode', { phone: body.phone, subscriber: t.body.id, supid: 6 }, { host });
  expect(sent.body).toMatchObject({ status: 'successful' });
  return { body, id: t.body.id as string, codeId: sent.body.codeId as number, code: await codeFor(gw, body.phone) };
}

export const verify = (gw: TestGateway, s: { id: string; codeId: number }, code: string, host = 'localhost') =>
  call(gw, 'verifysmscode', { codeId: s.codeId, code, temporalid: s.id, country: 'Ghana' }, { host });

export const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
