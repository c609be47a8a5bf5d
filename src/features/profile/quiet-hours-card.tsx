import { useState } from 'react';
import { Button, Checkbox, Group, Switch, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { SectionCard } from '../../ui/section-card';
import { FormStack } from '../../ui/form-stack';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { saveQuietHours } from '../../sync/alerts';
import {
  minutesOf,
  QUIET_SAME_TIMES,
  QUIET_TIME_FORMAT,
  quietHoursOfUser,
  quietHoursSummary,
  SUGGESTED_QUIET_HOURS,
  timeOfDay,
} from '../../domain/send/quiet-hours';
import { useFieldAction } from './use-field-action';

interface Draft {
  on: boolean;
  start: string;
  end: string;
  sundays: boolean;
}

const savedOf = (user: StoredUser): Draft => ({
  on: Boolean(user.quietstart) || user.quietsundays === true,
  start: user.quietstart || timeOfDay(SUGGESTED_QUIET_HOURS.start!),
  end: user.quietend || timeOfDay(SUGGESTED_QUIET_HOURS.end!),
  sundays: user.quietsundays === true,
});

/** What the gateway is sent: off is no window and no Sundays. */
const bodyOf = (d: Draft) =>
  d.on ? { start: d.start, end: d.end, sundays: d.sundays } : { start: '', end: '', sundays: false };

const summaryOf = (user: StoredUser) => quietHoursSummary(quietHoursOfUser(user));

/**
 * Quiet hours (docs/product.md#quiet-hours): promotional sends and runs due inside them wait and go out when
 * they end; transactional ones never wait. Suggested: 20:00 to 08:00, Africa/Accra.
 */
export function QuietHoursCard({ user, online }: { user: StoredUser; online: boolean }) {
  const [draft, setDraft] = useState(savedOf(user));
  const { busy, errors, clear, run } = useFieldAction((message) => (message === QUIET_SAME_TIMES ? 'end' : 'start'));
  const changed = JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(savedOf(user)));
  const edit = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const save = async () => {
    const body = bodyOf(draft);
    const problems = !draft.on
      ? {}
      : {
          start: minutesOf(body.start) === null ? QUIET_TIME_FORMAT : undefined,
          end:
            minutesOf(body.end) === null ? QUIET_TIME_FORMAT : body.start === body.end ? QUIET_SAME_TIMES : undefined,
        };
    if (!(await run(problems, () => saveQuietHours(body)))) return;
    emitAlert({ message: draft.on ? 'Your quiet hours have been saved' : 'Quiet hours are off', severity: 'success' });
  };

  return (
    <SectionCard id="quiet-hours-title" title="Quiet hours">
      <FormStack
        gap="sm"
        label="Quiet hours"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Text size="sm" c="dimmed">
          Promotional sends, scheduled runs and recurring runs due in your quiet hours wait and go out when they end.
          Transactional sends (codes, receipts) always go out at once. Times are Ghana time (Africa/Accra).
        </Text>
        <Text size="sm" aria-live="polite">
          {summaryOf(user)}
        </Text>
        <Switch
          label="Hold promotional sends in quiet hours"
          checked={draft.on}
          onChange={(e) => edit({ on: e.currentTarget.checked })}
        />
        {draft.on && (
          <>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TimeInput
                label="From"
                value={draft.start}
                onChange={(e) => {
                  edit({ start: e.currentTarget.value });
                  clear('start');
                }}
                error={errors.start}
                w={140}
              />
              <TimeInput
                label="To"
                value={draft.end}
                onChange={(e) => {
                  edit({ end: e.currentTarget.value });
                  clear('end');
                }}
                error={errors.end}
                w={140}
              />
            </Group>
            <Checkbox
              label="All of Sunday too"
              checked={draft.sundays}
              onChange={(e) => edit({ sundays: e.currentTarget.checked })}
            />
          </>
        )}
        <Group>
          <Button type="submit" loading={busy} disabled={!online || !changed}>
            Save quiet hours
          </Button>
        </Group>
      </FormStack>
    </SectionCard>
  );
}
