// What an account may hold (docs/smpp.md#long-messages): parts of long messages need credit and are
// capped per account, held work is taken by due time so one account's backlog never holds up
// another's due message, and receipts never answered are pruned after the receipts' retention.
import { describe, expect, it } from 'vitest';
import { useTestGateway } from './helpers/test-app';
import { fundedAccount } from './helpers/messaging';
import { SubmitDesk } from '../../server/src/smpp-server/submits';
import type { SubmitRequest } from '../../server/src/smpp-server/submit-answers';
import { HELD_PARTS_MAX } from '../../server/src/smpp-server/held-submits';
import { HOLD_MS } from '../../server/src/smpp-server/held-groups';
import { pruneSmpp, SMPP_RETENTION_MS } from '../../server/src/smpp-server/receipt-claims';

const setup = useTestGateway();

/** Part `seq` of `total` of the message `ref`, due now, as a bind hands it to the SubmitDesk. */
const part = (profileId: number, ref: number, seq = 1, total = 2): SubmitRequest => ({
  profileId,
  source: 'DEMO',
  destination: '233241000011',
  dataCoding: 0,
  bytes: Buffer.from(`part ${seq} of message ${ref}`),
  ref,
  seq,
  total,
  registeredDelivery: 1,
  dueAt: null,
  expiresAt: null,
  throughput: 100_000,
  parts: 1,
});

const heldRows = (profileId: number) =>
  setup.gw.ctx.db
    .selectFrom('smpp_submits')
    .select('id')
    .where('profile_id', '=', profileId)
    .where('state', '=', 'held')
    .execute();

describe('parts of long messages held', () => {
  it('refuses a part the balance cannot pay for, holding nothing', async () => {
    const gw = await setup.open();
    const user = await fundedAccount(gw, 'demouser', 0);
    const desk = new SubmitDesk(gw.ctx);
    expect(await desk.submit(part(user.profile_id, 1))).toMatchObject({ ok: false, status: 'ESME_RSUBMITFAIL' });
    // An empty part counts a credit as well.
    const empty = { ...part(user.profile_id, 2), bytes: Buffer.alloc(0) };
    expect(await desk.submit(empty)).toMatchObject({ ok: false, status: 'ESME_RSUBMITFAIL' });
    expect(await heldRows(user.profile_id)).toEqual([]);
  });

  it(`holds at most ${HELD_PARTS_MAX} parts awaiting their others per account`, async () => {
    const gw = await setup.open();
    const user = await fundedAccount(gw, 'demouser', 5_000);
    const desk = new SubmitDesk(gw.ctx);
    for (let ref = 0; ref < HELD_PARTS_MAX; ref += 1)
      expect((await desk.submit(part(user.profile_id, ref))).ok, `part of ${ref}`).toBe(true);
    expect(await desk.submit(part(user.profile_id, HELD_PARTS_MAX))).toMatchObject({
      ok: false,
      status: 'ESME_RMSGQFUL',
    });
    expect(await heldRows(user.profile_id)).toHaveLength(HELD_PARTS_MAX);
    // The last part of a message held completes it, and frees its room.
    expect((await desk.submit(part(user.profile_id, 0, 2))).ok).toBe(true);
    expect(await heldRows(user.profile_id)).toHaveLength(HELD_PARTS_MAX - 1);
  });

  it('rejects the parts held of a message whose next part cannot be paid for', async () => {
    const gw = await setup.open();
    const user = await fundedAccount(gw, 'demouser', 1);
    const desk = new SubmitDesk(gw.ctx);
    // Two parts of 150 characters: a message of two parts, one credit.
    const long = (seq: number) => ({ ...part(user.profile_id, 7, seq), bytes: Buffer.from('x'.repeat(150)) });
    const first = await desk.submit(long(1));
    expect(first.ok).toBe(true);
    expect(await desk.submit(long(2))).toMatchObject({ ok: false, status: 'ESME_RSUBMITFAIL' });
    const receipts = await gw.ctx.db.selectFrom('smpp_receipts').select(['submit_id', 'stat', 'err']).execute();
    expect(receipts.map((r) => [String(r.submit_id), r.stat, r.err])).toEqual([
      [first.ok ? first.messageId : '', 'REJECTD', '003'],
    ]);
    expect(await heldRows(user.profile_id)).toEqual([]);
  });
});

