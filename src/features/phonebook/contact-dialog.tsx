import { useState } from 'react';
import { Alert, Modal, SimpleGrid, TextInput } from '@mantine/core';
import { DialogActions } from '../../ui/dialog-actions';
import { contactEmailError } from '../../domain/contact';
import {
  CONTACT_FIELD_LABELS,
  CONTACT_FIELDS,
  checkContact,
  emptyContact,
  type ContactField,
  type ContactFields,
} from '../../domain/contact-fields';
import type { StoredContact, StoredGroup } from '../../db/app-db';
import { createContact, updateContact } from '../../sync/phonebook-sync';

const INPUT_TYPE: Partial<Record<ContactField, string>> = { email: 'email', phonenumber: 'tel', birthday: 'date' };

const fieldsOf = (c: StoredContact | null): ContactFields =>
  c ? { ...c, birthday: c.birthday.slice(0, 10) } : emptyContact();

/** Add or edit one contact: every field optional, a given e-mail must look like an address (docs/product.md#phone-books). */
export function ContactDialog(props: { group: StoredGroup; contact: StoredContact | null; onClose: () => void }) {
  const { group, contact, onClose } = props;
  const [fields, setFields] = useState<ContactFields>(() => fieldsOf(contact));
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const mailProblem = contactEmailError(fields.email.trim());
    setEmailError(mailProblem);
    if (mailProblem) return;
    const checked = checkContact(fields);
    if (!checked.ok) return setError(checked.message);
    setBusy(true);
    const result = contact
      ? await updateContact(group.id, contact.id, checked.contact)
      : await createContact(group.id, group.groupname, checked.contact);
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.message);
  };

  return (
    <Modal opened onClose={onClose} title={contact ? 'Edit contact' : 'Add contact manually'} centered size="lg">
      <form onSubmit={(e) => (e.preventDefault(), void save())} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {CONTACT_FIELDS.map((f) => (
            <TextInput
              key={f}
              label={CONTACT_FIELD_LABELS[f]}
              type={INPUT_TYPE[f] ?? 'text'}
              value={fields[f]}
              error={f === 'email' ? emailError : null}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setFields((old) => ({ ...old, [f]: value }));
              }}
            />
          ))}
        </SimpleGrid>
        {error && (
          <Alert color="red" variant="light" role="alert" mt="sm">
            {error}
          </Alert>
        )}
        <DialogActions confirmLabel={contact ? 'Save contact' : 'Add contact'} mt="md" onCancel={onClose} busy={busy} />
      </form>
    </Modal>
  );
}
