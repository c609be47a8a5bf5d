import { useRef } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import { TEMPORAL_SIGNUP } from '../../domain/contract/signup';
import { signupFieldError, type SignupField } from '../../domain/account/signup';
import { checkEmailExists, checkUsernameExists } from '../../flows/signup-flow';

/** The sign-up form's fields, named as the sign-up call names them (the country is fixed, not typed). */
const SIGNUP_FORM = TEMPORAL_SIGNUP.request.pick({
  username: true,
  cname: true,
  email: true,
  phone: true,
  password: true,
  cpassword: true,
  referralcode: true,
});

// The product's field rules and texts (docs/product.md#sign-up) on the call's fields: the call itself
// only reads text. A field shows its warning once it has content; the confirmation is checked against the password.
const CHECKED: ReadonlyArray<[SignupField, 'username' | 'email' | 'phone' | 'password' | 'cpassword']> = [
  ['username', 'username'],
  ['email', 'email'],
  ['mobile', 'phone'],
  ['password', 'password'],
  ['confirm', 'cpassword'],
];
const SIGNUP_SCHEMA = SIGNUP_FORM.superRefine((form, ctx) => {
  for (const [rule, field] of CHECKED) {
    const message = form[field] ? signupFieldError(rule, form[field], form.password) : null;
    if (message) ctx.addIssue({ code: 'custom', path: [field], message });
  }
});

export type SignupValues = {
  username: string;
  cname: string;
  email: string;
  phone: string;
  password: string;
  cpassword: string;
  referralcode: string;
};

/**
 * The sign-up form, checked as typed; a taken username or e-mail is asked of the gateway when its field is
 * left, and a phone the gateway refuses is said on the field (never only in an alert) and focused.
 */
export function useSignupForm(referralcode: string) {
  const form = useForm<SignupValues>({
    initialValues: { username: '', cname: '', email: '', phone: '', password: '', cpassword: '', referralcode },
    validate: schemaResolver(SIGNUP_SCHEMA, { sync: true }),
    validateInputOnChange: true,
  });
  form.watch('password', () => {
    if (form.getValues().cpassword) form.validateField('cpassword');
  });
  const phone = useRef<HTMLInputElement>(null);
  const refusePhone = (message: string) => {
    form.setFieldError('phone', message);
    phone.current?.focus();
  };
  const checkTaken = async (field: 'username' | 'email') => {
    const value = form.getValues()[field].trim();
    if (!value || signupFieldError(field, value)) return;
    try {
      const message = field === 'username' ? await checkUsernameExists(value) : await checkEmailExists(value);
      if (message) form.setFieldError(field, message);
      else form.clearFieldError(field);
    } catch {
      // Offline: the gateway checks again when the form is sent.
    }
  };
  return { form, phone, refusePhone, checkTaken };
}
