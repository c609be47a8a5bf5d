import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import { pendingMigrations } from '../db/migrate';

/** A check that has not answered by then counts as failed: a load balancer must not wait on it. */
const CHECK_MS = 2000;
/** A loop ticking at most this often is watched; hourly sweeps are not (their first tick is an hour away). */
const WATCHED_EVERY_MS = 10_000;
/** A watched loop is alive while its last tick ended, or its running one began, within this. */
const LOOP_STALE_MS = 60_000;

export type CheckResult = 'ok' | string;
export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; loops: CheckResult; carrier: CheckResult };
}

const within = <T>(work: Promise<T>, failed: string): Promise<T | string> =>
  Promise.race([work, new Promise<string>((resolve) => setTimeout(() => resolve(failed), CHECK_MS).unref())]);

async function database(ctx: GatewayContext): Promise<CheckResult> {
  try {
    const answered = await within(
      sql`select 1 as one`.execute(ctx.db).then(() => 'ok'),
      `no answer within ${CHECK_MS / 1000} s`,
    );
    return answered;
  } catch {
    return 'unreachable';
  }
}

async function migrations(ctx: GatewayContext): Promise<CheckResult> {
  try {
    const pending = await within(pendingMigrations(ctx.db), 'unreadable');
    if (typeof pending === 'string') return pending;
    return pending === 0 ? 'ok' : `${pending} not run`;
  } catch {
    return 'unreadable';
  }
}

function loops(ctx: GatewayContext): CheckResult {
  if (!ctx.liveness || ctx.liveness.loops.size === 0) return 'not started';
  const now = performance.now();
  const stalled: string[] = [];
  for (const [name, beat] of ctx.liveness.loops) {
    if (beat.everyMs > WATCHED_EVERY_MS) continue;
    const last = beat.runningSince ?? beat.lastDoneAt ?? ctx.liveness.startedAt;
    if (now - last > LOOP_STALE_MS) stalled.push(name);
  }
  return stalled.length === 0 ? 'ok' : `stalled: ${stalled.join(', ')}`;
}

/** The configured carrier (CARRIER_URL) must be bound; the simulator always is. */
function carrier(ctx: GatewayContext): CheckResult {
  if (!ctx.connector) return 'ok';
  return ctx.connector.health().bound ? 'ok' : 'not bound';
}

/**
 * Whether this instance should be sent traffic (GET /readyz): the database answers, every migration
 * it knows has run, its background loops tick, its carrier is bound, and it is not stopping. Each
 * part is named with what failed; nothing of a tenant, an address or a secret.
 */
export async function readiness(ctx: GatewayContext): Promise<Readiness> {
  const [db, migrated] = await Promise.all([database(ctx), migrations(ctx)]);
  const checks = { database: db, migrations: migrated, loops: loops(ctx), carrier: carrier(ctx) };
  const ready = !ctx.liveness?.stopping && Object.values(checks).every((c) => c === 'ok');
  return { ready, checks };
}
