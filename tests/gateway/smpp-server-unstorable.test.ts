// One customer's submit never fails another's (docs/smpp.md#sending): a text that decodes to
// something no database stores (a NUL character, a lone surrogate) is refused on its own, and a group
// whose transaction fails for any one submit is stored again without it, never answered wholesale.
// On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import smpp from 'smpp';
import { sql } from 'kysely';
import { useTestGateway, type TestGateway } from './helpers/test-app';
import { balanceOf, fundedAccount } from './helpers/messaging';
import { bind, gsmAscii, smppAccessFor, startSmpp, submit, ucs2 } from './helpers/smpp-customer';
import { SubmitDesk } from '../../server/src/smpp-server/submits';
import type { SubmitAnswer, SubmitRequest } from '../../server/src/smpp-server/submit-answers';

const setup = useTestGateway();

/** Texts whose bytes decode to what no database stores, with the data coding that reads them so. */
const UNSTORABLE: { name: string; dataCoding: number; bytes: Buffer }[] = [
  { name: 'IA5 with a 0x00 octet', dataCoding: 1, bytes: Buffer.from([0x68, 0x00, 0x69]) },
  { name: 'Latin-1 with a 0x00 octet', dataCoding: 3, bytes: Buffer.from([0x68, 0x00, 0x69]) },
  { name: 'UCS-2 with 00 00', dataCoding: 8, bytes: Buffer.from([0x00, 0x68, 0x00, 0x00, 0x00, 0x69]) },
  { name: 'UCS-2 with an unpaired D800', dataCoding: 8, bytes: Buffer.from([0x00, 0x68, 0xd8, 0x00, 0x00, 0x69]) },
  { name: 'UCS-2 with an unpaired DC00', dataCoding: 8, bytes: Buffer.from([0xdc, 0x00, 0x00, 0x69]) },
];

const whole = (profileId: number, source: string, destination: string, over: Partial<SubmitRequest> = {}) =>
  ({
    profileId,
    source,
    destination,
    dataCoding: 0,
    bytes: gsmAscii('hello'),
    ref: null,
    seq: 1,
    total: 1,
    registeredDelivery: 1,
    dueAt: null,
    expiresAt: null,
    throughput: 10_000,
    parts: 1,
    ...over,
  }) satisfies SubmitRequest;

/** Two accounts with SMPP access and credit: demouser (DEMO) and acmeclient (ACMECL). */
async function twoAccounts(gw: TestGateway) {
  await fundedAccount(gw, 'demouser', 100);
  await fundedAccount(gw, 'acmeclient', 100);
  const demo = await smppAccessFor(gw, 'demouser');
  const acme = await smppAccessFor(gw, 'acmeclient');
  return { demo, acme };
}

/** Each recipient stored for submits (the parts of a long one share it): its number and its own text (a recipient keeps none when it is its message's). */
async function textsTo(gw: TestGateway, number?: string) {
  let query = gw.ctx.db
    .selectFrom('message_recipients as r')
    .innerJoin('smpp_submits as s', 's.recipient_id', 'r.id')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .select(['r.id', 'r.number', 'r.text', 'm.short_message'])
    .distinct();
  if (number) query = query.where('r.number', '=', number);
  const rows = await query.execute();
  return rows.map((r) => ({ number: r.number, text: r.text ?? r.short_message }));
}

const statuses = (answers: SubmitAnswer[]) => answers.map((a) => (a.ok ? 'ok' : a.status));

