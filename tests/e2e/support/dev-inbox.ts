import type { RunningGateway } from './gateway';

/** The newest 4-digit code the simulated carrier delivered to a number (dev mode only). */
export async function latestCode(gateway: RunningGateway, to: string, after = 0): Promise<string | null> {
  const res = await fetch(gateway.url(`/smsgateway/dev/carrier?to=${encodeURIComponent(to)}&limit=5`));
  if (!res.ok) return null;
  const { messages } = (await res.json()) as { messages: Array<{ text: string; time: string }> };
  const fresh = messages.filter((m) => Date.parse(m.time) > after);
  const match = fresh.map((m) => /\b(\d{4})\b/.exec(m.text)?.[1]).find(Boolean);
  return match ?? null;
}

/** Unique test identities so tests never collide on usernames, e-mails or numbers. */
export function uniqueUser(prefix = 'e2e') {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return {
    username: `${prefix}${tag}`.slice(0, 20),
    email: `${prefix}.${tag}@example.com`,
    phone: `23324${digits}`,
    password: 'secret123',
  };
}
