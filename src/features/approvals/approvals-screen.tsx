import { useCallback, useEffect, useState } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { may } from '../../domain/account/permissions';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { useSession } from '../../sync/hooks/use-session';
import { approvalLists, decideCampaign, type Approval } from '../../sync/approvals';
import { tellWaiting } from '../../sync/waiting-approvals';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { ApprovalCard } from './approval-card';
import { approvalRuleOfUser, ruleText } from '../../domain/send/approval';

const NOT_YOURS = 'Your own campaign: another approver decides it.';

/**
 * The Approvals screen (docs/product.md#the-two-person-rule): an approver's list of the campaigns waiting,
 * each approved or rejected with a note; a member's own campaigns under the rule and how they were decided.
 * Online only: another approver may decide a campaign meanwhile.
 */
export function ApprovalsScreen() {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const approves = user ? may(user, 'approve') : false;
  const isMember = Boolean(user?.member);
  const ownList = isMember && user !== null && may(user, 'send');
  const memberId = user?.member?.id ?? null;
  const online = useOnline();
  const [lists, setLists] = useState<{ toDecide: Approval[]; mine: Approval[] } | null>(null);
  const loading = useAction('The campaigns could not be loaded. Please try again');
  const deciding = useAction('The decision could not be saved. Please try again');
  const { run } = loading;
  const load = useCallback(
    () =>
      run(async () => {
        const loaded = await approvalLists({ toDecide: approves, mine: ownList });
        setLists(loaded);
        // The menu's badge follows what this screen shows.
        tellWaiting(memberId, loaded.toDecide, loaded.mine);
      }),
    [run, approves, ownList, memberId],
  );
  useEffect(() => {
    if (online) void load();
  }, [online, load]);
  const decide = (id: number) => (decision: 'approve' | 'reject', note: string) =>
    void deciding.run(async () => {
      try {
        emitAlert({ message: await decideCampaign(decision, id, note), severity: 'success' });
      } finally {
        await load();
      }
    });

  const waiting = (lists?.toDecide ?? []).filter((a) => a.state === 'waiting');
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Approvals
      </Title>
      {user && (
        <Text size="sm" c="dimmed">
          {ruleText(approvalRuleOfUser(user))}.
        </Text>
      )}
      {!online && <OfflineNote online={online}>Approvals need a connection.</OfflineNote>}
      {approves && (
        <Section
          title="Campaigns to decide"
          empty={lists !== null && waiting.length === 0 ? 'No campaign is waiting for approval.' : null}
          approvals={lists?.toDecide ?? []}
          render={(a) => (
            <ApprovalCard
              key={a.id}
              approval={a}
              decidable={online && a.author.id !== memberId}
              why={a.author.id === memberId ? NOT_YOURS : undefined}
              busy={deciding.busy}
              onDecide={decide(a.id)}
            />
          )}
        />
      )}
      {ownList && (
        <Section
          title="Your campaigns"
          empty={lists !== null && lists.mine.length === 0 ? 'None of your campaigns has needed approval.' : null}
          approvals={lists?.mine ?? []}
          render={(a) => <ApprovalCard key={a.id} approval={a} decidable={false} busy={false} onDecide={() => {}} />}
        />
      )}
    </Stack>
  );
}

function Section(props: {
  title: string;
  empty: string | null;
  approvals: Approval[];
  render: (a: Approval) => React.ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {props.title}
      </Title>
      {props.empty && (
        <Alert variant="light" color="gray" role="status">
          {props.empty}
        </Alert>
      )}
      <Stack gap="xs" role="list" aria-label={props.title}>
        {props.approvals.map(props.render)}
      </Stack>
    </Stack>
  );
}
