// The sign-up and reset forms' messages as a person meets them: when each shows, and when it goes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SignupScreen } from '../../../../src/features/auth/signup-screen';
import { ResetPasswordDialog } from '../../../../src/features/auth/reset-password-dialog';
import { renderApp } from '../../support/render-app';
import { stubFetch } from '../../support/fetch-stub';
import { domainDetails } from '../../support/factories';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input' });
/** Types as a paste at the end of the field: one change a field, so the test stays quick. */
async function typeIn(user: ReturnType<typeof renderApp>['user'], input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}
const register = () => screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement;

describe('the sign-up form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the confirmation again when the password changes', async () => {
    stubFetch(() => undefined);
    const { user } = renderApp(<SignupScreen />, { path: '/signup' });
    await typeIn(user, field('Password'), 'secret12');
    await typeIn(user, field('Confirm password'), 'secret12');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    await typeIn(user, field('Password'), '3');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await typeIn(user, field('Confirm password'), '3');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull());
  });

  it('says a taken username when the field is left, and forgets it once the name changes', async () => {
    stubFetch((url) =>
      url.includes('checkusernameexist')
        ? { body: { error: { status: 'failed', message: 'Username already exists' } } }
        : url.includes('checkemailexist')
          ? { body: {} }
          : undefined,
    );
    const { user } = renderApp(<SignupScreen />, { path: '/signup' });
    await typeIn(user, field('Username'), 'takenname');
    await typeIn(user, field('Email'), 'taken@example.com');
    await typeIn(user, field('Password'), 'secret12');
    await typeIn(user, field('Confirm password'), 'secret12');
    expect(await screen.findByText('Username already exists')).toBeTruthy();
    expect(register().disabled).toBe(true);
    await typeIn(user, field('Username'), 'x');
    await waitFor(() => expect(screen.queryByText('Username already exists')).toBeNull());
    expect(register().disabled).toBe(false);
  });

  it('says on the phone field that it is missing when Register is pressed, until a number is typed', async () => {
    stubFetch((url) => (url.includes('exist') ? { body: {} } : undefined));
    const { user } = renderApp(<SignupScreen />, { path: '/signup' });
    await typeIn(user, field('Username'), 'newperson');
    await typeIn(user, field('Email'), 'new@example.com');
    await typeIn(user, field('Password'), 'secret12');
    await typeIn(user, field('Confirm password'), 'secret12');
    await user.click(register());
    expect(await screen.findByText('Mobile numbers not complete')).toBeTruthy();
    expect(document.activeElement).toBe(field('Phone'));
    await typeIn(user, field('Phone'), '0244123456');
    await waitFor(() => expect(screen.queryByText('Mobile numbers not complete')).toBeNull());
  });
  it('takes a phone written with spaces or dashes, as every number field does, and sends it canonical', async () => {
    const sent: unknown[] = [];
    stubFetch((url, init) => {
      if (url.includes('exist')) return { body: {} };
      if (url.startsWith('/smsgateway/api/domain')) return { body: domainDetails() };
      if (!url.includes('temporalsignup')) return undefined;
      sent.push(JSON.parse(String(init?.body)));
      return { body: { error: { status: 'failed', message: 'Email already exists' } } };
    });
    const { user } = renderApp(<SignupScreen />, { path: '/signup' });
    await typeIn(user, field('Username'), 'newperson');
    await typeIn(user, field('Email'), 'new@example.com');
    await typeIn(user, field('Phone'), '0244 556 677');
    await typeIn(user, field('Password'), 'secret12');
    await typeIn(user, field('Confirm password'), 'secret12');
    expect(screen.queryByText('Mobile numbers must be only numbers')).toBeNull();
    await waitFor(() => expect(register().disabled).toBe(false));
    await user.click(register());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ phone: '233244556677' });
    await user.clear(field('Phone'));
    await typeIn(user, field('Phone'), '+233 24-455-6677');
    expect(screen.queryByText('Mobile numbers must be only numbers')).toBeNull();
    await typeIn(user, field('Phone'), 'x');
    expect(await screen.findByText('Mobile numbers must be only numbers')).toBeTruthy();
  });
});

describe('the password reset dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says nothing until Send code is pressed, then keeps its message up to date', async () => {
    stubFetch(() => undefined);
    const { user } = renderApp(<ResetPasswordDialog opened onClose={() => {}} supid={1} />);
    const login = await screen.findByLabelText('Email or username');
    await typeIn(user, login, 'bad@');
    expect(screen.queryByText('Please enter a valid email')).toBeNull();
    await user.clear(login);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your email or username')).toBeTruthy();
    await typeIn(user, login, 'bad@');
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    await typeIn(user, login, 'example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email')).toBeNull());
  });

  it('flags mismatched new passwords while typing, once the confirmation is as long as the password', async () => {
    stubFetch((url) => (url.includes('setpasswordreset') ? { body: { passcodeSet: true } } : undefined));
    const { user } = renderApp(<ResetPasswordDialog opened onClose={() => {}} supid={1} />);
    await typeIn(user, await screen.findByLabelText('Email or username'), 'someone');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await typeIn(user, await screen.findByLabelText('New password'), 'newsecret98');
    const confirm = screen.getByLabelText('Confirm new password');
    await typeIn(user, confirm, 'newsec');
    expect(screen.queryByText('Please ensure passwords the are same')).toBeNull();
    await typeIn(user, confirm, 'ret99');
    expect(await screen.findByText('Please ensure passwords the are same')).toBeTruthy();
    await user.clear(confirm);
    await typeIn(user, confirm, 'newsecret98');
    await waitFor(() => expect(screen.queryByText('Please ensure passwords the are same')).toBeNull());
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
  });

  it('asks for the code when Change password is pressed, and for a password only once one is typed', async () => {
    stubFetch((url) => (url.includes('setpasswordreset') ? { body: { passcodeSet: true } } : undefined));
    const { user } = renderApp(<ResetPasswordDialog opened onClose={() => {}} supid={1} />);
    await typeIn(user, await screen.findByLabelText('Email or username'), 'someone');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Code');
    expect(screen.queryByText('Please enter code sent to your phone')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please enter code sent to your phone')).toBeTruthy();
    expect(screen.queryByText('Password must be more than six characters')).toBeNull();
    await typeIn(user, screen.getByLabelText('New password'), 'abc');
    expect(await screen.findByText('Password must be more than six characters')).toBeTruthy();
    await typeIn(user, screen.getByLabelText('Confirm new password'), 'abcdefg');
    expect(await screen.findByText('Please ensure passwords the are same')).toBeTruthy();
    await typeIn(user, screen.getByLabelText('New password'), 'defg');
    await waitFor(() => expect(screen.queryByText('Please ensure passwords the are same')).toBeNull());
    expect(screen.queryByText('Password must be more than six characters')).toBeNull();
    await typeIn(user, code, '1234');
    await waitFor(() => expect(screen.queryByText('Please enter code sent to your phone')).toBeNull());
  });
});
