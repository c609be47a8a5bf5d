// The lists by team member (docs/product.md#who-did-what): a "Member" select, shown to those who see the team
// while the account has members, kept in the address as ?member=<id>; one member's messages are asked online.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Select, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { may } from '../../domain/account/permissions';
import type { BulkMessage, ListItem, ListName, ScheduledMessage } from '../../api/list-api';
import type { StoredUser } from '../../db/app-db';
import { memberMessages } from '../../sync/message-sync';
import { teamMembers, type Member } from '../../sync/team';
import { useOnline } from '../../ui/use-online';
import { BulkMessageRow, ScheduledMessageRow } from './message-row';

/** The member the address names (?member=<id>), or null for everyone, and how to choose another. */
function useMemberParam(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('member'));
  const chosen = Number.isInteger(id) && id > 0 ? id : null;
  const choose = useCallback(
    (next: number | null) =>
      setParams(
        (p) => {
          if (next === null) p.delete('member');
          else p.set('member', String(next));
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [chosen, choose];
}

/** The lists' member filter: the account's members (to those who see the team) and the one chosen, if any. */
export function useMemberFilter(user: StoredUser, view: 'personal' | 'client') {
  const members = useTeamMembers(user);
  const [chosen, choose] = useMemberParam();
  // The account's own lists only; an id the team does not have is everyone.
  const memberId = view === 'personal' && members.some((m) => m.id === chosen) ? chosen : null;
  return { members: view === 'personal' ? members : [], memberId, choose };
}

/**
 * The Member select. It chooses whose overview and messages show, so it stands above both: nothing that loads
 * later moves it (the overview's charts come after it).
 */
export function MemberChoice({ filter }: { filter: ReturnType<typeof useMemberFilter> }) {
  return <MemberSelect members={filter.members} value={filter.memberId} onChange={filter.choose} />;
}

/** One member's messages when one is chosen, else the list itself (`children`). */
export function ByMember(props: {
  filter: ReturnType<typeof useMemberFilter>;
  list: ListName;
  statusHref: (key: string) => string;
  children: ReactNode;
}) {
  const { memberId } = props.filter;
  return memberId === null ? (
    props.children
  ) : (
    <MemberMessages key={memberId} list={props.list} memberId={memberId} statusHref={props.statusHref} />
  );
}

/** The account's members, for those whose roles show the team (online); empty for everyone else. */
function useTeamMembers(user: StoredUser): Member[] {
  const online = useOnline();
  const [members, setMembers] = useState<Member[]>([]);
  const allowed = may(user, 'members');
  useEffect(() => {
    if (!allowed || !online) return;
    let live = true;
    teamMembers()
      .then((answer) => live && setMembers(answer.members))
      .catch(() => live && setMembers([]));
    return () => {
      live = false;
    };
  }, [allowed, online]);
  return members;
}

/** "Member": everyone, or one of the account's members. Not shown while the account has none. */
function MemberSelect(props: { members: Member[]; value: number | null; onChange: (id: number | null) => void }) {
  if (props.members.length === 0) return null;
  return (
    <Select
      label="Member"
      data={[{ value: '', label: 'Everyone' }, ...props.members.map((m) => ({ value: String(m.id), label: m.name }))]}
      value={props.value === null ? '' : String(props.value)}
      onChange={(v) => props.onChange(v ? Number(v) : null)}
      allowDeselect={false}
      maw={320}
    />
  );
}

/** One member's messages in a list, newest first, a page at a time. */
function MemberMessages(props: { list: ListName; memberId: number; statusHref: (key: string) => string }) {
  const { list, memberId } = props;
  const navigate = useNavigate();
  const online = useOnline();
  const [rows, setRows] = useState<ListItem[]>([]);
  const [page, setPage] = useState({ pageNum: 0, hasMore: true, failed: false });
  const load = useCallback(
    (pageNum: number) =>
      memberMessages(list, memberId, pageNum)
        .then((answer) => {
          setRows((before) => (pageNum === 1 ? answer.items : [...before, ...answer.items]));
          setPage({ pageNum, hasMore: answer.hasMore, failed: false });
        })
        .catch(() => setPage((p) => ({ ...p, failed: true }))),
    [list, memberId],
  );
  useEffect(() => {
    if (online) void load(1);
  }, [online, load]);
  if (!online) return <Text size="sm">One member&apos;s messages need a connection.</Text>;
  return (
    <Stack gap="xs" role="list" aria-label="The member's messages">
      {page.pageNum === 1 && rows.length === 0 && <Text size="sm">No messages by this member.</Text>}
      {rows.map((row, i) => (
        <div role="listitem" key={i}>
          {list.startsWith('quick') ? (
            <BulkMessageRow
              data={row as BulkMessage}
              showAuthor={false}
              onOpen={() =>
                navigate(props.statusHref((row as BulkMessage).randomAlpha || String((row as BulkMessage).message_id)))
              }
            />
          ) : (
            <ScheduledMessageRow
              data={row as ScheduledMessage}
              showAuthor={false}
              recurring={list.startsWith('recurring')}
            />
          )}
        </div>
      ))}
      {page.failed && <Text size="sm">The member&apos;s messages could not be loaded. Please try again.</Text>}
      {page.hasMore && page.pageNum > 0 && (
        <Button variant="default" onClick={() => void load(page.pageNum + 1)} w="fit-content">
          Load more
        </Button>
      )}
    </Stack>
  );
}
