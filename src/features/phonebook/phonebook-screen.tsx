import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { contactCountText, createdText, groupNameError } from '../../domain/contacts/phonebook';
import type { StoredGroup } from '../../db/app-db';
import { createGroup } from '../../sync/phonebook-sync';
import { useClientGroups, useGroups } from '../../sync/hooks/use-phonebook';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { DeleteGroupDialog } from './delete-group-dialog';
import { SEARCH_MAX_LENGTH } from '../../domain/constants';

export const PHONEBOOK_OFFLINE_NOTE =
  'These are the phone books saved on this device. Creating, editing and deleting need a connection';

/** The phone book list: the user's books (create, delete) or, for an admin, its clients' (read-only). */
export function PhonebookScreen({ clients = false }: { clients?: boolean }) {
  const own = useGroups(!clients);
  const theirs = useClientGroups(clients);
  const { groups, status } = clients ? theirs : own;
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<StoredGroup | null>(null);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle || !groups) return groups ?? [];
    return groups.filter((g) => `${g.groupname}\n${g.username}`.toLowerCase().includes(needle));
  }, [groups, search]);

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {clients ? 'Client phone books' : 'Phone book'}
        </Title>
        {status === 'loading' && <Loader size="sm" aria-label="Loading phone books" />}
      </Group>
      {(!online || status === 'stored') && <OfflineNote online={online}>{PHONEBOOK_OFFLINE_NOTE}</OfflineNote>}
      {!clients && <CreateGroupForm existing={groups ?? []} online={online} />}
      <TextInput
        label="Search phone books"
        placeholder={clients ? 'Phone book or owner name' : 'Phone book name'}
        value={search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {groups && shown.length === 0 && (
        <Text c="dimmed">
          {groups.length > 0
            ? 'No phone book matches your search.'
            : clients
              ? 'Your clients have no phone books yet.'
              : 'You have no phone books yet. Create one above.'}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((g) => (
          <GroupCard key={g.id} group={g} clients={clients} onDelete={clients ? undefined : () => setDeleting(g)} />
        ))}
      </SimpleGrid>
      <DeleteGroupDialog group={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function GroupCard({ group: g, clients, onDelete }: { group: StoredGroup; clients: boolean; onDelete?: () => void }) {
  const href = clients ? APP_PATHS.clientPhonebookContacts.getHref(g.id) : APP_PATHS.phonebookContacts.getHref(g.id);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={g.groupname}>
      <Stack gap={4}>
        <Anchor component={Link} to={href} fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {g.groupname}
        </Anchor>
        {clients && <Text size="sm">Owner: {g.username}</Text>}
        <Text size="sm" c="dimmed">
          {contactCountText(g.contactcount)}
          {g.setuptime ? ` · ${createdText(g.setuptime)}` : ''}
        </Text>
        <Group gap="xs" mt="xs">
          {/* Named by book: a screen reader's list of links or buttons tells each card's apart. */}
          <Button component={Link} to={href} size="xs" variant="light" aria-label={`Open ${g.groupname}`}>
            Open
          </Button>
          {onDelete && (
            <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${g.groupname}`}>
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function CreateGroupForm({ existing, online }: { existing: readonly StoredGroup[]; online: boolean }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problem = groupNameError(
      name,
      existing.map((g) => g.groupname),
    );
    setError(problem);
    if (problem) return;
    setBusy(true);
    const submitted = name;
    const result = await createGroup(submitted.trim());
    setBusy(false);
    // The new book shows in the list before the answer returns: keep a name typed meanwhile.
    if (result.ok) setName((current) => (current === submitted ? '' : current));
    else setError(result.message);
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="New phone book"
          placeholder="Name of the phone book"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" loading={busy} disabled={!online}>
          Create phone book
        </Button>
      </Group>
    </Paper>
  );
}