describe('a submit whose text no database stores', () => {
  it("is refused on its own and fails none of another account's submits stored in its group", async () => {
    const gw = await setup.open();
    const { demo, acme } = await twoAccounts(gw);
    const desk = new SubmitDesk(gw.ctx);
    // Submitted in one turn of the event loop: the desk stores them as one group.
    const others = Array.from({ length: 10 }, (_, i) =>
      desk.submit(whole(demo.user.profile_id, 'DEMO', `2332410001${String(i).padStart(2, '0')}`)),
    );
    const culprits = UNSTORABLE.map((u, i) =>
      desk.submit(
        whole(acme.user.profile_id, 'ACMECL', `23324200010${i}`, { dataCoding: u.dataCoding, bytes: u.bytes }),
      ),
    );
    const [otherAnswers, culpritAnswers] = await Promise.all([Promise.all(others), Promise.all(culprits)]);
    expect(statuses(otherAnswers)).toEqual(Array(10).fill('ok'));
    expect(statuses(culpritAnswers)).toEqual(Array(UNSTORABLE.length).fill('ESME_RSUBMITFAIL'));
    expect(await balanceOf(gw, 'demouser')).toBe(90);
    expect(await balanceOf(gw, 'acmeclient')).toBe(100);
    // Each of the other account's recipients was stored once, with its own text.
    const stored = await textsTo(gw);
    expect(stored).toHaveLength(10);
    expect(new Set(stored.map((r) => r.number)).size).toBe(10);
    expect(stored.every((r) => r.text === 'hello')).toBe(true);
  });

  it('is refused on its own through a real bind, beside another customer binding to the same instance', async () => {
    const gw = await setup.open();
    const { demo, acme } = await twoAccounts(gw);
    const instance = await startSmpp(gw, { carrier: false });
    setup.onStop(instance.stop);
    const good = await bind(instance.port, demo.systemId);
    const bad = await bind(instance.port, acme.systemId);
    setup.onStop(good.close, bad.close);
    for (const c of [good, bad]) expect(c.status).toBe(0);
    const rounds = 5;
    const lost: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      good.session.socket.cork();
      bad.session.socket.cork();
      const goodAnswers = Array.from({ length: 20 }, (_, i) =>
        submit(good.session, {
          destination_addr: `23324100${round}0${String(i).padStart(2, '0')}`,
          short_message: gsmAscii('hi'),
        }),
      );
      const badAnswers = UNSTORABLE.map((u) =>
        submit(bad.session, {
          source_addr: 'ACMECL',
          destination_addr: '233242000111',
          data_coding: u.dataCoding,
          short_message: u.bytes,
        }),
      );
      good.session.socket.uncork();
      bad.session.socket.uncork();
      const [g, b] = await Promise.all([Promise.all(goodAnswers), Promise.all(badAnswers)]);
      lost.push(g.filter((a) => a.command_status !== 0).length);
      expect(b.map((a) => a.command_status)).toEqual(Array(UNSTORABLE.length).fill(smpp.errors.ESME_RSUBMITFAIL));
    }
    expect(lost).toEqual(Array(rounds).fill(0));
    expect(await balanceOf(gw, 'demouser')).toBe(100 - 20 * rounds);
  });

  it('is accepted when an emoji straddles the 20 characters its receipt previews', async () => {
    const gw = await setup.open();
    const { demo } = await twoAccounts(gw);
    const desk = new SubmitDesk(gw.ctx);
    // 19 letters, then an emoji (a surrogate pair) across the preview's end.
    const text = `${'a'.repeat(19)}😀 end`;
    const answers = await Promise.all([
      desk.submit(whole(demo.user.profile_id, 'DEMO', '233241000201', { dataCoding: 8, bytes: ucs2(text) })),
      desk.submit(whole(demo.user.profile_id, 'DEMO', '233241000202')),
    ]);
    expect(statuses(answers)).toEqual(['ok', 'ok']);
    const stored = await gw.ctx.db
      .selectFrom('smpp_submits')
      .select(['destination', 'preview'])
      .orderBy('destination')
      .execute();
    expect(stored).toEqual([
      { destination: '233241000201', preview: 'a'.repeat(19) },
      { destination: '233241000202', preview: 'hello' },
    ]);
  });
});

