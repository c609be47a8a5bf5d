import { useEffect, useState } from 'react';
import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { isWaitingJob, offersRowSkip } from '../../domain/send/outbox-state';
import { useOutboxJobs, type JobView } from '../../sync/hooks/use-outbox-jobs';
import { dismissSendJob, sendTheRest } from '../../sync/outbox-jobs';
import { skippedRowsText, skipRowLabel } from '../../outbox/job-items';
import { skipRowAndSendTheRest } from '../../outbox/send-end';
import { useOnline } from '../../ui/use-online';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { sendsInBackground } from '../../outbox/background-sync';
import { numberFormat } from '../../domain/numbers/number-format';

const number = numberFormat();
const RECENT_MS = 10 * 60_000;

const LIST_OF: Record<string, string> = {
  'scheduled sms': APP_PATHS.scheduledSms.getHref(),
  'birthday sms': APP_PATHS.scheduledSms.getHref(),
  'recurring sms': APP_PATHS.recurringSms.getHref(),
};

function stateText(job: JobView, online: boolean): string {
  // Skipped rows are behind the job (job.sent) but were never sent: they are not counted as sent.
  const skipped = job.skipped?.length ?? 0;
  const of = `${number.format(job.sent - skipped)} of ${number.format(job.total)} recipients`;
  switch (job.state) {
    case 'queued':
      return online
        ? `Waiting to send to ${number.format(job.total)} recipients`
        : `Saved: sends when you are back online (${number.format(job.total)} recipients)`;
    case 'sending':
      return online ? `Sending: ${of}` : `Paused while offline: ${of}`;
    case 'paused':
      return `Paused: sign in again to finish (${of})`;
    case 'done':
      if (job.awaitingApproval)
        return `Awaiting approval: an approver must approve it before it goes out (${number.format(job.total - skipped)} recipients, cost reserved)`;
      return job.summary.messageType === 'quick sms'
        ? `Sent to ${number.format(job.total - skipped)} recipients`
        : `Registered for ${number.format(job.total - skipped)} recipients`;
    case 'failed':
      return job.sent > 0
        ? `Stopped part-way: ${job.error ?? 'the gateway refused it'} (${of} sent)`
        : `Not sent: ${job.error ?? 'the gateway refused it'} (${of})`;
  }
}

/** Said under a send waiting for the network: whether it needs the app open to go out. */
const offlineHint = () =>
  sendsInBackground()
    ? 'It goes out by itself when the phone is back online, even with the app closed.'
    : 'This browser sends only while the app is open: open it again when you are back online.';

/**
 * The account's sends that are waiting, going out, or just finished, each with its progress bar. A
 * refused send stays until it is discarded, and offers to go back into the form, or, refused
 * part-way, to send the rest; stopped on one message too large on its own, to send the rest without
 * that row, part-way or from its first row (docs/product.md#the-outbox-and-batches).
 */
export function SendProgress({ onEditAgain }: { onEditAgain?: (jobId: string) => void }) {
  const jobs = useOutboxJobs();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const online = useOnline();
  const shown = (jobs ?? []).filter((job) => job.state !== 'done' || now - job.updatedAt < RECENT_MS);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Sends in progress" role="region">
      {shown.map((job) => {
        const finished = !isWaitingJob(job);
        const label = job.summary.campaign || job.summary.text.slice(0, 40);
        return (
          <Paper key={job.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {label || 'Message'}
                </Text>
                <Text size="sm" c={job.state === 'failed' ? 'red.8' : undefined} data-testid="job-state">
                  {stateText(job, online)}
                </Text>
                {job.skipped && job.skipped.length > 0 && (
                  <Text size="sm" fw={500} data-testid="job-skipped">
                    {skippedRowsText(job.skipped)}
                  </Text>
                )}
                {!online && (job.state === 'queued' || job.state === 'sending') && (
                  <Text size="xs" c="dimmed" data-testid="job-offline-hint">
                    {offlineHint()}
                  </Text>
                )}
                <Progress
                  value={Math.round(job.progress * 100)}
                  color={
                    job.state === 'failed'
                      ? 'red'
                      : job.awaitingApproval
                        ? 'orange'
                        : job.state === 'done'
                          ? 'teal'
                          : 'blue'
                  }
                  animated={job.state === 'sending'}
                  aria-label={`Progress of ${label || 'message'}`}
                />
              </Stack>
              {finished && (
                <CloseButton
                  aria-label={job.state === 'failed' ? 'Discard this send' : 'Dismiss'}
                  onClick={() => void dismissSendJob(job.id)}
                />
              )}
            </Group>
            {job.state === 'failed' && <RefusedActions job={job} onEditAgain={onEditAgain} />}
            {job.state === 'done' && job.awaitingApproval && (
              <Button component={Link} to={APP_PATHS.approvals.getHref()} variant="subtle" size="compact-sm" mt={4}>
                See where it waits
              </Button>
            )}
            {job.state === 'done' && !job.awaitingApproval && (
              <Button
                component={Link}
                to={LIST_OF[job.summary.messageType] ?? APP_PATHS.dashboard.getHref()}
                variant="subtle"
                size="compact-sm"
                mt={4}
              >
                {LIST_OF[job.summary.messageType] ? 'View the list' : 'View on the dashboard'}
              </Button>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * What a refused send offers: to send the rest (refused part-way), to skip a message too large on
 * its own and send the rest (part-way, or from the first row), to go back into the form (nothing sent).
 */
function RefusedActions({ job, onEditAgain }: { job: JobView; onEditAgain?: (jobId: string) => void }) {
  const tooLarge = job.tooLarge;
  const sendRest = job.sent > 0 && !tooLarge;
  const skip = tooLarge && offersRowSkip(job) ? tooLarge : null;
  const edit = job.sent === 0 && job.form !== undefined && onEditAgain !== undefined;
  if (!sendRest && !skip && !edit) return null;
  return (
    <Group gap="xs" mt={6}>
      {sendRest && (
        // The form would hold the recipients already sent to: the rest goes as it is, once fixed (credit bought).
        <Button variant="light" size="compact-sm" onClick={() => void sendTheRest(job.id)}>
          Send the rest
        </Button>
      )}
      {skip && (
        // Sent as it is, that row would be refused again: the rest goes without it, and it is reported.
        // The row shown goes with the click: one landing after the send moved on to another row skips nothing.
        <Button variant="light" size="compact-sm" onClick={() => void skipRowAndSendTheRest(job.id, skip.index)}>
          {skipRowLabel(skip)}
        </Button>
      )}
      {edit && (
        <Button variant="light" size="compact-sm" onClick={() => onEditAgain?.(job.id)}>
          Edit and send again
        </Button>
      )}
    </Group>
  );
}
