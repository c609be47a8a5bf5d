// The two-person rule in the app (docs/product.md#the-two-person-rule): the Approvals screen lists what waits
// with what would go out, to whom, when and for what, and sends an approver's decision with its note; the
// author sees their own without buttons; the Team screen's card saves the owner's rule.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../../src/db/db';
import { saveSignIn } from '../../../../src/db/session-store';
import type { UserInfo } from '../../../../src/domain/types';
import type { Approval } from '../../../../src/domain/contract/approvals';
import { ApprovalsScreen } from '../../../../src/features/approvals/approvals-screen';
import { ApprovalRuleCard } from '../../../../src/features/team/approval-rule-card';
import { makeUser } from '../../domain/factories';
import { renderApp } from '../../support/render-app';
import { stubFetch } from '../../support/fetch-stub';

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!(document as { fonts?: unknown }).fonts) {
  Object.defineProperty(document, 'fonts', {
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
    configurable: true,
  });
}

const waiting = (over: Partial<Approval> = {}): Approval => ({
  id: 7,
  state: 'waiting',
  author: { id: 11, name: 'Ama Sender' },
  sourceAddress: 'DEMO',
  text: 'Big sale this weekend',
  description: 'Weekend sale',
  kind: 'quick',
  category: 'promotional',
  sendAt: Date.parse('2026-11-20T10:00:00Z'),
  recipients: 500,
  firstNumbers: ['233241000001', '233241000002'],
  parts: 1,
  cost: 500,
  createdAt: Date.parse('2026-11-20T10:00:00Z'),
  decidedBy: '',
  decidedAt: 0,
  note: '',
  messageId: null,
  ...over,
});

const sent: Record<string, Record<string, unknown>[]> = {};

function gateway(lists: { approvals?: Approval[]; mine?: Approval[] }, user?: UserInfo) {
  for (const key of Object.keys(sent)) delete sent[key];
  return stubFetch((url, init) => {
    const name = url.split('/').pop() ?? '';
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    (sent[name] ??= []).push(body);
    if (name === 'approvals') return { body: { approvals: lists.approvals ?? [] } };
    if (name === 'myapprovals') return { body: { approvals: lists.mine ?? [] } };
    if (name === 'approvecampaign')
      return {
        body: { status: 'successful', message: 'The campaign has been approved and sent', approval: waiting() },
      };
    if (name === 'rejectcampaign')
      return { body: { status: 'successful', message: 'The campaign has been rejected', approval: waiting() } };
    if (name === 'setapprovalrule')
      return { body: { userInfo: { ...user, approvalover: body.over === '' ? null : Number(body.over) } } };
    return undefined;
  });
}

async function signIn(overrides: Partial<UserInfo> = {}) {
  const user = makeUser(overrides);
  await saveSignIn(user);
  return { ...user, token: '' };
}

const approverUser = {
  member: { id: 12, name: 'Kofi Approver', roles: ['Approver'] },
  permissions: ['approve', 'reports'],
} satisfies Partial<UserInfo>;
const senderUser = {
  member: { id: 11, name: 'Ama Sender', roles: ['Sender'] },
  permissions: ['send', 'phonebook', 'templates', 'reports'],
} satisfies Partial<UserInfo>;