describe('a long message whose joined text no database stores', () => {
  const part = (profileId: number, seq: number, bytes: Buffer) =>
    whole(profileId, 'DEMO', '233241000301', { dataCoding: 8, bytes, ref: 9, seq, total: 2 });

  it('is refused when whole, while an emoji split across its two UCS-2 parts is accepted', async () => {
    const gw = await setup.open();
    const { demo } = await twoAccounts(gw);
    const desk = new SubmitDesk(gw.ctx);
    const id = demo.user.profile_id;
    // 😀 is D83D DE00: its halves in two parts make one well-formed text once joined.
    const emoji = ucs2('😀');
    expect((await desk.submit(part(id, 1, Buffer.concat([ucs2('ab'), emoji.subarray(0, 2)])))).ok).toBe(true);
    expect((await desk.submit(part(id, 2, Buffer.concat([emoji.subarray(2), ucs2('cd')])))).ok).toBe(true);
    expect(await textsTo(gw, '233241000301')).toEqual([{ number: '233241000301', text: 'ab😀cd' }]);
    // A NUL in the second part: the whole message is refused, and nothing is charged for it.
    const before = await balanceOf(gw, 'demouser');
    const second = (seq: number, bytes: Buffer) => ({ ...part(id, seq, bytes), ref: 10 });
    expect((await desk.submit(second(1, ucs2('ab')))).ok).toBe(true);
    expect(await desk.submit(second(2, Buffer.from([0x00, 0x00, 0x00, 0x63])))).toMatchObject({
      ok: false,
      status: 'ESME_RSUBMITFAIL',
    });
    expect(await balanceOf(gw, 'demouser')).toBe(before);
  });
});

describe('a group whose transaction fails for one submit', () => {
  it('is stored again without it: each other submit is answered with its id and charged once', async () => {
    const gw = await setup.open();
    const { demo, acme } = await twoAccounts(gw);
    const failing = '233240000666';
    if (gw.ctx.db.dialectName === 'sqlite') {
      await sql`create trigger fail_recipient before insert on message_recipients when new.number = ${sql.lit(failing)}
        begin select raise(abort, 'injected fault'); end`.execute(gw.ctx.db);
    } else {
      await sql`create function fail_recipient() returns trigger language plpgsql as $$
        begin if new.number = ${sql.lit(failing)} then raise exception 'injected fault'; end if; return new; end $$`.execute(
        gw.ctx.db,
      );
      await sql`create trigger fail_recipient before insert on message_recipients for each row execute function fail_recipient()`.execute(
        gw.ctx.db,
      );
    }
    const desk = new SubmitDesk(gw.ctx);
    const numbers = Array.from({ length: 16 }, (_, i) => `2332410004${String(i).padStart(2, '0')}`);
    const answers = await Promise.all([
      ...numbers.map((n) => desk.submit(whole(demo.user.profile_id, 'DEMO', n))),
      desk.submit(whole(acme.user.profile_id, 'ACMECL', failing)),
      desk.submit(whole(acme.user.profile_id, 'ACMECL', '233242000401')),
    ]);
    expect(statuses(answers)).toEqual([...Array(16).fill('ok'), 'ESME_RSYSERR', 'ok']);
    const ids = answers.flatMap((a) => (a.ok ? [Number(a.messageId)] : []));
    expect(new Set(ids).size).toBe(17);
    const stored = await gw.ctx.db
      .selectFrom('smpp_submits as s')
      .innerJoin('message_recipients as r', 'r.id', 's.recipient_id')
      .select(['s.id', 'r.number'])
      .execute();
    expect(stored.map((r) => r.number).sort()).toEqual([...numbers, '233242000401'].sort());
    expect(new Set(stored.map((r) => Number(r.id)))).toEqual(new Set(ids));
    expect(await balanceOf(gw, 'demouser')).toBe(84);
    expect(await balanceOf(gw, 'acmeclient')).toBe(99);
    // Counted against the throughput only for what was stored.
    const rate = await gw.ctx.db.selectFrom('smpp_rate').select('parts').execute();
    expect(rate.reduce((n, r) => n + Number(r.parts), 0)).toBe(17);
  });
});
