import { Switch, Text } from '@mantine/core';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { requireMembersTwoStep } from '../../sync/team';
import { SectionCard } from '../../ui/section-card';

type Props = {
  /** Whether the account requires it now; null until the team is loaded. */
  required: boolean | null;
  online: boolean;
  onChanged: (required: boolean) => void;
};

/**
 * Two-step sign-in for every member (docs/product.md#two-step-sign-in): the owner or an Admin requires it;
 * a member without it sets it up at their next sign-in, and none may turn theirs off while it is required.
 */
export function MembersTwoStepCard({ required, online, onChanged }: Props) {
  const { busy, run } = useAction('The requirement could not be changed. Please try again');
  const change = (wanted: boolean) =>
    void run(async () => {
      const answer = await requireMembersTwoStep(wanted);
      onChanged(answer.required);
      emitAlert({ message: answer.message, severity: 'success' });
    });
  return (
    <SectionCard id="members-two-step-title" title="Two-step sign-in">
      <Text size="sm" c="dimmed">
        Each member may turn on two-step sign-in on their Profile. Require it, and a member without it sets it up with
        an authenticator app at their next sign-in.
      </Text>
      <Switch
        label="Require two-step sign-in for every member"
        checked={required === true}
        disabled={!online || busy || required === null}
        onChange={(e) => change(e.currentTarget.checked)}
      />
    </SectionCard>
  );
}
