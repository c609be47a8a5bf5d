// npm run backup and npm run restore as an operator runs them (docs/operations.md#backups): a backup of a
// gateway taking sends, restored into an empty database, serves the same balances, ledgers, phone books
// and messages; a restore never writes over a database that holds data.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { makeKey, v1 } from './helpers/api-v1';
import { call } from './helpers/test-app';

const onPostgres = Boolean(process.env.DATABASE_URL);
const work = mkdtempSync(join(tmpdir(), 'gw-backup-'));
const liveDir = join(work, 'live');
const backups = join(work, 'backups');
const drops: (() => Promise<void>)[] = [];

/** An empty place to restore into: a new PostgreSQL database, or a new DATA_DIR. */
async function emptyTarget(name: string): Promise<{ env: Record<string, string>; open: () => Promise<TestGateway> }> {
  const dataDir = join(work, name);
  if (!onPostgres) {
    return {
      env: { DATA_DIR: dataDir },
      open: () =>
        makeTestApp({ demo: false, sqliteFile: join(dataDir, 'gateway.sqlite'), imagesDir: join(dataDir, 'images') }),
    };
  }
  const fresh = (await freshPostgres())!;
  drops.push(fresh.drop);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: fresh.url },
    open: () => makeTestApp({ demo: false, databaseUrl: fresh.url, imagesDir: join(dataDir, 'images') }),
  };
}

/** `npm run <script> -- args` with the operator's environment: its exit code and what it printed. */
function npmRun(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => resolve({ code, out: out.trim(), err: err.trim() }));
  });
}