describe('the Approvals screen', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows an approver what waits, and sends the approval with the note', async () => {
    await signIn({ ...approverUser, approvalover: 100 });
    gateway({ approvals: [waiting()] });
    const { user } = renderApp(<ApprovalsScreen />, { path: '/approvals' });
    const card = await screen.findByRole('listitem', { name: 'Campaign by Ama Sender' });
    expect(within(card).getByText('Big sale this weekend')).toBeTruthy();
    expect(within(card).getByText(/From DEMO · 500 recipients · 1 part each · 500 credits reserved/)).toBeTruthy();
    expect(within(card).getByText(/and 498 more/)).toBeTruthy();
    expect(within(card).getByText(/As soon as it is approved/)).toBeTruthy();
    expect(
      screen.getByText(/Approval is required for campaigns over 100 recipients made by team members/),
    ).toBeTruthy();
    await user.type(within(card).getByLabelText('Note (optional)'), 'Checked the list');
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(sent.approvecampaign).toEqual([expect.objectContaining({ id: 7, note: 'Checked the list' })]),
    );
    // The list is asked again: another approver may have decided meanwhile.
    await waitFor(() => expect(sent.approvals).toHaveLength(2));
    expect(sent.myapprovals).toBeUndefined();
  });

  it('rejects with the note', async () => {
    await signIn(approverUser);
    gateway({ approvals: [waiting()] });
    const { user } = renderApp(<ApprovalsScreen />, { path: '/approvals' });
    const card = await screen.findByRole('listitem', { name: 'Campaign by Ama Sender' });
    await user.type(within(card).getByLabelText('Note (optional)'), 'Wrong list');
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(sent.rejectcampaign).toEqual([expect.objectContaining({ id: 7, note: 'Wrong list' })]));
    await waitFor(() => expect(sent.approvals).toHaveLength(2));
  });

  it('shows the author their own, waiting and decided, with no buttons', async () => {
    await signIn(senderUser);
    const decided = waiting({
      id: 8,
      state: 'rejected',
      decidedBy: 'Kofi Approver',
      decidedAt: Date.parse('2026-11-20T11:00:00Z'),
      note: 'Wrong list',
    });
    gateway({ mine: [waiting(), decided] });
    renderApp(<ApprovalsScreen />, { path: '/approvals' });
    const mine = await screen.findByRole('list', { name: 'Your campaigns' });
    await within(mine).findAllByRole('listitem');
    expect(
      within(mine)
        .getAllByTestId('approval-state')
        .map((b) => b.textContent),
    ).toEqual(['Awaiting approval', 'Rejected']);
    expect(within(mine).getByText(/Rejected by Kofi Approver on .*: “Wrong list”/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Campaigns to decide' })).toBeNull();
    expect(sent.approvals).toBeUndefined();
  });

  it('offers an Admin no buttons on their own campaign', async () => {
    await signIn({
      member: { id: 11, name: 'Ama Admin', roles: ['Admin'] },
      permissions: ['send', 'approve', 'reports'],
    });
    gateway({ approvals: [waiting()], mine: [waiting()] });
    renderApp(<ApprovalsScreen />, { path: '/approvals' });
    const toDecide = await screen.findByRole('list', { name: 'Campaigns to decide' });
    await within(toDecide).findByText('Your own campaign: another approver decides it.');
    expect(within(toDecide).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says when nothing waits', async () => {
    await signIn(approverUser);
    gateway({ approvals: [] });
    renderApp(<ApprovalsScreen />, { path: '/approvals' });
    await screen.findByText('No campaign is waiting for approval.');
  });
});

describe("the Team screen's approval rule", () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves campaigns over N recipients and all marketing sends', async () => {
    const owner = await signIn();
    gateway({}, owner);
    const { user } = renderApp(<ApprovalRuleCard user={owner} online />);
    expect(screen.getByTestId('approval-rule-summary').textContent).toBe('No approval is required');
    await user.click(screen.getByRole('switch', { name: 'Campaigns over a number of recipients need approval' }));
    const limit = screen.getByRole('textbox', { name: 'More than this many recipients' });
    await user.clear(limit);
    await user.type(limit, '250');
    await user.click(screen.getByRole('checkbox', { name: 'All marketing (promotional) sends need approval' }));
    await user.click(screen.getByRole('button', { name: 'Save approval rule' }));
    await waitFor(() =>
      expect(sent.setapprovalrule).toEqual([expect.objectContaining({ over: '250', marketing: true })]),
    );
    // The stored user follows the answer: the summary says the new rule.
    await waitFor(async () => expect((await db.users.toArray())[0]).toMatchObject({ approvalover: 250 }));
  });
});
