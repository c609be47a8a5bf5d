import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Switch, Text } from '@mantine/core';
import { SectionCard } from '../../ui/section-card';
import { FormStack } from '../../ui/form-stack';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { saveApprovalRule } from '../../sync/approvals';
import { approvalRuleOfUser, ruleIsOn, ruleText } from '../../domain/send/approval';

/** What the owner suggests first: campaigns over 100 recipients. */
const SUGGESTED_LIMIT = 100;

interface Draft {
  over: boolean;
  limit: number | string;
  marketing: boolean;
}

const savedOf = (user: StoredUser): Draft => {
  const rule = approvalRuleOfUser(user);
  return {
    over: rule.overRecipients !== null,
    limit: rule.overRecipients ?? SUGGESTED_LIMIT,
    marketing: rule.marketing,
  };
};

/** What the gateway is sent: '' is no limit. */
const bodyOf = (d: Draft) => ({ over: d.over ? String(d.limit).trim() : '', marketing: d.marketing });

/**
 * The two-person rule (docs/product.md#the-two-person-rule): team members' campaigns over a number of
 * recipients, or all their marketing sends, wait for an approver who is not their author. The owner's own
 * sends, API keys and SMPP never wait.
 */
export function ApprovalRuleCard({ user, online }: { user: StoredUser; online: boolean }) {
  const [draft, setDraft] = useState(savedOf(user));
  const { busy, run } = useAction('The approval rule could not be saved. Please try again');
  const changed = JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(savedOf(user)));
  const edit = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const missingLimit = draft.over && String(draft.limit).trim() === '';

  const save = async () => {
    const body = bodyOf(draft);
    if (!(await run(() => saveApprovalRule(body.over, body.marketing)))) return;
    const on = ruleIsOn({ overRecipients: body.over === '' ? null : Number(body.over), marketing: body.marketing });
    emitAlert({ message: on ? 'The approval rule has been saved' : 'Approval is off', severity: 'success' });
  };

  return (
    <SectionCard id="approval-rule-title" title="Approval before sending">
      <FormStack
        gap="sm"
        label="Approval before sending"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Text size="sm" c="dimmed">
          A member's campaign that needs approval waits with its cost reserved until an Approver, Admin or Owner who did
          not write it approves it. Your own sends, API keys and SMPP never wait.
        </Text>
        <Text size="sm" aria-live="polite" data-testid="approval-rule-summary">
          {ruleText(approvalRuleOfUser(user))}
        </Text>
        <Switch
          label="Campaigns over a number of recipients need approval"
          checked={draft.over}
          onChange={(e) => edit({ over: e.currentTarget.checked })}
        />
        {draft.over && (
          <NumberInput
            label="More than this many recipients"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            value={draft.limit}
            onChange={(value) => edit({ limit: value })}
            error={missingLimit ? 'Please enter a number of recipients' : undefined}
            w={220}
          />
        )}
        <Checkbox
          label="All marketing (promotional) sends need approval"
          checked={draft.marketing}
          onChange={(e) => edit({ marketing: e.currentTarget.checked })}
        />
        <Group>
          <Button type="submit" loading={busy} disabled={!online || !changed || missingLimit}>
            Save approval rule
          </Button>
        </Group>
      </FormStack>
    </SectionCard>
  );
}