/** Every page of a v1 list, oldest page last. */
async function allPages(gw: TestGateway, path: string, secret: string) {
  const rows: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const page = await v1(gw, 'GET', `${path}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { auth: secret });
    expect(page.status).toBe(200);
    rows.push(...(page.body.data as Record<string, unknown>[]));
    cursor = page.body.nextCursor as string | null;
  } while (cursor);
  return rows;
}

/** What the demo user sees through the API and the app: balance, ledger, messages, phone books. */
async function served(gw: TestGateway, secret: string) {
  const demo = await account(gw, 'demouser');
  const books = await call(gw, 'groupsrequest', { profile_id: demo.profile_id }, { token: demo.token });
  return {
    balance: (await v1(gw, 'GET', '/balance', { auth: secret })).body,
    ledger: await allPages(gw, '/ledger', secret),
    messages: await allPages(gw, '/messages', secret),
    books: books.body.groups as unknown[],
  };
}

let live: TestGateway;
let secret: string;
let liveEnv: Record<string, string>;

beforeAll(async () => {
  mkdirSync(join(liveDir, 'images'), { recursive: true });
  writeFileSync(join(liveDir, 'images', 'logo-demo.png'), 'a logo');
  const fresh = onPostgres ? await freshPostgres() : null;
  if (fresh) drops.push(fresh.drop);
  live = await makeTestApp({
    imagesDir: join(liveDir, 'images'),
    ...(fresh ? { databaseUrl: fresh.url } : { sqliteFile: join(liveDir, 'gateway.sqlite') }),
  });
  liveEnv = { DATA_DIR: liveDir, ...(fresh ? { DATABASE_URL: fresh.url } : {}) };
  secret = (await makeKey(live, (await account(live, 'demouser')).token)).secret;
});

afterAll(async () => {
  await live.close();
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
});

const send = (n: number) =>
  v1(live, 'POST', '/messages', {
    auth: secret,
    body: { from: 'DEMO', to: [`23324100${String(n).padStart(4, '0')}`], text: `Backup ${n}` },
  });

describe('npm run backup and npm run restore', () => {
  it('backs up a gateway taking sends; the restore serves one moment of it, whole', async () => {
    let sending = true;
    let sent = 0;
    const load = (async () => {
      while (sending) {
        expect((await send(sent)).status).toBe(201);
        sent += 1;
      }
    })();
    while (sent < 5) await send(10_000 + sent);
    const sentBefore = sent;
    const backup = await npmRun('backup', ['--dir', backups], liveEnv);
    const sentDuring = sent - sentBefore;
    sending = false;
    await load;
    expect(backup).toMatchObject({ code: 0, err: '' });
    expect(sentDuring).toBeGreaterThan(0);
    const folder = backup.out;
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ kind: onPostgres ? 'postgres' : 'sqlite', images: true });
    expect(manifest.migrations).toContain('033-credit-ledger');

    const target = await emptyTarget('restored');
    const restore = await npmRun('restore', [folder], target.env);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toMatch(
      /^Restored the backup of .* \(\d+ accounts, \d+ migrations\): start the gateway on it\.$/,
    );
    const restored = await target.open();
    try {
      const now = await served(live, secret);
      const then = await served(restored, secret);
      // One moment: the balance is the last ledger entry's, and each entry is the live one of that id.
      expect(then.ledger.length).toBeGreaterThan(0);
      expect(then.balance.credits).toBe(then.ledger[0]!.balanceAfter);
      const liveEntries = new Map(now.ledger.map((entry) => [entry.id, entry]));
      for (const entry of then.ledger) expect(entry).toEqual(liveEntries.get(entry.id as string));
      // Sends made while the backup ran are in it or not, each whole: its message with its charge.
      const charged = new Set(then.ledger.map((e) => (e.reference as { id?: string } | null)?.id));
      const liveMessages = new Map(now.messages.map((m) => [m.id, m]));
      for (const message of then.messages) {
        expect(charged.has(message.batchId as string)).toBe(true);
        expect(message).toEqual(liveMessages.get(message.id as string));
      }
      expect(then.messages.length).toBeGreaterThanOrEqual(sentBefore);
      expect(then.books).toEqual(now.books);
      const images = readdirSync(join(liveDir, 'images'));
      expect(images).toContain('logo-demo.png');
      expect(readdirSync(join(work, 'restored', 'images'))).toEqual(images);
    } finally {
      await restored.close();
    }
  });

  it('a backup at rest restores to exactly what the gateway serves', async () => {
    const backup = await npmRun('backup', ['--dir', backups], liveEnv);
    expect(backup.code, backup.err).toBe(0);
    const target = await emptyTarget('at-rest');
    expect((await npmRun('restore', [backup.out], target.env)).code).toBe(0);
    const restored = await target.open();
    try {
      expect(await served(restored, secret)).toEqual(await served(live, secret));
    } finally {
      await restored.close();
    }
  });

  it('never restores over a database that holds data, nor a backup of a newer gateway', async () => {
    const backup = await npmRun('backup', ['--dir', backups], liveEnv);
    const over = await npmRun('restore', [backup.out], liveEnv);
    expect(over.code).toBe(1);
    expect(over.err).toMatch(
      onPostgres ? /is not empty: restore into a new, empty database/ : /exists: restore into an empty DATA_DIR/,
    );

    const manifestFile = join(backup.out, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    writeFileSync(
      manifestFile,
      JSON.stringify({ ...manifest, migrations: [...manifest.migrations, '999-from-the-future'] }),
    );
    const target = await emptyTarget('newer');
    const newer = await npmRun('restore', [backup.out], target.env);
    expect(newer).toMatchObject({
      code: 1,
      err: expect.stringMatching(/made by a newer gateway \(it has run 999-from-the-future\)/),
    });
    expect(existsSync(join(work, 'newer', 'gateway.sqlite'))).toBe(false);

    const missing = await npmRun('restore', [join(work, 'nowhere')], target.env);
    expect(missing.err).toMatch(/is not a backup folder/);
  });

  it('keeps the newest backups it is told to keep', async () => {
    const kept = join(work, 'kept');
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) made.push((await npmRun('backup', ['--dir', kept, '--keep', '2'], liveEnv)).out);
    expect(readdirSync(kept).sort()).toEqual(
      made
        .slice(1)
        .map((path) => path.split('/').pop())
        .sort(),
    );
    const bad = await npmRun('backup', ['--dir', kept, '--keep', 'all'], liveEnv);
    expect(bad).toMatchObject({ code: 1, err: "--keep must be a whole number of backups, at least 1; it is 'all'" });
  });
});
