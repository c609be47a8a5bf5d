// The two-person rule (docs/product.md#the-two-person-rule): a member's campaign the account's rule matches
// waits with its cost reserved; an approver who is not its author approves it (sent once, however many
// approve at once) or rejects it (exactly the reservation goes back, once); the owner and API keys never wait.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, lastTextTo, makeTestApp, signInDemoTenants, type Session, type TestGateway } from './helpers/test-app';
import { joinedMember, memberSession, type TeamMemberFixture } from './helpers/team';
import { account, numbers, sendItem, sendSms } from './helpers/messaging';
import { AWAITING_APPROVAL, ALREADY_DECIDED, OWN_CAMPAIGN } from '../../src/domain/send/approval';
import { notAllowedText } from '../../src/domain/account/team-roles';
import { canonicalPhone } from '../../src/domain/numbers/phone-number';

let gw: TestGateway;
let demo: Session, acme: Session;
let sender: TeamMemberFixture, approver: TeamMemberFixture, admin: TeamMemberFixture, acmeApprover: TeamMemberFixture;
const tokens: Record<string, string> = {};
const owner = (s: Session, host = 'localhost') => ({ token: s.token, host, profile_id: s.profile_id });

beforeAll(async () => {
  gw = await makeTestApp();
  ({ demo, acme } = await signInDemoTenants(gw));
  sender = await joinedMember(gw, owner(demo), ['Sender']);
  approver = await joinedMember(gw, owner(demo), ['Approver']);
  admin = await joinedMember(gw, owner(demo), ['Admin']);
  acmeApprover = await joinedMember(gw, owner(acme, 'acme.localhost'), ['Approver']);
  for (const [name, m] of Object.entries({ sender, approver, admin, acmeApprover }))
    tokens[name] = await memberSession(gw, m);
});
afterAll(() => gw.close());

const as = (token: string, name: string, body: object = {}, host = 'localhost') =>
  call(gw, name, body, { token, host });
const setRule = (over: number | string | null, marketing = false) =>
  as(demo.token, 'setapprovalrule', { over, marketing });

/** A send from the app as the outbox posts it: the session's token and the job's Idempotency-Key. */
async function send(token: string, count: number, overrides: Record<string, unknown> = {}, key = randomUUID()) {
  const res = await gw.app.inject({
    method: 'POST',
    url: '/smsgateway/api/sendsms',
    payload: { messageobject: [sendItem({ destinationAddress: numbers(count, 500), ...overrides })] },
    headers: { host: 'localhost', authorization: `Bearer ${token}`, 'idempotency-key': `${key}:0-${count - 1}` },
  });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

async function balance(profileId = demo.profile_id) {
  const row = await gw.ctx.db
    .selectFrom('users')
    .select('creditbalance')
    .where('profile_id', '=', profileId)
    .executeTakeFirstOrThrow();
  return Number(row.creditbalance);
}

/** The account's balance as its ledger sums it. */
async function ledgerSum(profileId = demo.profile_id) {
  const rows = await gw.ctx.db
    .selectFrom('credit_ledger')
    .select('amount')
    .where('profile_id', '=', profileId)
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.amount), 0);
}

/** The ledger rows naming an approval, oldest first: [reason, amount]. */
async function approvalLedger(id: number) {
  const rows = await gw.ctx.db
    .selectFrom('credit_ledger')
    .select(['reason', 'amount'])
    .where('ref_kind', '=', 'approval')
    .where('ref_id', '=', String(id))
    .orderBy('id')
    .execute();
  return rows.map((r) => [r.reason, Number(r.amount)]);
}

