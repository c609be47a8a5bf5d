// The page's one question about notices of sends that went out in the background (docs/architecture.md#background-sending).
import { sendsInBackground } from './background-sync';

const ASKED_KEY = 'outbox.notificationsAsked';

/**
 * After the first send queued offline (never on load), asks once whether the app may say when a
 * send it sent in the background has gone out; the app works the same either way.
 */
export async function askToNotifyOnce(): Promise<void> {
  if (!sendsInBackground() || typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  try {
    // A prompt dismissed without an answer leaves 'default': the flag keeps it from coming back.
    if (localStorage.getItem(ASKED_KEY)) return;
    localStorage.setItem(ASKED_KEY, String(Date.now()));
  } catch {
    return;
  }
  await Notification.requestPermission().catch(() => 'default');
}
