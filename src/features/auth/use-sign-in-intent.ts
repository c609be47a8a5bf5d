import { useCallback, useEffect, useRef } from 'react';
import type { signIn } from '../../sync/session';

// Off the first screen's path: sign-in (zod and Dexie) loads when the person starts on the form.
type SignIn = typeof signIn;
let loadedSignIn: SignIn | null = null;
const loadSession = () =>
  import('../../sync/session').then((m) => {
    loadedSignIn = m.signIn;
    return m;
  });

/**
 * Sends the login. With sign-in's code loaded (it loads while the password is typed), the request goes
 * out in this very call, before React draws the busy button: on a slow phone that drawing came first.
 */
export function startSignIn(input: Parameters<SignIn>[0]): ReturnType<SignIn> {
  return loadedSignIn ? loadedSignIn(input) : loadSession().then((m) => m.signIn(input));
}

const LOGIN_FIELDS = ['emailusername', 'password'];

/**
 * Sign-in's own code (zod, Dexie) and the screens it opens load while the password is typed, not after
 * Login: once, on the first focus or keystroke (`typed`), or at once when the prerendered page was
 * already typed into or focused before the code arrived. The returned callback is the form's onFocus.
 */
export function useSignInIntent(typed: boolean, onSignInIntent?: () => void): () => void {
  const intent = useRef(false);
  const signInIntent = useCallback(() => {
    if (intent.current) return;
    intent.current = true;
    void loadSession()
      .then((m) => m.prepareSignIn())
      .catch(() => {});
    onSignInIntent?.();
  }, [onSignInIntent]);
  useEffect(() => {
    const focused = document.activeElement;
    const onForm = focused instanceof HTMLInputElement && LOGIN_FIELDS.includes(focused.name);
    if (typed || onForm) signInIntent();
  }, [typed, signInIntent]);
  return signInIntent;
}
