import { useMemo, useState, type DragEvent } from 'react';
import { Alert, Button, Center, Checkbox, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { submitLabel } from '../../domain/messages/message-kinds';
import { balanceOf, may } from '../../domain/account/permissions';
import { notAllowedText } from '../../domain/account/team-roles';
import { splitSenderIds } from '../../domain/messages/sender-id';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { useSession } from '../../sync/hooks/use-session';
import { useOptOuts } from '../../sync/hooks/use-opt-outs';
import { editAgain } from '../../sync/outbox-jobs';
import { FormStack } from '../../ui/form-stack';
import { MessageEditor } from './message-editor';
import { MessageTypeFields } from './message-type-fields';
import { useOnline } from '../../ui/use-online';
import { RecipientFields } from './recipient-fields';
import { NumberChecks, PersonalizedPreview } from './recipient-checks';
import { ScheduleFields } from './schedule-fields';
import { SendProgress } from './send-progress';
import { SendSummary } from './send-summary';
import { useDraftExcel } from './use-draft-excel';
import type { Incoming } from '../../flows/incoming';
import { useIncoming, useKeptShare } from '../../flows/use-incoming';
import { SharedInDialog } from './shared-in-dialog';
import { SendConfirmDialog } from './send-confirm-dialog';
import { usePhonebookSource } from './use-phonebook-source';
import { useSendForm, type SendFormApi } from './use-send-form';
import { useSendPlan } from './use-send-plan';
import { useSendSubmit } from './use-send-submit';
import { SendTest } from './send-test';
import { SHORTEN_LINKS_LABEL } from '../../domain/links/short-links';
import { TemplatePicker } from './template-picker';
import { SendCategoryField } from './send-category-field';
import { quietHoursOfUser } from '../../domain/send/quiet-hours';

/** How old the stored opt-out list may be before the send form fetches it again. */
const OPT_OUT_LIST_MAX_AGE_MS = 5 * 60_000;

/** The send form at / (docs/product.md#sending). */
export function SendScreen() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  if (!may(session.user, 'send')) return <NoSending />;
  return <SendForSignedIn user={session.user} />;
}

/** What a team member whose roles do not send sees at / (docs/product.md#members-and-roles). */
function NoSending() {
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Send SMS
      </Title>
      <Alert color="gray" variant="light" role="status">
        {notAllowedText('send')} The menu shows what your roles let you do.
      </Alert>
    </Stack>
  );
}

function SendForSignedIn({ user }: { user: StoredUser }) {
  const [formKey, setFormKey] = useState(0);
  const [restoring, setRestoring] = useState(false);
  // "Edit and send again": the form unmounts first (its last keystrokes are saved), then the refused
  // send becomes the draft, then a fresh form reads it.
  const editAgainFrom = async (jobId: string) => {
    setRestoring(true);
    try {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!(await editAgain(jobId))) emitAlert({ message: 'This send can no longer be edited', severity: 'warning' });
    } finally {
      setFormKey((k) => k + 1);
      setRestoring(false);
    }
  };
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Send SMS
      </Title>
      <SendProgress onEditAgain={(jobId) => void editAgainFrom(jobId)} />
      {restoring ? <DraftLoader /> : <DraftSendForm key={formKey} user={user} />}
    </Stack>
  );
}

function DraftLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading your draft" />
    </Center>
  );
}

function DraftSendForm({ user }: { user: StoredUser }) {
  // The dropdown lists the approved IDs, exactly; a new account's is the gateway's 'TEST'.
  const senderIds = useMemo(() => splitSenderIds(user.senderidapproved), [user.senderidapproved]);
  const form = useSendForm(senderIds);
  return form ? <SendForm form={form} user={user} senderIds={senderIds} /> : <DraftLoader />;
}

