import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { may } from '../../domain/account/permissions';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { useSession } from '../../sync/hooks/use-session';
import { resendInvitation, teamMembers, type Member } from '../../sync/team';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { InviteDialog } from './invite-dialog';
import { MemberCard } from './member-card';
import { MemberCapDialog, RemoveMemberDialog, RolesDialog } from './member-dialogs';
import { ApprovalRuleCard } from './approval-rule-card';
import { MembersTwoStepCard } from './members-two-step-card';

type Open = { kind: 'invite' } | { kind: 'roles' | 'cap' | 'remove'; member: Member } | null;

/**
 * The Team screen (docs/product.md#members-and-roles): invite by name and phone, the members with their roles
 * and status, roles changed, invitations resent or cancelled, members removed. Online only: the list changes on
 * the gateway (an invitation accepted on another phone).
 */
export function TeamScreen() {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const ownerAllowed = user ? may(user, 'ownership') : false;
  const online = useOnline();
  const [members, setMembers] = useState<Member[] | null>(null);
  const [twoStepRequired, setTwoStepRequired] = useState<boolean | null>(null);
  const [loadedAt, setLoadedAt] = useState(0);
  const [open, setOpen] = useState<Open>(null);
  const loading = useAction('The team could not be loaded. Please try again');
  const acting = useAction('The invitation could not be sent. Please try again');
  const { run } = loading;
  const load = useCallback(
    () =>
      run(async () => {
        const team = await teamMembers();
        setMembers(team.members);
        setTwoStepRequired(team.twoStepRequired === true);
        setLoadedAt(Date.now());
      }),
    [run],
  );
  useEffect(() => {
    if (online) void load();
  }, [online, load]);
  const closed = (changed: boolean) => {
    setOpen(null);
    if (changed) void load();
  };
  const resend = (member: Member) =>
    void acting.run(async () => {
      emitAlert({ message: await resendInvitation(member.id), severity: 'success' });
      await load();
    });

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Team
        </Title>
        <Button disabled={!online} onClick={() => setOpen({ kind: 'invite' })}>
          Invite a member
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Each member signs in with their own mobile number and password and shares this account's balance, sender IDs,
        phone books, templates and messages. Their roles decide what they may do.
      </Text>
      {!online && <OfflineNote online={online}>The team needs a connection.</OfflineNote>}
      {online && members?.length === 0 && (
        <Alert variant="light" color="gray" role="status">
          No members yet. Invite the people who work with you.
        </Alert>
      )}
      <Stack gap="xs" role="list" aria-label="Members">
        {(members ?? []).map((member) => (
          <MemberCard
            key={member.id}
            member={member}
            loadedAt={loadedAt}
            online={online}
            busy={acting.busy}
            onRoles={() => setOpen({ kind: 'roles', member })}
            onCap={() => setOpen({ kind: 'cap', member })}
            onResend={() => resend(member)}
            onRemove={() => setOpen({ kind: 'remove', member })}
          />
        ))}
      </Stack>
      <MembersTwoStepCard required={twoStepRequired} online={online} onChanged={setTwoStepRequired} />
      {user && may(user, 'settings') && <ApprovalRuleCard user={user} online={online} />}
      {open?.kind === 'invite' && <InviteDialog ownerAllowed={ownerAllowed} onClose={closed} />}
      {open?.kind === 'roles' && <RolesDialog member={open.member} ownerAllowed={ownerAllowed} onClose={closed} />}
      {open?.kind === 'cap' && <MemberCapDialog member={open.member} onClose={closed} />}
      {open?.kind === 'remove' && <RemoveMemberDialog member={open.member} onClose={closed} />}
    </Stack>
  );
}
