import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgres, makeTestApp, useTestGateway, type TestGateway } from './helpers/test-app';
import { eventually } from './helpers/eventually';
import { boundGateways, type BoundGateways } from './helpers/gateway-process';
import { openDatabase, type Db } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import { startBackground } from '../../server/src/background';
import { Liveness } from '../../server/src/core/liveness';
import type { Connector } from '../../server/src/core/connector';

// Health for load balancers (docs/operations.md#health): /healthz says the process answers, /readyz
// whether to send it traffic, 503 naming the failing part, open to anyone and telling nothing else.

const get = (gw: TestGateway, url: string, host = 'localhost') =>
  gw.app.inject({ method: 'GET', url, headers: { host } });
const ALL_OK = { database: 'ok', migrations: 'ok', loops: 'ok', carrier: 'ok' };

describe('health and readiness', () => {
  const { open, onStop } = useTestGateway();

  it('/healthz answers without sign-in on any host; /readyz is ready once the loops tick', async () => {
    const gw = await open({ liveness: new Liveness() });
    for (const host of ['localhost', 'acme.localhost']) {
      const res = await get(gw, '/healthz', host);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // No loop has run yet: not ready, and it says which part.
    let res = await get(gw, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', checks: { ...ALL_OK, loops: 'not started' } });

    onStop(startBackground(gw.ctx));
    res = await get(gw, '/readyz', 'acme.localhost');
    expect(res.statusCode).toBe(200);
    // The whole answer: nothing of a tenant, an address or a secret.
    expect(res.json()).toEqual({ status: 'ready', checks: ALL_OK });
  });

  it('names a migration not run, a stalled loop, an unbound carrier, and a stopping instance', async () => {
    const gw = await open({ liveness: new Liveness() });
    const liveness = gw.ctx.liveness!;
    liveness.loops.set('carrier', { everyMs: 200, lastDoneAt: performance.now(), runningSince: null });
    liveness.loops.set('audit log sweep', { everyMs: 3_600_000, lastDoneAt: null, runningSince: null });
    expect((await get(gw, '/readyz')).statusCode).toBe(200);

    const [last] = (await gw.ctx.db
      .selectFrom('kysely_migration' as never)
      .select(['name' as never])
      .orderBy('name' as never, 'desc')
      .limit(1)
      .execute()) as { name: string }[];
    await gw.ctx.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', last!.name as never)
      .execute();
    let res = await get(gw, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toEqual({ ...ALL_OK, migrations: '1 not run' });
    await migrateToLatest(gw.ctx.db);

    // A loop whose last tick ended over a minute ago (an hourly sweep is not watched).
    liveness.loops.get('carrier')!.lastDoneAt = performance.now() - 61_000;
    res = await get(gw, '/readyz');
    expect(res.json().checks).toEqual({ ...ALL_OK, loops: 'stalled: carrier' });
    liveness.loops.get('carrier')!.runningSince = performance.now();
    expect((await get(gw, '/readyz')).statusCode).toBe(200);

    gw.ctx.connector = { health: () => ({ bound: false }) } as unknown as Connector;
    res = await get(gw, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toEqual({ ...ALL_OK, carrier: 'not bound' });
    gw.ctx.connector = undefined;

    liveness.stopping = true;
    res = await get(gw, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'stopping', checks: ALL_OK });
  });
});

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and mended. */
async function relayTo(host: string, port: number) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let listenPort = 0;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(port, host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(listenPort, '127.0.0.1');
    await once(server, 'listening');
    listenPort = (server.address() as AddressInfo).port;
  };
  await listen();
  return {
    port: () => listenPort,
    async cut() {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
    mend: listen,
  };
}

describe('readiness while the database goes away and comes back', () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it('answers 503 naming the database, then ready again once it answers, without a crash', async () => {
    const pg = await freshPostgres();
    const lost: string[] = [];
    let reopen: () => Db;
    let cut: () => Promise<void>;
    let mend: () => Promise<void>;
    if (pg) {
      cleanup.push(pg.drop);
      const url = new URL(pg.url);
      const relay = await relayTo(url.hostname, Number(url.port || 5432));
      url.hostname = '127.0.0.1';
      url.port = String(relay.port());
      reopen = () => openDatabase({ databaseUrl: url.toString(), onConnectionLost: (e) => lost.push(e.message) });
      cut = relay.cut;
      mend = relay.mend;
    } else {
      // SQLite lives in the process: the file's connection is closed, then opened again.
      const dir = mkdtempSync(join(tmpdir(), 'readyz-'));
      cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
      reopen = () => openDatabase({ sqliteFile: join(dir, 'gateway.sqlite') });
      cut = async () => gw.ctx.db.destroy();
      mend = async () => {
        gw.ctx.db = reopen();
      };
    }
    const db = reopen();
    await migrateToLatest(db);
    const gw = await makeTestApp({ db, demo: false, liveness: new Liveness() });
    gw.ctx.liveness!.loops.set('carrier', { everyMs: 200, lastDoneAt: null, runningSince: performance.now() });
    cleanup.push(async () => {
      await gw.close();
      await gw.ctx.db.destroy().catch(() => {});
    });
    expect((await get(gw, '/readyz')).statusCode).toBe(200);

    await cut();
    const down = await get(gw, '/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json().checks.database).toMatch(/^(unreachable|no answer within 2 s)$/);
    expect((await get(gw, '/healthz')).statusCode).toBe(200);

    await mend();
    await eventually(async () =>
      expect((await get(gw, '/readyz')).json()).toEqual({ status: 'ready', checks: ALL_OK }),
    );
    // Had a broken idle connection been thrown, not told, vitest would report it as an unhandled error.
  });
});

describe('readiness of a real gateway bound to a carrier', () => {
  let set: BoundGateways | null = null;
  afterEach(async () => {
    await set?.stop();
    set = null;
  });

  it('is ready once bound, 503 "not bound" while the carrier refuses it, and ready again', async () => {
    set = await boundGateways();
    const { smsc } = set;
    const gateway = await set.start();
    const readyz = async () => {
      const res = await fetch(gateway.url('/readyz'));
      return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
    };
    await eventually(
      async () => expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: ALL_OK } }),
      60_000,
    );

    smsc.setFaults({ password: 'changed' });
    smsc.dropAll();
    await eventually(async () => {
      const now = await readyz();
      expect(now.status).toBe(503);
      expect(now.body.checks.carrier).toBe('not bound');
    }, 60_000);
    expect(JSON.stringify(await readyz())).not.toContain('secret');

    smsc.setFaults({ password: 'secret' });
    await eventually(async () => expect((await readyz()).status).toBe(200), 60_000);
    expect((await fetch(gateway.url('/healthz'))).status).toBe(200);
  });
});
