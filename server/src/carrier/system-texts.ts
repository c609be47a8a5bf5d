import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import { dispatcherFor } from './delivery';
import { queueSystemText } from './parts/part-claims';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';

export { carrierStatusFor } from './sim/sim-rules';

/** How long a code's request waits for the carrier to take it before answering anyway (it stays queued). */
const SYSTEM_TEXT_WAIT_MS = 3000;

/**
 * Queues one system text as carrier parts in the caller's transaction: it commits with what caused it
 * (an alert marked sent, a setting turned off) or not at all, and the carrier's next step sends it.
 * Filed under the canonical number, as customers' messages are: the dev inbox's ?to=233… finds a code
 * sent to 024….
 */
export function queueSystemTextIn(db: Executor, now: number, to: string, from: string, text: string): Promise<void> {
  return queueSystemText(db, now, canonicalPhone(to), from, text);
}

/** Sends the queued system texts now rather than on the next step; waits a little for the carrier, never throws. */
export async function sendQueuedSystemTexts(ctx: GatewayContext): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SYSTEM_TEXT_WAIT_MS);
  });
  const sent = dispatcherFor(ctx)
    .run({ chunk: 100, maxChunks: 1, systemOnly: true })
    .catch((error: unknown) => ctx.reportError?.('system text', error));
  await Promise.race([sent, waited]);
  clearTimeout(timer);
}

/**
 * Hands one system text (sign-up or reset code) to the carrier, through the same connector as customers'
 * messages: queued as parts first, so it is never lost, then sent at once rather than on the next step.
 */
export async function deliverSystemText(ctx: GatewayContext, to: string, from: string, text: string): Promise<void> {
  await queueSystemTextIn(ctx.db, ctx.now(), to, from, text);
  await sendQueuedSystemTexts(ctx);
}
