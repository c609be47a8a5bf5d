import type { GatewayContext } from '../core/context';
import { dispatcherFor } from './delivery';
import { queueSystemText } from './parts/part-claims';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';

export { carrierStatusFor } from './sim/sim-rules';

/** How long a code's request waits for the carrier to take it before answering anyway (it stays queued). */
const SYSTEM_TEXT_WAIT_MS = 3000;

/**
 * Hands one system text (sign-up or reset code) to the carrier, through the same connector as customers'
 * messages: queued as parts first, so it is never lost, then sent at once rather than on the next step.
 */
export async function deliverSystemText(ctx: GatewayContext, to: string, from: string, text: string): Promise<void> {
  // Filed under the canonical number, as customers' messages are: the dev inbox's ?to=233… finds a code sent to 024….
  await queueSystemText(ctx, canonicalPhone(to), from, text);
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
