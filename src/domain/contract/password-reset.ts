// A forgotten password: a code texted to the account's phone, then a new password with it
// (docs/api.md#calls-and-answers, docs/product.md#password-reset).
import { z } from './zod';
import { frontendCall } from './call';
import { errorField, shownText, text, unread } from './fields';
import { EndedCredentialsSchema } from './account';

/** `{ passcodeSet: true }` whether or not the account exists. */
export const REQUEST_PASSWORD_RESET = frontendCall(
  'setpasswordreset',
  { who: 'public', touches: 'nothing', attempts: 'resetRequest' },
  // `email` carries the account's e-mail or username, as login's emailusername does.
  z.object({ email: text, supid: unread<number>() }),
  z.looseObject({ passcodeSet: z.boolean().optional(), error: errorField }),
);

export const CHANGE_PASSWORD = frontendCall(
  'changepassword',
  { who: 'public', touches: 'nothing', attempts: 'resetChange' },
  z.object({
    resetCode: text,
    newPassword: text,
    confirmNewPassword: text,
    // Required (an e-mail or a username): a code is checked against the one account it was sent for, and its 7 attempts count.
    email: text,
  }),
  // A reset answers what it ended beside the password (every session, API key and the SMPP password), in words too.
  z.looseObject({
    passwordchanged: z.boolean().optional(),
    ended: EndedCredentialsSchema.optional(),
    message: shownText.optional(),
    error: errorField,
  }),
);
