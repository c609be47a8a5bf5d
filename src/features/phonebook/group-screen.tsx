import { useCallback, useMemo, useState, type DragEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, Button, Checkbox, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { contactCountText, contactSearchText, contactsHeading, searchIndices } from '../../domain/contacts/phonebook';
import type { StoredContact } from '../../db/app-db';
import { deleteContacts, UNDO_DELETE_MS } from '../../sync/phonebook-sync';
import { useClientGroups, useContacts, useGroup, useGroups } from '../../sync/hooks/use-phonebook';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { VirtualList } from '../../ui/virtual-list';
import { ContactDialog } from './contact-dialog';
import { ContactRow } from './contact-row';
import { ImportDialog, type ImportStart } from './import-dialog';
import { PHONEBOOK_OFFLINE_NOTE } from './phonebook-screen';
import { SEARCH_MAX_LENGTH } from '../../domain/constants';
import { pickedContactsSheet } from '../../domain/send/picked-contacts';
import { useIncoming } from '../../flows/use-incoming';
import { PhoneContactsButton } from '../../ui/phone-contacts-button';
import { buildContactsExport } from '../../excel/export-file';
import { useAction } from '../../sync/hooks/use-action';
import { noteExport } from '../../sync/security';
import { downloadBytes } from '../../ui/download';

const ROW_HEIGHT = 88;

type Editing = { mode: 'add' } | { mode: 'edit'; contact: StoredContact } | null;

/** A book's page (docs/product.md#phone-books): search, add by hand or from Excel, contacts newest first; the client version reads only. */
export function GroupScreen({ clients = false }: { clients?: boolean }) {
  const groupId = Number(useParams().id);
  useGroups(!clients);
  useClientGroups(clients);
  const group = useGroup(groupId);
  const { contacts, status } = useContacts(groupId);
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  // The import dialog, with what it starts with: nothing (choose a file), a file that came in, people picked.
  const [importing, setImporting] = useState<{ start?: ImportStart } | null>(null);
  const editable = !clients;
  // A spreadsheet opened with the app or dropped here while this book shows goes to its import.
  const takesFiles = editable && !!group;
  useIncoming(({ file }) => file && setImporting({ start: { file } }), { enabled: takesFiles });
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const [dropped] = event.dataTransfer.files;
    if (!dropped || !takesFiles) return;
    event.preventDefault();
    setImporting({ start: { file: dropped } });
  };

  // Deleted here: hidden at once, before the device's copy is read again; put back if the gateway refuses.
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const visible = useMemo(
    () => (hidden.size ? (contacts ?? []).filter((c) => !hidden.has(c.id)) : (contacts ?? [])),
    [contacts, hidden],
  );
  // Each contact's lower-case search text is stored with it: a key stroke is plain tests over one array of strings.
  const texts = useMemo(() => visible.map((c) => c.search ?? contactSearchText(c)), [visible]);
  const shown = useMemo(() => {
    const found = searchIndices(texts, search);
    return found ? found.map((i) => visible[i]!) : visible;
  }, [visible, texts, search]);
  const liveSelected = useMemo(() => {
    if (selected.size === 0) return [];
    const ids = new Set(visible.map((c) => c.id));
    return [...selected].filter((id) => ids.has(id));
  }, [selected, visible]);

  const toggle = useCallback(
    (id: number) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  // Gone at once, with Undo for a few seconds before the deletion is sent (phonebook-sync.ts).
  const remove = useCallback((ids: readonly number[]) => {
    setHidden((h) => new Set([...h, ...ids]));
    const putBack = () => setHidden((h) => new Set([...h].filter((id) => !ids.includes(id))));
    void deleteContacts(ids, UNDO_DELETE_MS).then(
      (outcome) => (outcome === 'refused' || outcome === 'undone') && putBack(),
      putBack,
    );
  }, []);
  // Select all: every contact shown (the search's matches when searching).
  const allShownSelected = shown.length > 0 && shown.every((c) => selected.has(c.id));
  const someShownSelected = !allShownSelected && shown.some((c) => selected.has(c.id));
  const toggleAll = () =>
    setSelected((s) => {
      const next = new Set(s);
      for (const c of shown) {
        if (allShownSelected) next.delete(c.id);
        else next.add(c.id);
      }
      return next;
    });
  const removeSelected = () => {
    remove(liveSelected);
    setSelected(new Set());
  };
  const edit = useCallback((contact: StoredContact) => setEditing({ mode: 'edit', contact }), []);
  const renderContact = useCallback(
    (c: StoredContact) => (
      <ContactRow
        contact={c}
        editable={editable}
        selected={selected.has(c.id)}
        onToggle={toggle}
        onEdit={edit}
        onDelete={remove}
      />
    ),
    [editable, selected, toggle, edit, remove],
  );

  // The export writes the contacts shown (the search's matches when searching), every field with consent.
  const exporting = useAction('The contacts could not be written. Please try again');
  const exportShown = () =>
    void exporting.run(async () => {
      downloadBytes(await buildContactsExport(shown), `${exportName(group?.groupname ?? 'contacts')}.xlsx`);
      noteExport('contacts', shown.length);
    });

  const back = clients ? APP_PATHS.clientPhonebook.getHref() : APP_PATHS.phonebook.getHref();
  const name = group?.groupname ?? '';
  return (
    <Stack
      gap="md"
      maw={1100}
      onDragOver={(event) => takesFiles && event.dataTransfer.types.includes('Files') && event.preventDefault()}
      onDrop={onDrop}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button component={Link} to={back} variant="default">
          Back
        </Button>
        {status === 'loading' && <Loader size="sm" aria-label="Loading contacts" />}
      </Group>
      {group === null && status !== 'loading' && (
        <Alert color="red" variant="light" role="alert">
          This phone book was not found. It may have been deleted.
        </Alert>
      )}
      {(!online || status === 'stored') && <OfflineNote online={online}>{PHONEBOOK_OFFLINE_NOTE}</OfflineNote>}
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {contactsHeading(name)}
      </Title>
      {group?.client && <Text size="sm">Owner: {group.username}</Text>}
      {editable && group && (
        <Group gap="sm" wrap="wrap">
          <Button onClick={() => setEditing({ mode: 'add' })} disabled={!online}>
            Add contact manually
          </Button>
          <Button variant="light" onClick={() => setImporting({})} disabled={!online}>
            Load contacts from Excel
          </Button>
          {online && (
            <PhoneContactsButton
              onPicked={(people) => {
                const picked = pickedContactsSheet(people);
                if (picked) setImporting({ start: { picked } });
              }}
            />
          )}
        </Group>
      )}
      <TextInput
        label="Search contacts"
        placeholder="Name, phone number, e-mail or birthday"
        value={search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <Group justify="space-between" wrap="wrap" gap="sm">
        {editable && shown.length > 0 && (
          <Checkbox
            label="Select all"
            checked={allShownSelected}
            indeterminate={someShownSelected}
            onChange={toggleAll}
            pl={4}
          />
        )}
        <Text size="sm" c="dimmed" aria-live="polite" mr="auto">
          {contacts === undefined
            ? ''
            : search.trim()
              ? `${shown.length.toLocaleString('en-US')} of ${contactCountText(visible.length)}`
              : contactCountText(visible.length)}
        </Text>
        {shown.length > 0 && (
          <Button variant="default" size="xs" onClick={exportShown} loading={exporting.busy}>
            Export to Excel
          </Button>
        )}
        {editable && liveSelected.length > 0 && (
          <Button color="red" variant="light" size="xs" onClick={removeSelected}>
            Delete selected ({liveSelected.length})
          </Button>
        )}
      </Group>
      {contacts && shown.length === 0 && (
        <Text c="dimmed">
          {visible.length ? 'No contact matches your search.' : 'This phone book has no contacts yet.'}
        </Text>
      )}
      {shown.length > 0 && (
        <VirtualList
          items={shown}
          rowHeight={ROW_HEIGHT}
          height={`min(72vh, ${shown.length * ROW_HEIGHT + 8}px)`}
          itemKey={contactKey}
          label={contactsHeading(name)}
          renderItem={renderContact}
        />
      )}
      {group && editing && (
        <ContactDialog
          group={group}
          contact={editing.mode === 'edit' ? editing.contact : null}
          onClose={() => setEditing(null)}
        />
      )}
      {group && importing && <ImportDialog group={group} start={importing.start} onClose={() => setImporting(null)} />}
    </Stack>
  );
}

const contactKey = (c: StoredContact) => String(c.id);
const exportName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'contacts';