const messagesCount = async () =>
  Number(
    (
      await gw.ctx.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('profile_id', '=', demo.profile_id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the rule', () => {
  it('is set by the owner, carried in the user info, and refused to a Sender', async () => {
    const set = await setRule(100, true);
    expect(set.status).toBe(200);
    expect(set.body.userInfo).toMatchObject({ approvalover: 100, approvalmarketing: true });
    const bad = await setRule('ten');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('must be a whole number of recipients');
    const refused = await as(tokens.sender!, 'setapprovalrule', { over: '', marketing: false });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(notAllowedText('settings'));
    const off = await setRule('');
    expect(off.body.userInfo).toMatchObject({ approvalover: null, approvalmarketing: false });
  });
});

describe('a send under the rule', () => {
  beforeEach(async () => {
    await setRule(3);
  });

  it("holds a member's campaign over N recipients with its cost reserved, and tells the approvers", async () => {
    const before = await balance();
    const messages = await messagesCount();
    const held = await send(tokens.sender!, 5, { shortMessage: 'Big sale today' });
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ message: AWAITING_APPROVAL, awaitingApproval: true });
    expect(await balance()).toBe(before - 5);
    expect(await messagesCount()).toBe(messages);
    expect(await approvalLedger(held.body.approval_id)).toEqual([['reservation', -5]]);
    expect(await balance()).toBe(await ledgerSum());
    const sms = await lastTextTo(gw, canonicalPhone(approver.phone));
    expect(sms?.text).toMatch(/campaign to 5 recipients from DEMO awaits your approval: https:\/\/.*\/approvals$/);
    const list = await as(tokens.approver!, 'approvals');
    expect(list.body.approvals).toContainEqual(
      expect.objectContaining({
        id: held.body.approval_id,
        state: 'waiting',
        text: 'Big sale today',
        recipients: 5,
        sourceAddress: 'DEMO',
        cost: 5,
        parts: 1,
        firstNumbers: numbers(5, 500).split(','),
      }),
    );
    const mine = await as(tokens.sender!, 'myapprovals');
    expect(mine.body.approvals.map((a: { id: number }) => a.id)).toContain(held.body.approval_id);
  });

  it('lets up to N, the owner and an API key through at once', async () => {
    expect((await send(tokens.sender!, 3)).body.message).toBe('Messages sent successfully');
    expect((await send(demo.token, 5)).body.message).toBe('Messages sent successfully');
    const { apikey } = await account(gw, 'demouser');
    const api = await sendSms(gw, apikey, [sendItem({ destinationAddress: numbers(5, 600) })]);
    expect(api.body.message).toBe('Messages sent successfully');
  });

  it('holds every marketing send of a member when asked, never a transactional one', async () => {
    await setRule('', true);
    expect((await send(tokens.sender!, 1)).body.awaitingApproval).toBe(true);
    const transactional = await send(tokens.sender!, 1, { category: 'transactional' });
    expect(transactional.body.message).toBe('Messages sent successfully');
  });

  it('answers a repeated request (the outbox retrying) with the same waiting campaign', async () => {
    const key = randomUUID();
    const first = await send(tokens.sender!, 4, {}, key);
    const again = await send(tokens.sender!, 4, {}, key);
    expect(again.body).toEqual(first.body);
    expect(await approvalLedger(first.body.approval_id)).toEqual([['reservation', -4]]);
  });

  it('refuses it when the balance does not cover it: nothing waits, nothing is taken', async () => {
    const before = await balance();
    const count = Math.floor(before / 4) + 1;
    const waiting = (await as(tokens.sender!, 'myapprovals')).body.approvals.length;
    // 600 characters are 4 parts each.
    const tooMany = await send(tokens.sender!, count, { shortMessage: 'x'.repeat(600) });
    expect(tooMany.status).toBe(402);
    expect(tooMany.body.error.message).toMatch(`Insufficient credit: this campaign needs ${count * 4} credits`);
    expect(await balance()).toBe(before);
    expect((await as(tokens.sender!, 'myapprovals')).body.approvals).toHaveLength(waiting);
  });
});

