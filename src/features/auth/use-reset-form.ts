import { useState } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import { CHANGE_PASSWORD } from '../../domain/contract/password-reset';
import { resetFieldError } from '../../domain/account/signup';

// The product's reset rules and texts (docs/product.md#password-reset) on the change-password call's
// fields: `email` holds the e-mail or username, as login takes it; the call itself only reads text.
const RESET_SCHEMA = CHANGE_PASSWORD.request.superRefine((form, ctx) => {
  const problems = {
    email: resetFieldError('login', form.email),
    resetCode: resetFieldError('code', form.resetCode),
    newPassword: resetFieldError('password', form.newPassword),
    confirmNewPassword: resetFieldError('confirm', form.confirmNewPassword, form.newPassword),
  };
  for (const [field, message] of Object.entries(problems))
    if (message) ctx.addIssue({ code: 'custom', path: [field], message });
});

type ResetValues = { email: string; resetCode: string; newPassword: string; confirmNewPassword: string };

/**
 * The reset's fields, checked as typed; a step's warnings show once its button was pressed (`tried`), and a
 * password's only once something is typed in it.
 */
export function useResetForm() {
  const form = useForm<ResetValues>({
    initialValues: { email: '', resetCode: '', newPassword: '', confirmNewPassword: '' },
    validate: schemaResolver(RESET_SCHEMA, { sync: true }),
    validateInputOnChange: true,
  });
  form.watch('newPassword', () => form.validateField('confirmNewPassword'));
  const [tried, setTried] = useState(false);
  return {
    values: form.values,
    /** A field's props, with its warning when it is due (`whenEmpty: false`: only once something is typed). */
    input: (field: keyof ResetValues, whenEmpty = true) => {
      const props = form.getInputProps(field);
      return { ...props, error: tried && (whenEmpty || props.value) ? props.error : null };
    },
    /** The confirmation's props: a mismatch shows while typing, once it is as long as the new password. */
    confirmInput: () => {
      const props = form.getInputProps('confirmNewPassword');
      const { newPassword, confirmNewPassword } = form.values;
      const typedOut = confirmNewPassword !== '' && confirmNewPassword.length >= newPassword.length;
      return { ...props, error: (tried && confirmNewPassword) || typedOut ? props.error : null };
    },
    /** Presses the first step's button: true when the e-mail or username may be sent. */
    emailReady: () => {
      setTried(true);
      return !form.validateField('email').hasError;
    },
    /** Presses the second step's button: true when the code and both passwords may be sent. */
    changeReady: () => {
      setTried(true);
      return !form.validate().hasErrors;
    },
    /** A new start: the step's warnings hidden again, and on close the code and passwords forgotten (the login stays). */
    restart: (forget: boolean) => {
      setTried(false);
      if (forget) form.setValues({ resetCode: '', newPassword: '', confirmNewPassword: '' });
    },
  };
}