describe('held work due', () => {
  it("takes another account's due scheduled message in the same tick as one account's 300 parts never completed", async () => {
    const gw = await setup.open();
    const flooder = await fundedAccount(gw, 'demouser', 1_000);
    const other = await fundedAccount(gw, 'acmeclient', 10);
    const desk = new SubmitDesk(gw.ctx);
    for (let ref = 0; ref < 300; ref += 1) expect((await desk.submit(part(flooder.profile_id, ref))).ok).toBe(true);
    // Due after every part has waited its HOLD_MS: by due time alone it comes last.
    const scheduled = await desk.submit({
      ...part(other.profile_id, 0, 1, 1),
      source: 'ACMECL',
      ref: null,
      bytes: Buffer.from('scheduled'),
      dueAt: gw.ctx.now() + HOLD_MS + 60_000,
    });
    expect(scheduled.ok).toBe(true);
    gw.clock.advance(HOLD_MS + 60_001);
    await desk.tickHeld();
    const row = await gw.ctx.db
      .selectFrom('smpp_submits')
      .select(['state', 'recipient_id'])
      .where('id', '=', Number(scheduled.ok ? scheduled.messageId : 0))
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('accepted');
    expect(row.recipient_id).not.toBeNull();
    // The 300 never completed are refused in the same tick, each with its receipt.
    expect(await heldRows(flooder.profile_id)).toEqual([]);
    const receipts = await gw.ctx.db
      .selectFrom('smpp_receipts')
      .select(['stat', 'err'])
      .where('profile_id', '=', flooder.profile_id)
      .execute();
    expect(receipts).toHaveLength(300);
    expect(new Set(receipts.map((r) => `${r.stat} ${r.err}`))).toEqual(new Set(['UNDELIV 005']));
  });
});

describe('receipts kept', () => {
  it('prunes a receipt never answered once older than the retention, and keeps a newer one', async () => {
    const gw = await setup.open();
    const user = await fundedAccount(gw, 'demouser', 10);
    const desk = new SubmitDesk(gw.ctx);
    // A part never completed: refused, receipted UNDELIV, the receipt pending (no bind to take it).
    await desk.submit(part(user.profile_id, 1));
    gw.clock.advance(HOLD_MS + 1);
    await desk.tickHeld();
    gw.clock.advance(SMPP_RETENTION_MS - HOLD_MS);
    await desk.submit(part(user.profile_id, 2));
    gw.clock.advance(HOLD_MS + 1);
    await desk.tickHeld();
    const pending = () =>
      setup.gw.ctx.db.selectFrom('smpp_receipts').select('created_at').where('state', '=', 'pending').execute();
    expect(await pending()).toHaveLength(2);
    await pruneSmpp(gw.ctx);
    expect((await pending()).map((r) => Number(r.created_at))).toEqual([gw.ctx.now()]);
  });
});

describe('the hourly sweep', () => {
  it('deletes old submits and receipts in id order past a step, keeping held submits and newer rows', async () => {
    const gw = await setup.open();
    const user = await fundedAccount(gw, 'demouser', 10);
    const old = gw.ctx.now();
    const submit = (state: 'held' | 'accepted', createdAt: number) => ({
      profile_id: user.profile_id,
      state,
      seq: 1,
      total: 1,
      source: 'Demo',
      destination: '233241234567',
      due_at: null,
      expires_at: null,
      recipient_id: null,
      created_at: createdAt,
    });
    // 6,000 old ones (more than one step of the sweep), a held one among them, then 10 newer ones.
    const rows = Array.from({ length: 6_000 }, (_, i) => submit(i === 2_500 ? 'held' : 'accepted', old + i));
    for (let i = 0; i < rows.length; i += 500)
      await gw.ctx.db
        .insertInto('smpp_submits')
        .values(rows.slice(i, i + 500))
        .execute();
    gw.clock.advance(SMPP_RETENTION_MS + 6_000);
    await gw.ctx.db
      .insertInto('smpp_submits')
      .values(Array.from({ length: 10 }, () => submit('accepted', gw.ctx.now())))
      .execute();
    const ids = await gw.ctx.db.selectFrom('smpp_submits').select(['id', 'created_at']).orderBy('id').execute();
    const receipt = (s: { id: number; created_at: number }) => ({
      profile_id: user.profile_id,
      submit_id: s.id,
      source: '233241234567',
      destination: 'Demo',
      stat: 'DELIVRD',
      err: '000',
      submitted_at: Number(s.created_at),
      done_at: Number(s.created_at),
      state: 'pending' as const,
      claimed_by: null,
      claimed_until: null,
      created_at: Number(s.created_at),
    });
    for (let i = 0; i < ids.length; i += 500)
      await gw.ctx.db
        .insertInto('smpp_receipts')
        .values(ids.slice(i, i + 500).map(receipt))
        .execute();

    expect(await pruneSmpp(gw.ctx)).toBe(2 * 6_000 - 1);
    const left = await gw.ctx.db.selectFrom('smpp_submits').select(['state', 'created_at']).orderBy('id').execute();
    expect(left.map((r) => r.state)).toEqual(['held', ...Array<string>(10).fill('accepted')]);
    expect(Number(left[0]!.created_at)).toBe(old + 2_500);
    // Receipts go after the retention whatever their submit (a held submit has none owed yet).
    expect(await gw.ctx.db.selectFrom('smpp_receipts').select('id').execute()).toHaveLength(10);
  });
});
