// Real gateway processes on one database against the test SMSC: one killed (SIGKILL) in the
// middle of a send and started again, and two running side by side. Nothing is sent twice; what may
// have gone out when the process died is in doubt, at most one window. SQLite file or PostgreSQL.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway, type RunningGateway } from '../e2e/support/gateway';
import { apiCall, apiLogin, apiSend } from '../e2e/support/api-accounts';
import { FakeSmsc } from './helpers/fake-smsc';
import { freshPostgres } from './helpers/test-app';
import { reassemble } from '../../server/src/smpp/concatenation';

const WINDOW = 10;
const TEXT =
  'Akwaaba! Your harvest cooperative meets on Friday at 10:00 at the community centre. ' +
  'Bring your ledger [A-7]. '.repeat(4);

let gateways: RunningGateway[] = [];
let smsc: FakeSmsc;
let dropDb: (() => Promise<void>) | null = null;

afterEach(async () => {
  for (const g of gateways) await g.stop();
  gateways = [];
  await smsc?.stop();
  await dropDb?.();
  dropDb = null;
});

async function environment() {
  smsc = new FakeSmsc();
  await smsc.start();
  const pgDb = await freshPostgres();
  dropDb = pgDb?.drop ?? null;
  return {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'carrier-restart-')),
    DATABASE_URL: pgDb?.url ?? '',
    CARRIER_URL: `smpp://gateway:secret@127.0.0.1:${smsc.port}?window=${WINDOW}&tps=100000&timeout=2`,
    CARRIER_LEASE_S: '2',
  };
}

async function start(env: Record<string, string>) {
  const g = await startGateway(env);
  gateways.push(g);
  return g;
}

const numbersOf = (count: number) => Array.from({ length: count }, (_, i) => `2332430${String(i).padStart(5, '0')}`);

/** The send through the API as the PWA makes it, and the carrier's parts by state as the admin sees them. */
async function send(g: RunningGateway, numbers: string[]) {
  const demo = await apiLogin(g, 'demouser', 'demo12345');
  const answer = await apiSend(g, demo.token, [
    {
      shortMessage: TEXT,
      destinationAddress: numbers.join(','),
      sourceAddress: 'DEMO',
      messageType: 'quick sms',
      messageDescription: 'restart',
      specialUnicodeSupport: false,
      flash: false,
      typeandsubtype: 'quick:regular',
      expectedDeliveryTime: '',
      recurringInterval: 0,
      recurringPeriod: 'Hourly',
    },
  ]);
  if (!(answer.message_id > 0)) throw new Error(`send refused: ${JSON.stringify(answer)}`);
}

async function parts(g: RunningGateway) {
  const sup = await apiLogin(g, 'supervisor', 'supervisor123');
  const health = await apiCall(g, 'carrierhealth', { profile_id: sup.profile_id }, sup.token);
  return {
    queued: health.queuedRecipients as number,
    ...(health.parts as { waiting: number; submitting: number; awaitingReceipt: number; inDoubt: number }),
  };
}

async function untilSettled(g: RunningGateway) {
  await vi.waitFor(
    async () => {
      const p = await parts(g);
      expect({ waiting: p.waiting, submitting: p.submitting, awaitingReceipt: p.awaitingReceipt }).toEqual({
        waiting: 0,
        submitting: 0,
        awaitingReceipt: 0,
      });
    },
    { timeout: 60_000, interval: 200 },
  );
  return parts(g);
}

describe('gateway processes and the carrier', () => {
  it('killed in the middle of a send and started again: nothing sent twice, at most a window in doubt', async () => {
    const env = await environment();
    const first = await start(env);
    const numbers = numbersOf(2400); // two parts each: 4,800 of the demo user's 5,000 credits
    await send(first, numbers);
    await vi.waitFor(() => expect(smsc.ledger.length).toBeGreaterThan(1500), { timeout: 60_000, interval: 20 });
    await first.kill();
    const atKill = smsc.ledger.length;

    const second = await start(env);
    const settled = await untilSettled(second);
    const texts = reassemble(smsc.ledger);
    const twice = numbers.filter((n) => (texts.get(n) ?? []).length > 1);
    const missing = numbers.filter((n) => (texts.get(n) ?? []).length === 0);
    expect(twice).toEqual([]);
    // Never another's text; a recipient with a part in doubt may have only part of it (no whole text).
    expect(numbers.filter((n) => (texts.get(n) ?? []).some((t) => t !== TEXT))).toEqual([]);
    expect(settled.inDoubt).toBeLessThanOrEqual(WINDOW);
    expect(missing.length).toBeLessThanOrEqual(settled.inDoubt);
    expect(smsc.ledger.length).toBeGreaterThan(atKill);
    expect(smsc.binds).toBe(2);
  }, 120_000);

  it('two instances on one database share a send without a part sent twice', async () => {
    const env = await environment();
    const [one] = [await start(env), await start(env)];
    // Both are bound to the carrier before the send: a busy machine may start the second late.
    await vi.waitFor(() => expect(smsc.binds).toBe(2), { timeout: 60_000, interval: 50 });
    const numbers = numbersOf(2400); // two parts each: 4,800 of the demo user's 5,000 credits
    await send(one!, numbers);
    // Two parts each. The demo data's own messages go out too, but how many depends on the hour the
    // demo data was written (its scheduled, recurring and birthday runs): only ours are counted.
    const ours = new Set(numbers);
    await vi.waitFor(
      () => expect(smsc.ledger.filter((e) => ours.has(e.to)).length).toBeGreaterThanOrEqual(numbers.length * 2),
      {
        timeout: 60_000,
        interval: 50,
      },
    );
    const settled = await untilSettled(one!);
    expect(settled.inDoubt).toBe(0);
    const texts = reassemble(smsc.ledger);
    const copies = new Map<number, number>();
    for (const n of numbers)
      copies.set((texts.get(n) ?? []).length, (copies.get((texts.get(n) ?? []).length) ?? 0) + 1);
    // How many numbers got 0, 1, 2... copies: all of them exactly one.
    expect([...copies.entries()], `ledger ${smsc.ledger.length}, ${JSON.stringify(settled)}`).toEqual([
      [1, numbers.length],
    ]);
    expect(numbers.every((n) => texts.get(n)![0] === TEXT)).toBe(true);
    // Both binds did part of the work.
    const bySession = new Set(smsc.ledger.map((e) => e.session));
    expect(bySession.size).toBe(2);
  }, 240_000);
});
