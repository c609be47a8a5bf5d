import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../ui/password-field';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { useDomain } from '../../sync/hooks/use-domain';
import { emitAlert } from '../../notify/alerts-bus';
import { describeFailure } from '../../sync/failures';
import { DOMAIN_NOT_LOADED } from '../../domain/account/signup';
import { showLoginPriceTable } from '../../domain/brand/domain-settings';
import { parseLocalRate } from '../../domain/money/pricing';
import { PriceTable } from '../../ui/price-table';
import { FormStack } from '../../ui/form-stack';
import { AuthFrame } from './auth-frame';
import { startSignIn, useSignInIntent } from './use-sign-in-intent';
import type { TwoStepChallenge } from '../../sync/session';
import { APP_PATHS } from '../../domain/navigation/app-paths';

// Off the first screen's path: the reset dialog loads when first opened, and sign-in (zod
// and Dexie) when the form is sent (use-sign-in-intent.ts).
const ResetPasswordDialog = lazy(() =>
  import('./reset-password-dialog').then((m) => ({ default: m.ResetPasswordDialog })),
);
// The second step (and qrcode with it) loads only for an account with two-step sign-in.
const TwoStepForm = lazy(() => import('./two-step-form').then((m) => ({ default: m.TwoStepForm })));

type LoginScreenProps = {
  /** Called once the person starts on the form (focus or typing): the code after sign-in can be fetched. */
  onSignInIntent?: () => void;
};

/** The login (docs/product.md#sign-in-and-sessions): e-mail or username and password, the reset dialog, and REGULAR prices on resellers' domains. */
export function LoginScreen({ onSignInIntent }: LoginScreenProps) {
  const state = useDomain();
  const domain = state.status === 'ready' ? state.domain : null;
  const [emailusername, setEmailusername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<TwoStepChallenge | null>(null);
  const [resetOpened, reset] = useDisclosure(false);
  const [resetUsed, setResetUsed] = useState(false);
  if (resetOpened && !resetUsed) setResetUsed(true);

  const signInIntent = useSignInIntent(emailusername !== '' || password !== '', onSignInIntent);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!domain) {
      emitAlert({ message: DOMAIN_NOT_LOADED, severity: 'warning' });
      return;
    }
    // The login goes out first, then the button turns busy (startSignIn).
    const signingIn = startSignIn({
      emailusername,
      password,
      host: window.location.hostname,
      domainSupid: domain.profile_id,
    });
    setBusy(true);
    try {
      const answer = await signingIn;
      if ('twoStep' in answer) {
        setChallenge(answer.twoStep);
        setPassword('');
        setBusy(false);
      }
    } catch (error) {
      const failure = describeFailure(error);
      emitAlert({ message: failure.message, severity: failure.severity });
      setBusy(false);
    }
  };

  const regular = domain && showLoginPriceTable(domain) ? parseLocalRate(domain.localrate).REGULAR : [];
  if (challenge)
    return (
      <AuthFrame domain={domain} title="Two-step sign-in">
        <Suspense fallback={null}>
          <TwoStepForm challenge={challenge} onCancel={() => setChallenge(null)} />
        </Suspense>
      </AuthFrame>
    );
  return (
    <AuthFrame domain={domain} title="Sign in to your account" wide={regular.length > 0}>
      <FormStack gap="sm" onSubmit={(e) => void submit(e)} onFocus={signInIntent}>
        {state.status === 'unavailable' && (
          <Text c="orange.9" role="status">
            {DOMAIN_NOT_LOADED}
          </Text>
        )}
        <TextInput
          label="Email or username"
          name="emailusername"
          autoComplete="username"
          value={emailusername}
          onChange={(e) => setEmailusername(e.currentTarget.value)}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
        />
        <Button type="submit" loading={busy} disabled={!emailusername.trim() || !password}>
          Login
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={reset.open}>
            Forgot password?
          </Anchor>
          <Anchor component={Link} to={APP_PATHS.signup.getHref()} size="sm">
            Create an account
          </Anchor>
        </Group>
      </FormStack>
      {regular.length > 0 && <PriceTable title="SMS prices (REGULAR)" tiers={regular} />}
      {resetUsed && (
        <Suspense fallback={null}>
          <ResetPasswordDialog opened={resetOpened} onClose={reset.close} supid={domain?.profile_id ?? 0} />
        </Suspense>
      )}
    </AuthFrame>
  );
}
