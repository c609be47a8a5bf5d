import { useCallback, useState, type DragEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, Button, Checkbox, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { contactCountText, contactsHeading } from '../../domain/contacts/phonebook';
import type { StoredContact, StoredGroup } from '../../db/app-db';
import { useClientGroups, useContacts, useGroup, useGroups } from '../../sync/hooks/use-phonebook';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { VirtualList } from '../../ui/virtual-list';
import { ContactDialog } from './contact-dialog';
import { ContactRow } from './contact-row';
import { ImportDialog } from './import-dialog';
import type { ImportStart } from './use-contact-import';
import { useShownContacts, type ShownContacts } from './use-shown-contacts';
import { PHONEBOOK_OFFLINE_NOTE } from './phonebook-screen';
import { SEARCH_MAX_LENGTH } from '../../domain/constants';
import { pickedContactsSheet } from '../../domain/send/picked-contacts';
import { useIncoming } from '../../flows/use-incoming';
import { PhoneContactsButton } from '../../ui/phone-contacts-button';
import { buildContactsExport } from '../../excel/export-file';
import { useAction } from '../../sync/hooks/use-action';
import { noteExport } from '../../sync/security';
import { downloadBytes } from '../../ui/download';
import { formatNumber } from '../../domain/numbers/number-format';

const ROW_HEIGHT = 96;

type Editing = { mode: 'add' } | { mode: 'edit'; contact: StoredContact } | null;
// The import dialog, with what it starts with: nothing (choose a file), a file that came in, people picked.
type Importing = { start?: ImportStart } | null;

/** A book's page (docs/product.md#phone-books): search, add by hand or from Excel, contacts newest first; the client version reads only. */
export function GroupScreen({ clients = false }: { clients?: boolean }) {
  const groupId = Number(useParams().id);
  useGroups(!clients);
  useClientGroups(clients);
  const group = useGroup(groupId);
  const { contacts, status } = useContacts(groupId);
  const online = useOnline();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState<Importing>(null);
  const list = useShownContacts(contacts, search);
  const { shown, selected, toggle, remove } = list;
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

  const name = group?.groupname ?? '';
  return (
    <Stack
      gap="md"
      maw={1100}
      onDragOver={(event) => takesFiles && event.dataTransfer.types.includes('Files') && event.preventDefault()}
      onDrop={onDrop}
    >
      <GroupHeading
        clients={clients}
        group={group}
        online={online}
        loading={status === 'loading'}
        stored={status === 'stored'}
      />
      {editable && group && (
        <AddContactButtons online={online} onAdd={() => setEditing({ mode: 'add' })} onImport={setImporting} />
      )}
      <TextInput
        label="Search contacts"
        placeholder="Name, phone number, e-mail or birthday"
        value={search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <ContactsToolbar
        list={list}
        editable={editable}
        searching={!!search.trim()}
        loaded={contacts !== undefined}
        bookName={name}
      />
      {contacts && shown.length === 0 && (
        <Text c="dimmed">
          {list.visible.length ? 'No contact matches your search.' : 'This phone book has no contacts yet.'}
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

/** Back to the books, the book's name and owner, and whether it is loading, gone or shown from the device. */
function GroupHeading({
  clients,
  group,
  online,
  loading,
  stored,
}: {
  clients: boolean;
  group: StoredGroup | null | undefined;
  online: boolean;
  loading: boolean;
  stored: boolean;
}) {
  const back = clients ? APP_PATHS.clientPhonebook.getHref() : APP_PATHS.phonebook.getHref();
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button component={Link} to={back} variant="default">
          Back
        </Button>
        {loading && <Loader size="sm" aria-label="Loading contacts" />}
      </Group>
      {group === null && !loading && (
        <Alert color="red" variant="light" role="alert">
          This phone book was not found. It may have been deleted.
        </Alert>
      )}
      {(!online || stored) && <OfflineNote online={online}>{PHONEBOOK_OFFLINE_NOTE}</OfflineNote>}
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {contactsHeading(group?.groupname ?? '')}
      </Title>
      {group?.client && <Text size="sm">Owner: {group.username}</Text>}
    </>
  );
}

/** The ways to add contacts to an own book: by hand, from Excel, or (where the phone offers it) from its contacts. */
function AddContactButtons({
  online,
  onAdd,
  onImport,
}: {
  online: boolean;
  onAdd: () => void;
  onImport: (importing: Importing) => void;
}) {
  return (
    <Group gap="sm" wrap="wrap">
      <Button onClick={onAdd} disabled={!online}>
        Add contact manually
      </Button>
      <Button variant="light" onClick={() => onImport({})} disabled={!online}>
        Load contacts from Excel
      </Button>
      {online && (
        <PhoneContactsButton
          onPicked={(people) => {
            const picked = pickedContactsSheet(people);
            if (picked) onImport({ start: { picked } });
          }}
        />
      )}
    </Group>
  );
}

/** Select all, how many are shown, the export of those shown and the deletion of those selected. */
function ContactsToolbar({
  list,
  editable,
  searching,
  loaded,
  bookName,
}: {
  list: ShownContacts;
  editable: boolean;
  searching: boolean;
  loaded: boolean;
  bookName: string;
}) {
  const { shown, visible, liveSelected } = list;
  // The export writes the contacts shown (the search's matches when searching), every field with consent.
  const exporting = useAction('The contacts could not be written. Please try again');
  const exportShown = () =>
    void exporting.run(async () => {
      downloadBytes(await buildContactsExport(shown), `${exportName(bookName || 'contacts')}.xlsx`);
      noteExport('contacts', shown.length);
    });
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      {editable && shown.length > 0 && (
        <Checkbox
          label="Select all"
          checked={list.allShownSelected}
          indeterminate={list.someShownSelected}
          onChange={list.toggleAll}
          pl={4}
        />
      )}
      <Text size="sm" c="dimmed" aria-live="polite" mr="auto">
        {!loaded
          ? ''
          : searching
            ? `${formatNumber(shown.length)} of ${contactCountText(visible.length)}`
            : contactCountText(visible.length)}
      </Text>
      {shown.length > 0 && (
        <Button variant="default" size="xs" onClick={exportShown} loading={exporting.busy}>
          Export to Excel
        </Button>
      )}
      {editable && liveSelected.length > 0 && (
        <Button color="red" variant="light" size="xs" onClick={list.removeSelected}>
          Delete selected ({liveSelected.length})
        </Button>
      )}
    </Group>
  );
}

const contactKey = (c: StoredContact) => String(c.id);
const exportName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'contacts';
