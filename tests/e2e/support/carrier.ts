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

/** What the simulated carrier delivered to a number, newest first (dev mode). */
export async function carrierMessages(gateway: RunningGateway, to: string): Promise<CarrierMessage[]> {
  const res = await fetch(gateway.url(`/smsgateway/dev/carrier?to=${encodeURIComponent(to)}&limit=50`));
  if (!res.ok) throw new Error(`dev carrier answered ${res.status}`);
  return ((await res.json()) as { messages: CarrierMessage[] }).messages;
}

/** Every message the simulated carrier delivered for one send (its outbox job id), newest first. */
export async function carrierMessagesOfJob(gateway: RunningGateway, jobId: string): Promise<CarrierMessage[]> {
  const res = await fetch(gateway.url(`/smsgateway/dev/carrier?jobId=${encodeURIComponent(jobId)}&limit=1000`));
  if (!res.ok) throw new Error(`dev carrier answered ${res.status}`);
  return ((await res.json()) as { messages: CarrierMessage[] }).messages;
}

export async function carrierSummary(
  gateway: RunningGateway,
  jobId: string,
): Promise<{ total: number; unique: number; duplicates: number }> {
  const res = await fetch(gateway.url(`/smsgateway/dev/carrier/summary?jobId=${encodeURIComponent(jobId)}`));
  if (!res.ok) throw new Error(`dev carrier summary answered ${res.status}`);
  return (await res.json()) as { total: number; unique: number; duplicates: number };
}

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
