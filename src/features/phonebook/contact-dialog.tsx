import { useState } from 'react';
import { Alert, Autocomplete, Modal, SimpleGrid, TextInput } from '@mantine/core';
import { DialogActions } from '../../ui/dialog-actions';
import { contactEmailError } from '../../domain/contacts/contact';
import {
  CONTACT_FIELD_LABELS,
  CONTACT_FIELDS,
  CONSENT_SOURCES,
  MAX_CONSENT_SOURCE,
  checkContact,
  emptyContact,
  type ContactField,
  type ContactFields,
} from '../../domain/contacts/contact-fields';
import type { StoredContact, StoredGroup } from '../../db/app-db';
import { createContact, updateContact } from '../../sync/phonebook-sync';

const INPUT_TYPE: Partial<Record<ContactField, string>> = {
  email: 'email',
  phonenumber: 'tel',
  birthday: 'date',
  consentdate: 'date',
};
const HINT: Partial<Record<ContactField, string>> = {
  consentsource: 'How the person agreed to get your messages',
  consentdate: 'The day they agreed',
};

const fieldsOf = (c: StoredContact | null): ContactFields =>
  c
    ? { ...emptyContact(), ...c, birthday: c.birthday.slice(0, 10), consentdate: (c.consentdate ?? '').slice(0, 10) }
    : emptyContact();
const today = () => new Date().toISOString().slice(0, 10);

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
          {CONTACT_FIELDS.map((f) =>
            f === 'consentsource' ? (
              <Autocomplete
                key={f}
                label={CONTACT_FIELD_LABELS[f]}
                description={HINT[f]}
                placeholder="Choose or type"
                data={[...CONSENT_SOURCES]}
                maxLength={MAX_CONSENT_SOURCE}
                value={fields[f]}
                onChange={(value) => setFields((old) => ({ ...old, [f]: value }))}
              />
            ) : (
              <TextInput
                key={f}
                label={CONTACT_FIELD_LABELS[f]}
                description={HINT[f]}
                type={INPUT_TYPE[f] ?? 'text'}
                // A consent date cannot be later than today (the gateway checks it too).
                max={f === 'consentdate' ? today() : undefined}
                value={fields[f]}
                error={f === 'email' ? emailError : null}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setFields((old) => ({ ...old, [f]: value }));
                }}
              />
            ),
          )}
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
