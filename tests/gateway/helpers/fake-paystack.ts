import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Paystack's transaction API, speaking its documented request and answer
// shapes (initialize, verify, charge_authorization, the hosted payment page, signed webhook events), so the gateway's
// PAYSTACK_BASE_URL can point at it in tests. Outcomes are set by the test or on its page.

export type PaystackStatus = 'abandoned' | 'success' | 'failed' | 'ongoing' | 'reversed';

export interface FakeTransaction {
  reference: string;
  accessCode: string;
  secretKey: string;
  email: string;
  /** Pesewas, as initialized. */
  amount: number;
  currency: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
  status: PaystackStatus;
  /** What a success reports as paid, when a test makes it differ from what was initialized. */
  paid?: { amount: number; currency: string };
  /** How it was paid: a card leaves a reusable authorization, mobile money one that is not. */
  channel: 'card' | 'mobile_money';
  /** The authorization a success leaves (a card's may be charged again: charge_authorization). */
  authorizationCode: string;
}

export interface FakePaystack {
  url: string;
  transactions: Map<string, FakeTransaction>;
  /** Initialize calls seen, in order (bodies as sent). */
  initializeBodies: Record<string, unknown>[];
  verifyCalls: number;
  /** charge_authorization calls seen, in order (bodies as sent). */
  chargeBodies: Record<string, unknown>[];
  /** What the next charge_authorization calls answer, in order; then 'success'. 'lost': charged, but the answer never arrives. */
  chargeOutcomes: ('success' | 'failed' | 'lost')[];
  /** Sets how a transaction is paid (before its success): by card (the default) or mobile money. */
  payWith(reference: string, channel: FakeTransaction['channel']): void;
  /** Sets what verify (and the page) reports for a reference. */
  settle(reference: string, status: PaystackStatus, paid?: { amount: number; currency: string }): void;
  /** A webhook event for a transaction, as Paystack would sign it (or with another key). */
  event(reference: string, options?: { event?: string; signWith?: string }): { body: string; signature: string };
  /** The only transaction initialized so far (most tests start one). */
  only(): FakeTransaction;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in on a free port; `secretKeys` are the integrations' keys it accepts. */
export async function startFakePaystack(secretKeys: readonly string[]): Promise<FakePaystack> {
  const keys = new Set(secretKeys);
  const transactions = new Map<string, FakeTransaction>();
  const byCode = new Map<string, FakeTransaction>();
  const initializeBodies: Record<string, unknown>[] = [];
  const chargeBodies: Record<string, unknown>[] = [];
  const chargeOutcomes: ('success' | 'failed' | 'lost')[] = [];
  let url = '';
  let verifyCalls = 0;

  const verifiedData = (tx: FakeTransaction) => {
    const paid = tx.status === 'success' && tx.paid ? tx.paid : { amount: tx.amount, currency: tx.currency };
    return {
      id: 1000 + [...transactions.keys()].indexOf(tx.reference),
      domain: 'test',
      status: tx.status,
      reference: tx.reference,
      amount: paid.amount,
      currency: paid.currency,
      gateway_response: { success: 'Successful', failed: 'Declined', abandoned: 'The transaction was not completed' }[
        tx.status as 'success'
      ],
      paid_at: tx.status === 'success' ? new Date().toISOString() : null,
      channel: tx.channel,
      metadata: tx.metadata,
      customer: { email: tx.email },
      authorization:
        tx.status === 'success'
          ? {
              authorization_code: tx.authorizationCode,
              reusable: tx.channel === 'card',
              channel: tx.channel,
              ...(tx.channel === 'card'
                ? { card_type: 'visa ', brand: 'visa', last4: '4081', bin: '408408' }
                : { brand: 'MTN', last4: '0001' }),
            }
          : null,
    };
  };

  /** POST /transaction/charge_authorization: a card authorization this key was given, charged under a new reference. */
  async function charge(key: string, req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    chargeBodies.push(body);
    const amount = Number(body.amount);
    const reference = String(body.reference ?? '');
    const card = [...transactions.values()].find(
      (t) => t.secretKey === key && t.status === 'success' && t.authorizationCode === body.authorization_code,
    );
    if (!card || card.channel !== 'card' || card.email !== body.email)
      return json(res, 400, { status: false, message: 'Invalid authorization code' });
    if (!Number.isInteger(amount) || amount < 1)
      return json(res, 400, { status: false, message: 'Invalid Amount Sent' });
    if (!/^[A-Za-z0-9.=-]+$/.test(reference) || transactions.has(reference))
      return json(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
    const outcome = chargeOutcomes.shift() ?? 'success';
    const tx: FakeTransaction = {
      ...card,
      reference,
      accessCode: randomBytes(8).toString('hex'),
      amount,
      currency: String(body.currency ?? card.currency),
      metadata: {},
      status: outcome === 'failed' ? 'failed' : 'success',
      paid: undefined,
    };
    transactions.set(reference, tx);
    if (outcome === 'lost') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html>Bad gateway</html>');
    }
    return json(res, 200, { status: true, message: 'Charge attempted', data: verifiedData(tx) });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';

    const page = /^\/checkout\/([a-z0-9]+)(?:\/(pay|fail|cancel))?$/.exec(path);
    if (req.method === 'GET' && page) {
      const tx = byCode.get(page[1]!);
      if (!tx) return json(res, 404, { status: false, message: 'Not found' });
      const action = page[2];
      if (!action) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><title>Paystack (test)</title><h1>Pay GHS ${(tx.amount / 100).toFixed(2)}</h1>` +
            `<a href="/checkout/${tx.accessCode}/pay">Pay</a> <a href="/checkout/${tx.accessCode}/fail">Fail</a> ` +
            `<a href="/checkout/${tx.accessCode}/cancel">Cancel</a>`,
        );
      }
      if (action === 'cancel') {
        res.writeHead(302, { location: String(tx.metadata.cancel_action ?? tx.callbackUrl) });
        return res.end();
      }
      tx.status = action === 'pay' ? 'success' : 'failed';
      const back = new URL(tx.callbackUrl);
      back.searchParams.set('trxref', tx.reference);
      back.searchParams.set('reference', tx.reference);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    if (!keys.has(key)) return json(res, 401, { status: false, message: 'Invalid key' });

    if (req.method === 'POST' && path === '/transaction/initialize') {
      if (!/^application\/json/.test(req.headers['content-type'] ?? '')) {
        return json(res, 400, { status: false, message: 'Content-Type must be application/json' });
      }
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      initializeBodies.push(body);
      const amount = Number(body.amount);
      const reference = String(body.reference ?? '');
      if (typeof body.email !== 'string' || !body.email.includes('@')) {
        return json(res, 400, { status: false, message: 'Invalid Email Address Passed' });
      }
      if (!Number.isInteger(amount) || amount < 1)
        return json(res, 400, { status: false, message: 'Invalid Amount Sent' });
      if (!/^[A-Za-z0-9.=-]+$/.test(reference)) return json(res, 400, { status: false, message: 'Invalid reference' });
      if (transactions.has(reference)) {
        return json(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
      }
      const accessCode = randomBytes(8).toString('hex');
      const tx: FakeTransaction = {
        reference,
        accessCode,
        secretKey: key,
        email: body.email,
        amount,
        currency: String(body.currency ?? 'NGN'),
        callbackUrl: String(body.callback_url ?? ''),
        metadata: (body.metadata as Record<string, unknown>) ?? {},
        status: 'abandoned',
        channel: 'card',
        authorizationCode: `AUTH_${randomBytes(5).toString('hex')}`,
      };
      transactions.set(reference, tx);
      byCode.set(accessCode, tx);
      return json(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${url}/checkout/${accessCode}`, access_code: accessCode, reference },
      });
    }

    if (req.method === 'POST' && path === '/transaction/charge_authorization') return charge(key, req, res);

    const verify = /^\/transaction\/verify\/(.+)$/.exec(path);
    if (req.method === 'GET' && verify) {
      verifyCalls += 1;
      const tx = transactions.get(decodeURIComponent(verify[1]!));
      // Another integration's reference is as unknown as a made-up one.
      if (!tx || tx.secretKey !== key)
        return json(res, 400, { status: false, message: 'Transaction reference not found' });
      return json(res, 200, { status: true, message: 'Verification successful', data: verifiedData(tx) });
    }
    return json(res, 404, { status: false, message: 'Not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { status: false, message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    transactions,
    initializeBodies,
    chargeBodies,
    chargeOutcomes,
    payWith(reference, channel) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`no transaction ${reference}`);
      tx.channel = channel;
    },
    get verifyCalls() {
      return verifyCalls;
    },
    settle(reference, status, paid) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`no transaction ${reference}`);
      tx.status = status;
      tx.paid = paid;
    },
    event(reference, options = {}) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`no transaction ${reference}`);
      const body = JSON.stringify({ event: options.event ?? 'charge.success', data: verifiedData(tx) });
      const signature = createHmac('sha512', options.signWith ?? tx.secretKey)
        .update(body)
        .digest('hex');
      return { body, signature };
    },
    only() {
      const all = [...transactions.values()];
      if (all.length !== 1) throw new Error(`${all.length} transactions, not one`);
      return all[0]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
