import { memo, type CSSProperties } from 'react';
import { Button, Checkbox } from '@mantine/core';
import type { ContactFields } from '../../domain/contacts/contact-fields';
import { birthdayText, consentText, contactName } from '../../domain/contacts/phonebook';
import type { StoredContact } from '../../db/app-db';
import { displayPhone } from '../../domain/numbers/phone-number';

// Plain elements for layout and text: a fast scroll mounts a dozen rows a frame, so each row stays light.
const truncate: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', margin: 0 };
const ROW: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 'var(--mantine-spacing-sm)',
  padding: '0 4px',
  height: '100%',
  borderBottom: '1px solid var(--mantine-color-gray-3)',
  overflow: 'hidden',
};
const NAME: CSSProperties = {
  ...truncate,
  fontWeight: 600,
  fontSize: 'var(--mantine-font-size-md)',
  lineHeight: 'var(--mantine-line-height-md)',
};
const DETAIL: CSSProperties = {
  ...truncate,
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height-sm)',
  color: 'var(--mantine-color-dimmed)',
};

type ContactRowProps = {
  contact: StoredContact;
  editable: boolean;
  selected: boolean;
  onToggle: (id: number) => void;
  onEdit: (contact: StoredContact) => void;
  onDelete: (ids: readonly number[]) => void;
};

/** One contact of the group page; memoised with stable handlers, so a selection re-renders only its row. */
export const ContactRow = memo(function ContactRow(props: ContactRowProps) {
  const { contact: c, editable, selected, onToggle, onEdit, onDelete } = props;
  // The birthday leads its line, so a phone's narrow row cuts the consent's end, never the birthday's year.
  const more = [c.birthday && `Birthday ${birthdayText(c.birthday)}`, consentText(c.consentsource, c.consentdate)]
    .filter(Boolean)
    .join(' · ');
  const label = contactName(c as ContactFields);
  return (
    <div style={ROW}>
      {editable && <Checkbox checked={selected} onChange={() => onToggle(c.id)} aria-label={`Select ${label}`} />}
      <div style={{ flex: 1, minWidth: 0 }}>
        <p style={NAME}>{label}</p>
        <p style={DETAIL}>{c.phonenumber ? displayPhone(c.phonenumber) : 'No phone number'}</p>
        {more && <p style={DETAIL}>{more}</p>}
        {c.email && <p style={DETAIL}>{c.email}</p>}
      </div>
      {editable && (
        <div style={{ display: 'flex', gap: 4, flexShrink: 0 }}>
          <Button size="compact-sm" variant="subtle" onClick={() => onEdit(c)} aria-label={`Edit ${label}`}>
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => onDelete([c.id])}
            aria-label={`Delete ${label}`}
          >
            Delete
          </Button>
        </div>
      )}
    </div>
  );
});
