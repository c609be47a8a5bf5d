import type { GatewayContext } from '../core/context';
import type { Connector } from '../core/connector';
import { Dispatcher } from './dispatcher';
import { SimConnector } from './sim/sim-connector';

/** Rows per step: one short transaction each, so a 100,000-recipient send never holds the event loop long. */
export const CARRIER_CHUNK = 2000;

const dispatchers = new WeakMap<GatewayContext, Dispatcher>();

/** The context's one dispatcher, over its configured connector (CARRIER_URL) or the simulator. */
export function dispatcherFor(ctx: GatewayContext): Dispatcher {
  let dispatcher = dispatchers.get(ctx);
  if (!dispatcher) {
    const connector: Connector = ctx.connector ?? new SimConnector(ctx);
    dispatcher = new Dispatcher(ctx, connector);
    dispatchers.set(ctx, dispatcher);
  }
  return dispatcher;
}

/**
 * One carrier step: free and queued parts go to the connector chunk by chunk (yielding between
 * chunks), their answers are recorded, and the simulator's due receipts are stored. background.ts
 * calls it every 200 ms; tests call it directly. Returns the recipients and receipts it handled.
 */
export async function tickCarrier(
  ctx: GatewayContext,
  options: { chunk?: number; maxChunks?: number } = {},
): Promise<number> {
  return dispatcherFor(ctx).run({
    chunk: options.chunk ?? CARRIER_CHUNK,
    maxChunks: options.maxChunks ?? Number.POSITIVE_INFINITY,
  });
}

/** Stops the context's dispatcher sending (a stop is coming): the step under way ends once its parts on the wire are answered. */
export function haltCarrier(ctx: GatewayContext): void {
  dispatchers.get(ctx)?.halt();
}

/** Stops the context's connector: unbinds, records the last answers, frees what was never written. */
export async function stopCarrier(ctx: GatewayContext): Promise<void> {
  await dispatchers.get(ctx)?.stop();
  dispatchers.delete(ctx);
}
