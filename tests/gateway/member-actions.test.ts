// Who did what (docs/product.md#who-did-what): a member's send, key and purchase name them; the lists and the
// overview narrow to one member (another account's member finds nothing); the audit log names them; the
// statement shows spending per member; an owner's monthly cap per member holds, sends at once included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, signInDemoTenants, type Session, type TestGateway } from './helpers/test-app';
import { joinedMember, memberSession, type TeamMemberFixture } from './helpers/team';
import { numbers, sendItem, sendSms } from './helpers/messaging';
import { makeKey } from './helpers/api-v1';

let gw: TestGateway;
let demo: Session, acme: Session;
let sender: TeamMemberFixture, billing: TeamMemberFixture, developer: TeamMemberFixture, acmeSender: TeamMemberFixture;
let senderToken: string;
const owner = (s: Session, host = 'localhost') => ({ token: s.token, host, profile_id: s.profile_id });

beforeAll(async () => {
  gw = await makeTestApp();
  gw.clock.now = Date.parse('2026-12-02T10:00:00Z');
  ({ demo, acme } = await signInDemoTenants(gw));
  sender = await joinedMember(gw, owner(demo), ['Sender']);
  billing = await joinedMember(gw, owner(demo), ['Billing']);
  developer = await joinedMember(gw, owner(demo), ['Developer']);
  acmeSender = await joinedMember(gw, owner(acme, 'acme.localhost'), ['Sender']);
  senderToken = await memberSession(gw, sender);
  await setBalance(demo.profile_id, 100_000);
});
afterAll(() => gw.close());

/** A balance that does not expire while the test clock moves on. */
const setBalance = (profileId: number, credits: number) =>
  gw.ctx.db
    .updateTable('users')
    .set({ creditbalance: credits, creditexpires: Date.parse('2100-01-01T00:00:00Z') / 1000 })
    .where('profile_id', '=', profileId)
    .execute();

/** `count` sends of `size` recipients (a credit each) by `token`, all at once. */
const sendAtOnce = (token: string, count: number, size: number, from: number) =>
  Promise.all(
    Array.from({ length: count }, (_, k) =>
      sendSms(gw, token, [sendItem({ destinationAddress: numbers(size, from + k * size) })]),
    ),
  );

const setMemberCap = (token: string, id: number, monthlyCap: string | number | null) =>
  call(gw, 'setmembercap', { id, monthlyCap }, { token });

/** Credits the ledger says a member's sends spent (net of refunds). */
async function spentBy(memberId: number): Promise<number> {
  const rows = await gw.ctx.db
    .selectFrom('credit_ledger')
    .select('amount')
    .where('member_id', '=', memberId)
    .where('reason', 'in', ['send', 'refund', 'scheduled_run', 'edit'])
    .execute();
  return -rows.reduce((n, r) => n + Number(r.amount), 0);
}

describe("a member's send", () => {
  it('names the member on its message and its charge; the owner’s names none', async () => {
    const mine = await sendSms(gw, senderToken, [
      sendItem({ destinationAddress: numbers(3, 10), messageDescription: 'by sender' }),
    ]);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const owners = await sendSms(gw, demo.token, [
      sendItem({ destinationAddress: numbers(2, 20), messageDescription: 'by owner' }),
    ]);
    expect(owners.status, JSON.stringify(owners.body)).toBe(200);
    const rows = await gw.ctx.db
      .selectFrom('messages')
      .select(['description', 'member_id'])
      .where('id', 'in', [mine.body.message_id, owners.body.message_id])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.description, r.member_id]))).toEqual({
      'by sender': sender.id,
      'by owner': null,
    });
    const charges = await gw.ctx.db
      .selectFrom('credit_ledger')
      .select(['ref_id', 'member_id'])
      .where('reason', '=', 'send')
      .where('ref_id', 'in', [String(mine.body.message_id), String(owners.body.message_id)])
      .execute();
    expect(Object.fromEntries(charges.map((c) => [c.ref_id, c.member_id]))).toEqual({
      [String(mine.body.message_id)]: sender.id,
      [String(owners.body.message_id)]: null,
    });
  });

  it("is what the list and the overview show for that member; another account's member finds nothing", async () => {
    const listed = async (body: object) =>
      (
        (await call(gw, 'quickrequest', { search: '', pageNum: 1, ...body }, { token: demo.token })).body.bulksms as {
          messageDescription: string;
        }[]
      ).map((m) => m.messageDescription);
    expect(await listed({})).toEqual(expect.arrayContaining(['by sender', 'by owner']));
    expect(await listed({ member_id: sender.id })).toEqual(['by sender']);
    expect(await listed({ member_id: acmeSender.id })).toEqual([]);
    const overview = async (body: object) =>
      (await call(gw, 'overview', body, { token: demo.token })).body.overview as {
        days: { total: number }[];
        topCampaigns: { title: string }[];
      };
    const all = await overview({});
    const bySender = await overview({ member_id: sender.id });
    expect(bySender.topCampaigns.map((c) => c.title)).toEqual(['by sender']);
    expect(bySender.days.reduce((n, d) => n + d.total, 0)).toBe(3);
    expect(all.days.reduce((n, d) => n + d.total, 0)).toBeGreaterThanOrEqual(5);
    const foreign = await overview({ member_id: acmeSender.id });
    expect(foreign.topCampaigns).toEqual([]);
    expect(foreign.days.reduce((n, d) => n + d.total, 0)).toBe(0);
    expect((await call(gw, 'quickrequest', { member_id: 'x' }, { token: demo.token })).status).toBe(400);
  });
});

