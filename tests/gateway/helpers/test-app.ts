import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../../server/src/app';
import type { GatewayContext } from '../../../server/src/core/context';
import { openDatabase } from '../../../server/src/db/database';
import { migrateToLatest } from '../../../server/src/db/migrate';
import { seedDemo } from '../../../server/src/seed/demo';
import { stopCarrier } from '../../../server/src/carrier/delivery';
import { recipientLedger } from '../../../server/src/messaging/carrier-ledger';
import { inboundLedger } from '../../../server/src/optouts/inbound';
import { newPostgresDatabase, startingDatabase, type SeedContext } from './starting-databases';

export interface TestClock {
  now: number;
  advance(ms: number): void;
}

export interface TestGateway {
  app: FastifyInstance;
  ctx: GatewayContext;
  clock: TestClock;
  close(): Promise<void>;
}

/** A new, empty PostgreSQL database when DATABASE_URL is set (its URL, for a gateway process too), else null. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const url = process.env.DATABASE_URL;
  return url ? newPostgresDatabase(url) : null;
}

/** The gateway app over a fresh database with the demo tenants seeded (unless `demo: false`). */
export async function makeTestApp(
  options: Partial<GatewayContext> & { demo?: boolean; sqliteFile?: string; databaseUrl?: string } = {},
): Promise<TestGateway> {
  const { demo = true, sqliteFile, databaseUrl, ...overrides } = options;
  const clock: TestClock = {
    now: Date.parse('2026-11-20T10:00:00Z'),
    advance(ms) {
      this.now += ms;
    },
  };
  const imagesDir = mkdtempSync(join(tmpdir(), 'gw-images-'));
  const settings: SeedContext = {
    now: () => clock.now,
    devMode: true,
    mainHost: 'localhost',
    maxBodyBytes: 1024 * 1024,
    scryptCost: 2 ** 10,
    imagesDir,
    distDir: null,
    carrierDelayMs: 1000,
    recipients: recipientLedger,
    inbound: inboundLedger,
    ...overrides,
  };
  // A database the test gives (`db`) is used as it is, and left open when the gateway closes. One it
  // names (one it made, or a SQLite file when not on PostgreSQL) is migrated and seeded here. Otherwise
  // the gateway starts on a copy of one migrated once, and seeded once for the same settings when the
  // test's settings are plain values (a connector or a clock of its own may change what the demo data
  // writes: it is then seeded here).
  const given = overrides.db;
  const named = databaseUrl !== undefined || (sqliteFile !== undefined && !process.env.DATABASE_URL);
  const plain = Object.values(overrides).every((v) => v === null || (typeof v !== 'object' && typeof v !== 'function'));
  const copiedSeed = demo && plain && !named ? { ctx: settings, settings: JSON.stringify(overrides) } : null;
  const own = given
    ? null
    : named
      ? { db: openDatabase(databaseUrl ? { databaseUrl } : { sqliteFile }), drop: async () => {} }
      : await startingDatabase(copiedSeed, settings.imagesDir);
  const ctx: GatewayContext = { ...settings, db: given ?? own!.db };
  if (named && own) await migrateToLatest(own.db);
  if (demo && !copiedSeed) await seedDemo(ctx);
  const app = await buildApp(ctx);
  return {
    app,
    ctx,
    clock,
    async close() {
      await app.close();
      await stopCarrier(ctx);
      await own?.db.destroy();
      await own?.drop();
      rmSync(imagesDir, { recursive: true, force: true });
    },
  };
}

/**
 * One gateway a test: `open` makes it, `onStop` adds what the test started on it (listeners,
 * customers, child processes). After each test those are stopped, the last started first, then the
 * gateway is closed.
 */
export function useTestGateway() {
  let current: TestGateway | null = null;
  const stops: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
    await current?.close();
    current = null;
  });
  return {
    async open(options?: Parameters<typeof makeTestApp>[0]) {
      current = await makeTestApp(options);
      return current;
    },
    /** The open gateway (throws when the test opened none). */
    get gw(): TestGateway {
      if (!current) throw new Error('The test opened no gateway');
      return current;
    },
    onStop(...more: (() => Promise<void> | void)[]) {
      stops.push(...more);
    },
  };
}

/** POST a frontend call as a user (token) or anonymously, on a host. */
export async function call(
  gw: TestGateway,
  path: string,
  body: unknown,
  options: { token?: string; host?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const url = path.startsWith('/') ? path : `/smsgateway/api/frontend/${path}`;
  const request: InjectOptions = {
    method: 'POST',
    url,
    payload: body as InjectOptions['payload'],
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: {
      host: options.host ?? 'localhost',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  };
  const res = await gw.app.inject(request);
  return { status: res.statusCode, body: res.body ? (res.json() as Record<string, any>) : {}, headers: res.headers };
}

/** Signs in and returns the userInfo (token, apikey, profile_id ...). */
export async function login(gw: TestGateway, username: string, password: string, host = 'localhost') {
  const res = await call(
    gw,
    'login',
    { emailusername: username, password, domain: host, domain_supid: 0, humanKey: '' },
    { host },
  );
  if (res.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(res.body)}`);
  return res.body.userInfo as Record<string, any> & { token: string; apikey: string; profile_id: number };
}

/**
 * A session for a seeded user without going through login (for areas that test other calls), with a
 * fresh API key as an integration holds it (the gateway stores only its hash).
 */
export async function tokenFor(gw: TestGateway, username: string) {
  const { apiKeyHash, newApiKey, newToken, sha256, TOKEN_TTL_MS } = await import('../../../server/src/auth/tokens');
  const user = await gw.ctx.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const token = newToken();
  await gw.ctx.db
    .insertInto('tokens')
    .values({
      token_hash: sha256(token),
      profile_id: user.profile_id,
      created_at: gw.clock.now,
      expires_at: gw.clock.now + TOKEN_TTL_MS,
    })
    .execute();
  const apikey = newApiKey();
  await gw.ctx.db
    .updateTable('users')
    .set({ apikey: apiKeyHash(apikey) })
    .where('profile_id', '=', user.profile_id)
    .execute();
  return { ...user, token, apikey };
}

/** The newest text the simulated carrier handed to a number (sign-up and reset codes), or undefined. */
export async function lastTextTo(gw: TestGateway, number: string) {
  return gw.ctx.db
    .selectFrom('carrier_messages')
    .selectAll()
    .where('to_number', '=', number)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export type Session = Awaited<ReturnType<typeof login>>;

/** The seeded demo tenants, signed in on their own hosts: profile 6, its client, a reseller and its client. */
export async function signInDemoTenants(gw: TestGateway) {
  const [sup, demo, acme, acmeClient] = await Promise.all([
    login(gw, 'supervisor', 'supervisor123'),
    login(gw, 'demouser', 'demo12345'),
    login(gw, 'acmeadmin', 'acme12345', 'acme.localhost'),
    login(gw, 'acmeclient', 'client12345', 'acme.localhost'),
  ]);
  return { sup, demo, acme, acmeClient };
}
