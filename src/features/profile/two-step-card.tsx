import { useState } from 'react';
import { Alert, Button, Group, Switch, Text, TextInput } from '@mantine/core';
import type { StoredUser } from '../../db/app-db';
import { TOP_SUPERVISOR_ID } from '../../domain/constants';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import {
  beginTwoStep,
  disableTwoStep,
  finishTwoStep,
  renewRecoveryCodes,
  setTwoStepRequired,
} from '../../sync/security';
import { FormStack } from '../../ui/form-stack';
import { RecoveryCodes } from '../../ui/recovery-codes';
import { SecretQrCode } from '../../ui/secret-qr-code';
import { SectionCard } from '../../ui/section-card';

type Props = { user: StoredUser; online: boolean };

/** Two-step sign-in (docs/product.md#two-step-sign-in): set up with an authenticator app, recovery codes, turning off. */
export function TwoStepCard({ user, online }: Props) {
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const action = useAction('Two-step sign-in could not be changed. Please try again');
  const on = user.twostep === true;
  // A team member's session acts on the member's own sign-in: the account's requirement is its owner's.
  const owner = !user.member;
  const teamRequires = !owner && user.twosteprequired === true;
  const mayRequire = owner && (user.accountType === 'RESELLER' || user.profile_id === TOP_SUPERVISOR_ID);
  // A domain owner holding Paystack keys moves money: it is asked to protect the account.
  const holdsKeys = owner && user.domain !== '' && user.paystackseckeyending !== '';

  const act = async (work: () => Promise<void>, done?: string) => {
    if (await action.run(work)) {
      setCode('');
      if (done) emitAlert({ message: done, severity: 'success' });
    }
  };

  if (codes)
    return (
      <SectionCard id="two-step-title" title="Two-step sign-in">
        <RecoveryCodes codes={codes} doneLabel="Done" onDone={() => setCodes(null)} />
      </SectionCard>
    );
  return (
    <SectionCard id="two-step-title" title="Two-step sign-in">
      <Text size="sm" c="dimmed">
        {on
          ? 'Two-step sign-in is on: signing in asks for the code your authenticator app shows.'
          : 'Protect your account with a code from an authenticator app on your phone, asked at every sign-in.'}
      </Text>
      {teamRequires && <Text size="sm">Your team requires two-step sign-in of every member: it stays on.</Text>}
      {!on && holdsKeys && !setup && (
        // The light orange title reads at 3.6:1: the title keeps the text's colour.
        <Alert
          color="orange"
          title="Please turn on two-step sign-in"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          Your domain holds Paystack keys: a password alone should not guard them.
        </Alert>
      )}
      {!on && !setup && (
        <Group>
          <Button
            disabled={!online}
            loading={action.busy}
            onClick={() => void act(async () => setSetup(await beginTwoStep()))}
          >
            Turn on two-step sign-in
          </Button>
        </Group>
      )}
      {setup && (
        <>
          <Text size="sm">
            Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, Authy...), then
            enter the 6-digit code it shows.
          </Text>
          <SecretQrCode uri={setup.uri} secret={setup.secret} />
        </>
      )}
      {(setup || on) && (
        <TwoStepCodeForm
          setup={setup !== null}
          on={on}
          code={code}
          onCode={setCode}
          online={online}
          busy={action.busy}
          onConfirm={() =>
            void act(async () => {
              setCodes(await finishTwoStep(code));
              setSetup(null);
            }, 'Two-step sign-in is on')
          }
          onCancel={() => setSetup(null)}
          onNewCodes={() => void act(async () => setCodes(await renewRecoveryCodes(code)))}
          onTurnOff={teamRequires ? undefined : () => void act(() => disableTwoStep(code), 'Two-step sign-in is off')}
        />
      )}
      {mayRequire && (
        <Switch
          label="Require two-step sign-in for me and my admins"
          description="Admins without it set it up at their next sign-in"
          checked={user.twosteprequired === true}
          disabled={!online || action.busy || (!on && user.twosteprequired !== true)}
          onChange={(e) => {
            const required = e.currentTarget.checked;
            void act(() => setTwoStepRequired(required));
          }}
        />
      )}
    </SectionCard>
  );
}

/** The app's code: to confirm the setup, or (once on) to get new recovery codes or turn two-step sign-in off. */
function TwoStepCodeForm(props: {
  setup: boolean;
  on: boolean;
  code: string;
  onCode: (code: string) => void;
  online: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  onNewCodes: () => void;
  /** Left out when it may not be turned off (a member whose team requires it). */
  onTurnOff?: () => void;
}) {
  const { setup, on, code, onCode, online, busy, onConfirm, onCancel, onNewCodes, onTurnOff } = props;
  return (
    <FormStack
      gap="sm"
      label={setup ? 'Confirm two-step sign-in' : 'Manage two-step sign-in'}
      onSubmit={(e) => {
        e.preventDefault();
        if (setup) onConfirm();
      }}
    >
      <TextInput
        label="Code from the app"
        description={
          on
            ? onTurnOff
              ? 'Needed to turn two-step sign-in off or to get new recovery codes'
              : 'Needed to get new recovery codes'
            : undefined
        }
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        maw={220}
        value={code}
        onChange={(e) => onCode(e.currentTarget.value)}
      />
      <Group>
        {setup ? (
          <>
            <Button type="submit" loading={busy} disabled={!online || !code.trim()}>
              Confirm and turn on
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button variant="default" disabled={!online || !code.trim()} loading={busy} onClick={onNewCodes}>
              New recovery codes
            </Button>
            {onTurnOff && (
              <Button color="red" variant="light" disabled={!online || !code.trim()} loading={busy} onClick={onTurnOff}>
                Turn off
              </Button>
            )}
          </>
        )}
      </Group>
    </FormStack>
  );
}