describe('the audit log', () => {
  it('names the member who acted, the owner as before', async () => {
    const key = await makeKey(gw, await memberSession(gw, developer), { name: 'member key' });
    const stored = await gw.ctx.db
      .selectFrom('api_keys')
      .select('member_id')
      .where('id', '=', key.id)
      .executeTakeFirst();
    expect(stored?.member_id).toBe(developer.id);
    await makeKey(gw, demo.token, { name: 'owner key' });
    const log = await call(
      gw,
      'auditlog',
      { search: '', action: 'api_key_created', from: '', to: '', pageNum: 1 },
      { token: demo.token },
    );
    const actors = (log.body.entries as { actor: string }[]).map((e) => e.actor);
    expect(actors.slice(0, 2)).toEqual([demo.username, 'Member Developer (member)']);
  });
});

describe('the audit log, read', () => {
  const auditLog = (search: string, action = '') =>
    call(gw, 'auditlog', { search, action, from: '', to: '', pageNum: 1 }, { token: demo.token });

  it('shows the members its details name by their names', async () => {
    const log = await auditLog('', 'member_joined');
    const joined = (log.body.entries as { details: Record<string, unknown> }[]).map((e) => e.details);
    expect(joined).toContainEqual(expect.objectContaining({ member: 'Member Sender', by: 'Member Sender' }));
    expect(JSON.stringify(log.body.entries)).not.toMatch(/"member":\d/);
  });

  it("finds a member's actions by their name, and another account's reader finds none", async () => {
    const found = await auditLog('member develop');
    const entries = found.body.entries as { action: string; actor: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((e) => e.actor))).toEqual(new Set(['Member Developer (member)']));
    expect(entries.map((e) => e.action)).toContain('api_key_created');
    const acmeLog = await call(
      gw,
      'auditlog',
      { search: 'member develop', action: '', from: '', to: '', pageNum: 1 },
      { token: acme.token, host: 'acme.localhost' },
    );
    expect(acmeLog.body.entries).toEqual([]);
  });
});

describe("a member's monthly cap", () => {
  it('is set by whoever has members, shown on the Team screen, and refused for another account', async () => {
    const set = await setMemberCap(demo.token, sender.id, '50');
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.member).toMatchObject({ id: sender.id, monthlyCap: 50, spentThisMonth: 3 });
    const team = await call(gw, 'members', {}, { token: demo.token });
    expect(
      (team.body.members as { id: number; monthlyCap: number | null }[]).find((m) => m.id === sender.id),
    ).toMatchObject({
      monthlyCap: 50,
    });
    expect((await setMemberCap(demo.token, acmeSender.id, 50)).status).toBe(404);
    expect((await setMemberCap(senderToken, sender.id, 500)).status).toBe(403);
    expect((await setMemberCap(demo.token, sender.id, '12.5')).status).toBe(400);
  });

  it("refuses the member's send past it naming the cap, charges nothing, and leaves the owner's sends alone", async () => {
    const before = await spentBy(sender.id);
    const past = await sendSms(gw, senderToken, [sendItem({ destinationAddress: numbers(48, 100) })]);
    expect(past.status).toBe(402);
    expect(past.body.error.message).toBe(
      'This send would pass the monthly cap of 50 credits set for you on this team (47 left this month).',
    );
    expect(await spentBy(sender.id)).toBe(before);
    expect((await sendSms(gw, demo.token, [sendItem({ destinationAddress: numbers(60, 200) })])).status).toBe(200);
  });

  it('holds for sends at once: the member never spends past it', async () => {
    gw.clock.now = Date.parse('2027-01-05T10:00:00Z');
    ({ demo } = await signInDemoTenants(gw));
    senderToken = await memberSession(gw, sender);
    const answers = await sendAtOnce(senderToken, 12, 10, 1000);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused.body.error.message).toMatch(/^This send would pass the monthly cap of 50 credits set for you/);
    const thisMonth = await gw.ctx.db
      .selectFrom('credit_ledger')
      .select('amount')
      .where('member_id', '=', sender.id)
      .where('at', '>=', gw.clock.now - 3600_000)
      .execute();
    expect(-thisMonth.reduce((n, r) => n + Number(r.amount), 0)).toBe(50);
    // Cleared, the member sends again.
    expect((await setMemberCap(demo.token, sender.id, '')).body.member.monthlyCap).toBeNull();
    expect((await sendAtOnce(senderToken, 1, 10, 3000))[0]!.status).toBe(200);
  });
});

describe('the statement', () => {
  it('shows what each member spent, to a Billing member', async () => {
    const token = await memberSession(gw, billing);
    const res = await call(gw, 'statement', { month: '2027-01' }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.statement.byMember).toEqual([
      { member: null, name: 'Owner, API keys and SMPP', credits: 0 },
      { member: sender.id, name: 'Member Sender', credits: 60 },
    ]);
  });
});
