import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useDomain } from '../../sync/hooks/use-domain';
import { checkEmailExists, checkUsernameExists, startSignup, type PendingSignup } from '../../flows/signup-flow';
import { emitAlert } from '../../notify/alerts-bus';
import { describeFailure } from '../../sync/failures';
import {
  canRegister,
  DOMAIN_NOT_LOADED,
  MOBILE_INCOMPLETE,
  MOBILE_NOT_NUMBERS,
  signupFieldError,
  type SignupField,
} from '../../domain/account/signup';
import { showReferral } from '../../domain/brand/domain-settings';
import { SIGNUP_COUNTRY } from '../../domain/constants';
import { FormStack } from '../../ui/form-stack';
import { AuthFrame } from './auth-frame';
import { ValidationScreen } from './validation-screen';
import { APP_PATHS } from '../../domain/navigation/app-paths';

type Form = {
  username: string;
  cname: string;
  email: string;
  mobile: string;
  password: string;
  confirm: string;
  referralcode: string;
};
const EMPTY: Form = { username: '', cname: '', email: '', mobile: '', password: '', confirm: '', referralcode: '' };

/** Sign-up, validated as typed, then the code screen (docs/product.md#sign-up); country fixed to Ghana. */
export function SignupScreen() {
  const state = useDomain();
  const domain = state.status === 'ready' ? state.domain : null;
  // A referrer's share link (/signup?referral=CODE) fills the code in.
  const [params] = useSearchParams();
  const [form, setForm] = useState<Form>(() => ({
    ...EMPTY,
    referralcode: (params.get('referral') ?? '').trim().slice(0, 40),
  }));
  const [taken, setTaken] = useState<{ username: string | null; email: string | null }>({
    username: null,
    email: null,
  });
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingSignup | null>(null);
  // The phone is needed (the code goes to it) though Register does not wait for it (docs/product.md#sign-up): left empty
  // or refused by the gateway, its warning shows on the field, never only in an alert.
  const [phoneProblem, setPhoneProblem] = useState<string | null>(null);
  const phone = useRef<HTMLInputElement>(null);
  const refusePhone = (message: string) => {
    setPhoneProblem(message);
    phone.current?.focus();
  };

  const set = (field: keyof Form) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [field]: value }));
    if (field === 'username' || field === 'email') setTaken((t) => ({ ...t, [field]: null }));
    if (field === 'mobile') setPhoneProblem(null);
  };
  // Live: a field shows its warning once it has content (confirm is checked against the password).
  const warning = (field: SignupField, value: string) => (value ? signupFieldError(field, value, form.password) : null);
  const checkTaken = async (field: 'username' | 'email') => {
    const value = form[field].trim();
    if (!value || signupFieldError(field, value)) return;
    try {
      const message = field === 'username' ? await checkUsernameExists(value) : await checkEmailExists(value);
      setTaken((t) => ({ ...t, [field]: message }));
    } catch {
      // Offline: the gateway checks again when the form is sent.
    }
  };

  const ready = canRegister(
    { username: form.username, email: form.email, mobile: form.mobile, password: form.password, confirm: form.confirm },
    [taken.username, taken.email],
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    if (!form.mobile.trim()) return refusePhone(MOBILE_INCOMPLETE);
    if (!domain) return emitAlert({ message: DOMAIN_NOT_LOADED, severity: 'warning' });
    setBusy(true);
    try {
      const result = await startSignup({
        username: form.username.trim(),
        cname: form.cname.trim(),
        email: form.email.trim(),
        phone: form.mobile.trim(),
        country: SIGNUP_COUNTRY,
        password: form.password,
        cpassword: form.confirm,
        referralcode: form.referralcode.trim(),
        supid: domain.profile_id,
        domain: window.location.hostname,
      });
      if (result !== 'signed-in') setPending(result);
    } catch (error) {
      const failure = describeFailure(error);
      if (failure.message === MOBILE_INCOMPLETE || failure.message === MOBILE_NOT_NUMBERS) refusePhone(failure.message);
      else emitAlert({ message: failure.message, severity: failure.severity });
    }
    setBusy(false);
  };

  if (pending) return <ValidationScreen domain={domain} pending={pending} onBack={() => setPending(null)} />;
  const referral = domain ? showReferral(null, domain) : false;
  return (
    <AuthFrame domain={domain} title="Create your account" wide>
      <FormStack gap="sm" onSubmit={(e) => void submit(e)}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Username"
            autoComplete="username"
            value={form.username}
            onChange={set('username')}
            onBlur={() => void checkTaken('username')}
            error={warning('username', form.username) ?? taken.username}
            required
          />
          <TextInput label="Company name" autoComplete="organization" value={form.cname} onChange={set('cname')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            onBlur={() => void checkTaken('email')}
            error={warning('email', form.email) ?? taken.email}
            required
          />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={form.mobile}
            onChange={set('mobile')}
            error={warning('mobile', form.mobile) ?? phoneProblem}
            description="The validation code is sent to this number"
            ref={phone}
            required
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            error={warning('password', form.password)}
            required
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            value={form.confirm}
            onChange={set('confirm')}
            error={warning('confirm', form.confirm)}
            required
          />
          {referral && (
            <TextInput label="Referral code (optional)" value={form.referralcode} onChange={set('referralcode')} />
          )}
          <TextInput label="Country" value={SIGNUP_COUNTRY} readOnly />
        </SimpleGrid>
        <Button type="submit" disabled={!ready} loading={busy}>
          Register
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to={APP_PATHS.login.getHref()}>
            Login
          </Anchor>
        </Text>
      </FormStack>
    </AuthFrame>
  );
}