describe('deciding', () => {
  beforeEach(async () => {
    await setRule(3);
  });

  it('sends once when two approvers approve at once, the reservation becoming the charge', async () => {
    const held = await send(tokens.sender!, 5, { shortMessage: 'Approve me' });
    const id = held.body.approval_id as number;
    const reserved = await balance();
    const messages = await messagesCount();
    const [a, b] = await Promise.all([
      as(tokens.approver!, 'approvecampaign', { id, note: 'Looks good' }),
      as(tokens.admin!, 'approvecampaign', { id, note: '' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.body.error.message).toBe(ALREADY_DECIDED);
    expect(await messagesCount()).toBe(messages + 1);
    const won = a.status === 200 ? a : b;
    expect(won.body.approval).toMatchObject({ state: 'approved', messageId: expect.any(Number) });
    const recipients = await gw.ctx.db
      .selectFrom('message_recipients')
      .select('number')
      .where('message_id', '=', won.body.approval.messageId)
      .execute();
    expect(recipients).toHaveLength(5);
    expect(await approvalLedger(id)).toEqual([
      ['reservation', -5],
      ['release', 5],
    ]);
    // The send's own charge (reason `send`, on its message): the balance is where the reservation left it.
    expect(await balance()).toBe(reserved);
    expect(await balance()).toBe(await ledgerSum());
    const told = await lastTextTo(gw, canonicalPhone(sender.phone));
    expect(told?.text).toMatch(/^Your campaign to 5 recipients was approved by Member (Approver|Admin)/);
  });

  it('releases exactly what it reserved on rejection, once', async () => {
    const before = await balance();
    const held = await send(tokens.sender!, 7);
    const id = held.body.approval_id as number;
    expect(await balance()).toBe(before - 7);
    const [a, b] = await Promise.all([
      as(tokens.approver!, 'rejectcampaign', { id, note: 'Wrong list' }),
      as(demo.token, 'rejectcampaign', { id, note: 'No' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await balance()).toBe(before);
    expect(await approvalLedger(id)).toEqual([
      ['reservation', -7],
      ['release', 7],
    ]);
    expect(await balance()).toBe(await ledgerSum());
    const again = await as(tokens.approver!, 'approvecampaign', { id, note: '' });
    expect(again.status).toBe(409);
    expect(await approvalLedger(id)).toHaveLength(2);
    const told = await lastTextTo(gw, canonicalPhone(sender.phone));
    expect(told?.text).toMatch(/^Your campaign to 7 recipients was rejected by .*\. Note: (Wrong list|No)$/);
  });

  it('refuses the author their own campaign and a Sender any approval', async () => {
    const own = await send(tokens.admin!, 5);
    const mine = await as(tokens.admin!, 'approvecampaign', { id: own.body.approval_id, note: '' });
    expect(mine.status).toBe(403);
    expect(mine.body.error.message).toBe(OWN_CAMPAIGN);
    const held = await send(tokens.sender!, 5);
    const bySender = await as(tokens.sender!, 'approvecampaign', { id: held.body.approval_id, note: '' });
    expect(bySender.status).toBe(403);
    expect(bySender.body.error.message).toBe(notAllowedText('approve'));
    expect((await as(tokens.sender!, 'approvals')).status).toBe(403);
    // The owner approves the Admin's: it goes out.
    expect((await as(demo.token, 'approvecampaign', { id: own.body.approval_id, note: 'ok' })).status).toBe(200);
  });

  it("keeps another tenant's member out: nothing listed, nothing decided", async () => {
    const held = await send(tokens.sender!, 5);
    const id = held.body.approval_id as number;
    const list = await as(tokens.acmeApprover!, 'approvals', {}, 'acme.localhost');
    expect(list.status).toBe(200);
    expect(list.body.approvals.map((a: { id: number }) => a.id)).not.toContain(id);
    const res = await as(tokens.acmeApprover!, 'approvecampaign', { id, note: '' }, 'acme.localhost');
    expect(res.status).toBe(404);
    expect((await as(tokens.acmeApprover!, 'rejectcampaign', { id, note: '' }, 'acme.localhost')).status).toBe(404);
    expect(await approvalLedger(id)).toEqual([['reservation', -5]]);
  });

  it('keeps what was approved, and the note, in the audit log', async () => {
    const held = await send(tokens.sender!, 4, { shortMessage: 'Audited text' });
    const id = held.body.approval_id as number;
    await as(tokens.approver!, 'approvecampaign', { id, note: 'Checked the list' });
    const rows = await gw.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('profile_id', '=', demo.profile_id)
      .where('action', 'in', ['approval_requested', 'campaign_approved'])
      .orderBy('id')
      .execute();
    const mentions = rows.filter((r) => JSON.parse(r.details).approval === id);
    expect(mentions.map((r) => r.action)).toEqual(['approval_requested', 'campaign_approved']);
    expect(JSON.parse(mentions[1]!.details)).toMatchObject({
      text: 'Audited text',
      recipients: 4,
      senderId: 'DEMO',
      cost: 4,
      sendAt: expect.any(Number),
      note: 'Checked the list',
      by: approver.id,
    });
  });
});
