import type { RunningGateway } from './gateway';

export type CarrierMessage = {
  to: string;
  from: string;
  text: string;
  parts: number;
  unicode: boolean;
  jobId: string | null;
  index: number;
  status: string;
  time: string;
};

/** GET a dev-mode route of the simulated carrier (never registered outside dev mode). */
async function devCarrier<T>(gateway: RunningGateway, path: string): Promise<T> {
  const url = gateway.url(`/smsgateway/dev/carrier${path}`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** What the simulated carrier delivered to a number, newest first (dev mode). */
export async function carrierMessages(gateway: RunningGateway, to: string): Promise<CarrierMessage[]> {
  return (await devCarrier<{ messages: CarrierMessage[] }>(gateway, `?to=${encodeURIComponent(to)}&limit=50`)).messages;
}

/** The 4-digit code in an SMS text (sign-up and password-reset codes), or null. */
export const codeIn = (text: string | undefined) => /\b(\d{4})\b/.exec(text ?? '')?.[1] ?? null;

/** The newest code the simulated carrier delivered to a number after a time (ms), or null. */
export async function latestCode(gateway: RunningGateway, to: string, after = 0): Promise<string | null> {
  const fresh = (await carrierMessages(gateway, to)).filter((m) => Date.parse(m.time) > after);
  return fresh.map((m) => codeIn(m.text)).find(Boolean) ?? null;
}

/** Every message the simulated carrier delivered for one send (its outbox job id), newest first. */
export async function carrierMessagesOfJob(gateway: RunningGateway, jobId: string): Promise<CarrierMessage[]> {
  return (await devCarrier<{ messages: CarrierMessage[] }>(gateway, `?jobId=${encodeURIComponent(jobId)}&limit=1000`))
    .messages;
}

/** How often each recipient of one send (its outbox job id) reached the simulated carrier. */
export const carrierSummary = (gateway: RunningGateway, jobId: string) =>
  devCarrier<{ total: number; unique: number; duplicates: number }>(
    gateway,
    `/summary?jobId=${encodeURIComponent(jobId)}`,
  );

/** Polls until `check` passes (no sleeps in tests: a condition, with a deadline). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: last value ${JSON.stringify(last).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 250));
    last = await read();
  }
  return last;
}
