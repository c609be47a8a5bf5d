import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { PasswordField } from '../../ui/password-field';
import { Link, useParams } from 'react-router-dom';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { MEMBER_PASSWORD_SHORT, MEMBER_PASSWORDS_DIFFER } from '../../domain/account/team-members';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { useDomain } from '../../sync/hooks/use-domain';
import { describeFailure } from '../../sync/failures';
import { invitation, joinTeam } from '../../sync/team';
import { FormStack } from '../../ui/form-stack';
import { AuthFrame } from './auth-frame';

type Invited = { name: string; company: string; phone: string };
type Stage =
  | { kind: 'loading' }
  | { kind: 'gone'; message: string }
  | { kind: 'form'; invited: Invited }
  | { kind: 'joined'; login: string };

/** The page an invitation's SMS opens (docs/product.md#members-and-roles): the member sets a password, once. */
export function JoinScreen() {
  const { id: code = '' } = useParams();
  const state = useDomain();
  const domain = state.status === 'ready' ? state.domain : null;
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    invitation(code).then(
      (invited) => setStage({ kind: 'form', invited }),
      (failure: unknown) => setStage({ kind: 'gone', message: describeFailure(failure).message }),
    );
  }, [code]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local =
      password.length < PASSWORD_MIN_LENGTH
        ? MEMBER_PASSWORD_SHORT
        : password !== confirm
          ? MEMBER_PASSWORDS_DIFFER
          : null;
    setProblem(local);
    if (local) return;
    setBusy(true);
    try {
      setStage({ kind: 'joined', login: await joinTeam(code, password, confirm) });
    } catch (failure) {
      setProblem(describeFailure(failure).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame domain={domain} title="Join your team">
      {stage.kind === 'loading' && <Text ta="center">Checking your invitation…</Text>}
      {stage.kind === 'gone' && (
        <Alert color="red" variant="light" role="alert">
          {stage.message}
        </Alert>
      )}
      {stage.kind === 'form' && (
        <FormStack onSubmit={(e) => void submit(e)} label="Set your password">
          <Text>
            Hello {stage.invited.name}, you are invited to {stage.invited.company || 'a team'}. Choose a password; you
            will sign in with your mobile number {stage.invited.phone}.
          </Text>
          <PasswordField
            label="Password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="new-password"
          />
          <PasswordField
            label="Confirm password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            autoComplete="new-password"
            error={problem}
          />
          <Button type="submit" loading={busy} fullWidth>
            Set password
          </Button>
        </FormStack>
      )}
      {stage.kind === 'joined' && (
        <Alert color="green" variant="light" role="status">
          Your password is set. Sign in with your mobile number {stage.login} in the e-mail or username field.{' '}
          <Anchor component={Link} to={APP_PATHS.login.getHref()}>
            Go to sign in
          </Anchor>
        </Alert>
      )}
    </AuthFrame>
  );
}
