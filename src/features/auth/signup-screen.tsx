import { useState, type FormEvent } from 'react';
import { Anchor, Button, SimpleGrid, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../ui/password-field';
import { Link, useSearchParams } from 'react-router-dom';
import { useDomain } from '../../sync/hooks/use-domain';
import { startSignup, type PendingSignup } from '../../flows/signup-flow';
import { emitAlert } from '../../notify/alerts-bus';
import { describeFailure } from '../../sync/failures';
import {
  canRegister,
  DOMAIN_NOT_LOADED,
  MOBILE_INCOMPLETE,
  MOBILE_NOT_NUMBERS,
  PHONE_TOO_LONG,
  signupPhone,
} from '../../domain/account/signup';
import { showReferral } from '../../domain/brand/domain-settings';
import { SIGNUP_COUNTRY } from '../../domain/constants';
import { FormStack } from '../../ui/form-stack';
import { AuthFrame } from './auth-frame';
import { ValidationScreen } from './validation-screen';
import { useSignupForm } from './use-signup-form';
import { APP_PATHS } from '../../domain/navigation/app-paths';

/** Sign-up, validated as typed, then the code screen (docs/product.md#sign-up); country fixed to Ghana. */
export function SignupScreen() {
  const state = useDomain();
  const domain = state.status === 'ready' ? state.domain : null;
  // A referrer's share link (/signup?referral=CODE) fills the code in.
  const [params] = useSearchParams();
  const signup = useSignupForm((params.get('referral') ?? '').trim().slice(0, 40));
  const { form, refusePhone } = signup;
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingSignup | null>(null);

  const values = form.values;
  const taken = [form.errors.username, form.errors.email].map((e) => (typeof e === 'string' ? e : null));
  const ready = canRegister(
    {
      username: values.username,
      email: values.email,
      mobile: values.phone,
      password: values.password,
      confirm: values.cpassword,
    },
    taken,
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    // The phone is needed (the code goes to it) though Register does not wait for it (docs/product.md#sign-up).
    if (!values.phone.trim()) return refusePhone(MOBILE_INCOMPLETE);
    if (!domain) return emitAlert({ message: DOMAIN_NOT_LOADED, severity: 'warning' });
    setBusy(true);
    try {
      const result = await startSignup({
        username: values.username.trim(),
        cname: values.cname.trim(),
        email: values.email.trim(),
        // Canonical (233...), however it was typed: spaces, dashes, +233 (docs/product.md#phone-numbers).
        phone: signupPhone(values.phone),
        country: SIGNUP_COUNTRY,
        password: values.password,
        cpassword: values.cpassword,
        referralcode: values.referralcode.trim(),
        supid: domain.profile_id,
        domain: window.location.hostname,
      });
      if (result !== 'signed-in') setPending(result);
    } catch (error) {
      const failure = describeFailure(error);
      if ([MOBILE_INCOMPLETE, MOBILE_NOT_NUMBERS, PHONE_TOO_LONG].includes(failure.message))
        refusePhone(failure.message);
      else emitAlert({ message: failure.message, severity: failure.severity });
    }
    setBusy(false);
  };

  if (pending) return <ValidationScreen domain={domain} pending={pending} onBack={() => setPending(null)} />;
  return (
    <AuthFrame domain={domain} title="Create your account" wide>
      <FormStack gap="sm" onSubmit={(e) => void submit(e)}>
        <SignupFields signup={signup} referral={domain ? showReferral(null, domain) : false} />
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

/** The sign-up's fields, each with its warning under it. */
function SignupFields({ signup, referral }: { signup: ReturnType<typeof useSignupForm>; referral: boolean }) {
  const { form, phone, checkTaken } = signup;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label="Username"
        autoComplete="username"
        {...form.getInputProps('username')}
        onBlur={() => void checkTaken('username')}
        required
      />
      <TextInput label="Company name" autoComplete="organization" {...form.getInputProps('cname')} />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        {...form.getInputProps('email')}
        onBlur={() => void checkTaken('email')}
        required
      />
      <TextInput
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        {...form.getInputProps('phone')}
        description="The validation code is sent to this number"
        ref={phone}
        required
      />
      <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} required />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        {...form.getInputProps('cpassword')}
        required
      />
      {referral && <TextInput label="Referral code (optional)" {...form.getInputProps('referralcode')} />}
      <TextInput label="Country" value={SIGNUP_COUNTRY} readOnly />
    </SimpleGrid>
  );
}
