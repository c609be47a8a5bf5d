import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, call, type TestGateway } from './helpers/test-app';
import { fundedAccount, balanceOf, sendItem, sendSms } from './helpers/messaging';
import { STAGE } from '../../server/src/db/schema-messaging';

type Account = Awaited<ReturnType<typeof fundedAccount>>;

/** A seeded random sequence, so a failing interleaving can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('racing edits of a scheduled or recurring send never mint or lose credit', () => {
  let gw: TestGateway;
  let demo: Account;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await fundedAccount(gw, 'demouser', 1_105);
  });
  afterAll(() => gw.close());

  const recipients = Array.from({ length: 500 }, (_, i) => `2332417${String(i).padStart(5, '0')}`).join(',');
  const eightParts = 'x'.repeat(153 * 7 + 10);

  /**
   * The credits a registration holds for its prepaid first delivery: the parts its prepaid recipients
   * will send, which its credits counter must equal.
   */
  const held = async (id: number) => {
    const { db } = gw.ctx;
    const message = await db.selectFrom('messages').select('credits').where('id', '=', id).executeTakeFirstOrThrow();
    const prepaid = await db
      .selectFrom('message_recipients')
      .select((eb) => eb.fn.sum<number>('parts').as('parts'))
      .where('message_id', '=', id)
      .where('stage', '=', STAGE.template)
      .where('paid', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(message.credits)).toBe(Number(prepaid.parts ?? 0));
    return Number(prepaid.parts ?? 0);
  };

  const edit = (path: string, body: Record<string, unknown>) => call(gw, path, body, { token: demo.token });

  it('seven edits at once (one shortening the text, six renaming it) refund the difference once', async () => {
    const reg = (
      await sendSms(gw, demo.apikey, [
        sendItem({
          messageType: 'scheduled sms',
          expectedDeliveryTime: '2026-11-21 09:00:00',
          destinationAddress: recipients.split(',').slice(0, 100).join(','),
          shortMessage: eightParts,
        }),
      ])
    ).body;
    const total = async () => (await balanceOf(gw, 'demouser')) + (await held(reg.message_id));
    const before = await total();
    expect(await held(reg.message_id)).toBe(800);
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        edit('updatescheduled', { message_id: reg.message_id, shortMessage: round % 2 ? eightParts : 'short' }),
        ...Array.from({ length: 6 }, (_, i) =>
          edit('updatescheduled', { message_id: reg.message_id, messageDescription: `Campaign ${round}-${i}` }),
        ),
      ]);
      expect(answers.map((a) => a.status)).toEqual(Array(7).fill(200));
      expect(await total()).toBe(before);
      expect(await held(reg.message_id)).toBe(round % 2 ? 800 : 100);
    }
  });

  it('any interleaving of edits and deletes keeps balance plus what the registrations hold constant', async () => {
    const next = random(29);
    const texts = ['short', 'y'.repeat(200), 'z'.repeat(400), eightParts, 'Ɛ'.repeat(100)];
    const regs: { id: number; path: string }[] = [];
    for (const [messageType, path, extra] of [
      ['scheduled sms', 'updatescheduled', {}],
      ['scheduled sms', 'updatescheduled', {}],
      ['recurring sms', 'updaterecurring', { recurringPeriod: 'Daily', recurringInterval: 1 }],
    ] as const) {
      const res = await sendSms(gw, demo.apikey, [
        sendItem({
          messageType,
          expectedDeliveryTime: '2026-11-21 09:00:00',
          destinationAddress: recipients.split(',').slice(0, 40).join(','),
          ...extra,
        }),
      ]);
      expect(res.status).toBe(200);
      regs.push({ id: res.body.message_id, path });
    }
    const total = async () => {
      let sum = await balanceOf(gw, 'demouser');
      for (const reg of regs) sum += await held(reg.id);
      return sum;
    };
    const before = await total();
    for (let round = 0; round < 6; round += 1) {
      const calls = Array.from({ length: 8 }, () => {
        const reg = regs[Math.floor(next() * regs.length)]!;
        const text = texts[Math.floor(next() * texts.length)]!;
        const unicode = text.startsWith('Ɛ');
        return next() < 0.8
          ? edit(reg.path, { message_id: reg.id, shortMessage: text, specialUnicodeSupport: unicode })
          : edit(reg.path, { message_id: reg.id, messageDescription: `Round ${round}` });
      });
      const answers = await Promise.all(calls);
      // An edit may be refused for want of credit; none may fail otherwise.
      for (const a of answers) expect([200, 402]).toContain(a.status);
      expect(await total()).toBe(before);
    }
    const deleted = regs.pop()!;
    const heldBefore = await held(deleted.id);
    const balance = await balanceOf(gw, 'demouser');
    const [a, b] = await Promise.all([
      edit(deleted.path.replace('update', 'delete'), { message_id: deleted.id }),
      edit(deleted.path, { message_id: deleted.id, shortMessage: eightParts }),
    ]);
    expect(a.status).toBe(200);
    expect([200, 402, 404]).toContain(b.status);
    expect(await balanceOf(gw, 'demouser')).toBe(balance + heldBefore);
    expect(await held(deleted.id)).toBe(0);
  });
});
