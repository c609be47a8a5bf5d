// The two-person rule beside a member's monthly cap and the approvers' e-mail (docs/product.md#the-two-person-rule):
// a member's campaign that would pass their cap is refused when submitted, in a send's words, counting what their
// other waiting campaigns hold (nothing waits, nothing is taken), and is checked again when approved; the
// approvers are told by e-mail as well as by SMS; what a campaign reserves is the price of what would really be
// sent: its opted-out numbers left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, signInDemoTenants, type Session, type TestGateway } from './helpers/test-app';
import { joinedMember, memberSession, type TeamMemberFixture } from './helpers/team';
import { numbers, sendItem, sendSms } from './helpers/messaging';
import { startSmtpCapture, type SmtpCapture } from './helpers/smtp-capture';
import { smtpMailer } from '../../server/src/mail/smtp-mailer';
import { tickMail } from '../../server/src/mail/deliver-mail';
import { suppress } from '../../server/src/optouts/suppression';

let gw: TestGateway;
let smtp: SmtpCapture;
let demo: Session;
let sender: TeamMemberFixture, approver: TeamMemberFixture;
let senderToken: string, approverToken: string;
const APPROVER_EMAIL = 'kofi.approver@example.com';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  gw = await makeTestApp({ mailer: smtpMailer(smtp.url), mailFrom: 'no-reply@sms.example.com' });
  ({ demo } = await signInDemoTenants(gw));
  const owner = { token: demo.token, host: 'localhost', profile_id: demo.profile_id };
  sender = await joinedMember(gw, owner, ['Sender']);
  approver = await joinedMember(gw, owner, ['Approver'], APPROVER_EMAIL);
  senderToken = await memberSession(gw, sender);
  approverToken = await memberSession(gw, approver);
  await call(gw, 'setapprovalrule', { over: 3, marketing: false }, { token: demo.token });
});
afterAll(async () => {
  gw.ctx.mailer?.close();
  await gw.close();
  await smtp.close();
});

const setMemberCap = (monthlyCap: number | string) =>
  call(gw, 'setmembercap', { id: sender.id, monthlyCap }, { token: demo.token });
const campaign = (count: number, from: number) =>
  sendSms(gw, senderToken, [sendItem({ destinationAddress: numbers(count, from) })]);

async function balance() {
  const row = await gw.ctx.db
    .selectFrom('users')
    .select('creditbalance')
    .where('profile_id', '=', demo.profile_id)
    .executeTakeFirstOrThrow();
  return Number(row.creditbalance);
}

const waitingCount = async () =>
  (await call(gw, 'myapprovals', {}, { token: senderToken })).body.approvals.filter(
    (a: { state: string }) => a.state === 'waiting',
  ).length;

describe("a member's campaign under their monthly cap", () => {
  it('tells the approvers by e-mail when it waits', async () => {
    const held = await campaign(5, 100);
    expect(held.body, JSON.stringify(held.body)).toMatchObject({ awaitingApproval: true });
    await tickMail(gw.ctx);
    const mails = smtp.mails.filter((m) => m.subject === 'A campaign awaits your approval');
    expect(mails.map((m) => m.to).sort()).toEqual([['demo@example.com'], [APPROVER_EMAIL]]);
    expect(mails[0]!.text).toMatch(
      /^Member Sender's campaign to 5 recipients from DEMO awaits your approval: https:\/\/localhost\/approvals$/,
    );
    await call(gw, 'rejectcampaign', { id: held.body.approval_id, note: '' }, { token: approverToken });
  });

  it('is refused when submitted past the cap, counting the waiting ones, in the words of a send', async () => {
    expect((await setMemberCap(12)).status).toBe(200);
    const first = await campaign(8, 200);
    expect(first.body.awaitingApproval).toBe(true);
    const before = await balance();
    const waiting = await waitingCount();
    const past = await campaign(5, 300);
    expect(past.status).toBe(402);
    expect(past.body.error.message).toBe(
      'This send would pass the monthly cap of 12 credits set for you on this team (4 left this month).',
    );
    expect(await balance()).toBe(before);
    expect(await waitingCount()).toBe(waiting);
    // What fits beside the waiting one waits too.
    expect((await campaign(4, 400)).body.awaitingApproval).toBe(true);
    await call(gw, 'rejectcampaign', { id: first.body.approval_id, note: '' }, { token: approverToken });
  });

  it('is checked again when approved: a cap lowered meanwhile refuses it and keeps it waiting', async () => {
    const held = await campaign(6, 500);
    expect(held.body.awaitingApproval).toBe(true);
    expect((await setMemberCap(5)).status).toBe(200);
    const approve = await call(
      gw,
      'approvecampaign',
      { id: held.body.approval_id, note: '' },
      { token: approverToken },
    );
    expect(approve.status).toBe(402);
    expect(approve.body.error.message).toMatch(/^This send would pass the monthly cap of 5 credits set for you/);
    const mine = await call(gw, 'myapprovals', {}, { token: senderToken });
    expect(mine.body.approvals.find((a: { id: number }) => a.id === held.body.approval_id)).toMatchObject({
      state: 'waiting',
    });
  });

  it('holds when campaigns are submitted at once: what waits never passes the cap', async () => {
    const mine = await call(gw, 'myapprovals', {}, { token: senderToken });
    for (const a of mine.body.approvals as { id: number; state: string }[])
      if (a.state === 'waiting') await call(gw, 'rejectcampaign', { id: a.id, note: '' }, { token: approverToken });
    expect((await setMemberCap(30)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, k) => campaign(4, 1000 + k * 4)));
    expect(answers.filter((a) => a.body.awaitingApproval === true)).toHaveLength(7);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused.body.error.message).toMatch(/^This send would pass the monthly cap of 30 credits set for you/);
    expect(await waitingCount()).toBe(7);
  });
});

describe("a campaign's reservation", () => {
  it('is the price of what would be sent: its opted-out numbers are neither counted nor reserved', async () => {
    await setMemberCap('');
    const list = numbers(6, 5000).split(',');
    await suppress(gw.ctx.db, demo.profile_id, list.slice(0, 2), 'manual', demo.profile_id, gw.clock.now);
    const before = await balance();
    // Six numbers, two opted out: four would be sent, under the rule's limit of three still a campaign to approve.
    const held = await campaign(6, 5000);
    expect(held.body.awaitingApproval).toBe(true);
    expect(await balance()).toBe(before - 4);
    const mine = await call(gw, 'myapprovals', {}, { token: senderToken });
    expect(mine.body.approvals.find((a: { id: number }) => a.id === held.body.approval_id)).toMatchObject({
      recipients: 4,
      cost: 4,
      firstNumbers: list.slice(2),
    });
    // Three would be sent: no campaign to approve, it goes out at once.
    await suppress(gw.ctx.db, demo.profile_id, [list[2]!], 'manual', demo.profile_id, gw.clock.now);
    expect((await campaign(6, 5000)).body.message).toBe('Messages sent successfully');
  });
});
