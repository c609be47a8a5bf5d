import { useMemo } from 'react';
import { Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { z } from '../../domain/contract/zod';
import { API_SCOPES, createApiKeyBody } from '../../domain/api-v1/schemas';
import type { ApiMode, CreatedKey } from '../../api/developer-api';
import { newApiKey } from '../../sync/developers';
import { useAction } from '../../sync/hooks/use-action';
import { DialogActions } from '../../ui/dialog-actions';
import { DayInput } from '../../ui/day-input';
import { GrowingTextarea } from '../../ui/growing-textarea';

const SCOPE_WORDS: Record<(typeof API_SCOPES)[number], string> = {
  'messages:send': 'Send messages, cancel batches, manage opt-outs',
  'messages:read': 'Read messages and batches',
  'balance:read': 'Read the balance',
  'webhooks:manage': 'Manage webhook endpoints',
};

const ipsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The dialog's fields, named as the API's body names them; the addresses are typed as text, the expiry as a day. */
type KeyFields = { name: string; scopes: string[]; allowedIps: string; expiresAt: string };

/** The fields as the body the API takes (docs/api-v1.md), checked by the API's own schema. */
const keyForm = (mode: ApiMode) =>
  z.preprocess((value) => {
    const f = value as KeyFields;
    return {
      name: f.name.trim(),
      scopes: f.scopes,
      mode,
      ...(f.allowedIps.trim() ? { allowedIps: ipsOf(f.allowedIps) } : {}),
      ...(f.expiresAt ? { expiresAt: new Date(`${f.expiresAt}T23:59:00Z`).toISOString() } : {}),
    };
  }, createApiKeyBody);

/** Each problem on its field, in the words the gateway answers with (`<field> <why>`: server/src/http/api-v1.ts). */
const inGatewayWords = (errors: FormErrors): FormErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path.split('.')[0]!, `${path} ${String(message)}`]),
  );

type CreateKeyDialogProps = {
  mode: ApiMode;
  opened: boolean;
  onClose: () => void;
  onCreated: (key: CreatedKey) => void;
};

/** A new key: its name, scopes, allowed addresses and expiry; the choices stay for the next key but the name. */
export function CreateKeyDialog({ mode, opened, onClose, onCreated }: CreateKeyDialogProps) {
  const schema = useMemo(() => keyForm(mode), [mode]);
  const form = useForm<KeyFields>({
    initialValues: {
      name: '',
      scopes: ['messages:send', 'messages:read', 'balance:read'],
      allowedIps: '',
      expiresAt: '',
    },
    validate: (values) => inGatewayWords(schemaResolver(schema, { sync: true })(values)),
  });
  const { busy, run } = useAction();
  const create = () =>
    void run(async () => {
      onCreated(await newApiKey(schema.parse(form.getValues())));
      form.setFieldValue('name', '');
    });
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={`Create a ${mode} key`} centered>
      <form onSubmit={form.onSubmit(create)}>
        <Stack gap="sm">
          <TextInput
            label="Name"
            description="Which system uses it, so you know what stops if you revoke it"
            {...form.getInputProps('name')}
            maxLength={100}
            required
          />
          <Checkbox.Group label="What it may do" {...form.getInputProps('scopes')} required>
            <Stack gap={6} mt={6}>
              {API_SCOPES.map((s) => (
                <Checkbox key={s} value={s} label={s} description={SCOPE_WORDS[s]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <GrowingTextarea
            label="Only from these addresses (optional)"
            description="IP addresses or CIDR blocks, separated by commas or lines; any address when empty"
            {...form.getInputProps('allowedIps')}
            minRows={2}
          />
          <DayInput
            label="Stops working after (optional)"
            value={form.values.expiresAt}
            error={form.errors.expiresAt}
            onChange={(day) => form.setFieldValue('expiresAt', day)}
          />
          <DialogActions confirmLabel="Create key" onCancel={onClose} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