function SendForm({ form, user, senderIds }: { form: SendFormApi; user: StoredUser; senderIds: readonly string[] }) {
  const { fields, set } = form;
  const { excel, file, onFile, restoring, forgetFile } = useDraftExcel();
  const phonebook = usePhonebookSource(fields.groupIds, fields.source === 'phonebook');
  const account = balanceOf(user);
  const balance = { amount: account.amount, local: account.unit === 'credits' };
  const optOuts = usePreviewOptOuts();
  // The app is served on the tenant's own host: the opt-out link goes there.
  const linkHost = typeof window === 'undefined' ? undefined : window.location.hostname;
  const plan = useSendPlan(
    fields,
    excel.state,
    fields.source === 'phonebook' ? phonebook.contacts : undefined,
    balance,
    optOuts,
    linkHost,
  );
  const { submit, problem, busy, confirmation, confirm, cancelConfirmation } = useSendSubmit({
    form,
    plan,
    excel,
    balance,
    ownPhone: user.telnumber,
    onQueued: forgetFile,
    linkHost,
  });
  // A sheet picked or dropped is the user's own choice of source (Personalized's note about typed numbers goes).
  const takeFile = (next: File | null) => {
    set('source', 'excel');
    onFile(next);
  };
  const fillFrom = ({ file: incoming, text }: Incoming) => {
    if (incoming) takeFile(incoming);
    if (text) set('text', text);
  };
  useIncoming(fillFrom);
  // A share fills the form only once the user says so: any site can post to the share target.
  const { shared, settle } = useKeptShare();
  const acceptShared = () => {
    if (shared) fillFrom(shared);
    settle();
  };
  // A spreadsheet dropped anywhere on the form is its Excel source.
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const [dropped] = event.dataTransfer.files;
    if (!dropped) return;
    event.preventDefault();
    takeFile(dropped);
  };

  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      radius="md"
      onDragOver={(event) => event.dataTransfer.types.includes('Files') && event.preventDefault()}
      onDrop={onDrop}
    >
      <SharedInDialog shared={shared} onUse={acceptShared} onDiscard={settle} />
      <SendConfirmDialog
        confirmation={confirmation}
        confirmLabel={submitLabel(fields.messageType)}
        onConfirm={confirm}
        onCancel={cancelConfirmation}
      />
      <FormStack gap="md" label="Send SMS" onSubmit={(event) => (event.preventDefault(), void submit())}>
        <MessageTypeFields form={form} senderIds={senderIds} ownPhone={user.telnumber} />
        <RecipientFields form={form} sheet={{ excel, file, restoring }} onFile={takeFile} phonebook={phonebook} />
        <NumberChecks plan={plan} personalized={fields.subtype === 'personalized'} />
        <ScheduleFields form={form} />
        <TemplatePicker form={form} />
        <MessageEditor
          text={fields.text}
          onChange={(text) => set('text', text)}
          count={plan.count}
          placeholderFields={plan.placeholderFields}
          personalized={fields.subtype === 'personalized'}
        />
        <PersonalizedPreview plan={plan} personalized={fields.subtype === 'personalized'} />
        <SendTest fields={fields} plan={plan} ownPhone={user.telnumber} />
        <ShortenLinksField form={form} />
        <OptOutLinkField form={form} />
        <SendCategoryField form={form} quiet={quietHoursOfUser(user)} />
        <SendSummary plan={plan} balance={balance} canPurchase={may(user, 'purchase')} />
        {problem && (
          <Alert color="orange" variant="light" data-testid="send-problem">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} w={{ base: '100%', xs: 'auto' }}>
            {submitLabel(fields.messageType)}
          </Button>
        </Group>
      </FormStack>
    </Paper>
  );
}

function ShortenLinksField({ form: { fields, set } }: { form: SendFormApi }) {
  return (
    <Checkbox
      label={SHORTEN_LINKS_LABEL}
      description="Each web address in the text becomes the recipient's own short link on your domain; the report shows who clicked"
      checked={fields.shortenLinks}
      onChange={(event) => set('shortenLinks', event.currentTarget.checked)}
    />
  );
}

function OptOutLinkField({ form: { fields, set } }: { form: SendFormApi }) {
  return (
    <Checkbox
      label="Add an opt-out link"
      description="Each text ends with a short link that lets the person stop your messages; the link counts in the parts"
      checked={fields.optOutLink}
      onChange={(event) => set('optOutLink', event.currentTarget.checked)}
    />
  );
}

/**
 * The numbers the preview counts as opted out: the stored opt-out list (refreshed when the form
 * opens, at most every few minutes: a long list is large); the gateway decides. Offline, or when the
 * gateway could not be asked, the preview says its count is the stored list's.
 */
function usePreviewOptOuts() {
  const optOutList = useOptOuts(OPT_OUT_LIST_MAX_AGE_MS);
  const online = useOnline();
  return useMemo(
    () => ({
      numbers: new Set((optOutList.list?.optouts ?? []).map((o) => o.number)),
      fromDevice: !online || optOutList.error !== null,
    }),
    [optOutList.list, optOutList.error, online],
  );
}
