// A built release's own gateway (its build/gateway.mjs serving its dist/), so a bench can measure the
// previous release and this tree side by side in one run, each on a copy of the demo data with a
// 100,000-recipient send. The previous release is a tree with its own build (cold-path.bench.ts says how to make one).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as DatabaseModule from '../../../server/src/db/database';
import type * as BigSendModule from '../../gateway/helpers/big-send';

export interface ReleaseGateway {
  name: string;
  url(path?: string, host?: string): string;
  /** The message key of its 100,000-recipient send (its status page is /dashboard/<key>). */
  bigSendKey: string;
  stop(): Promise<void>;
}

function spawnGateway(root: string, dataDir: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [join(root, 'build', 'gateway.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: 'localhost',
      DATA_DIR: dataDir,
      DIST_DIR: join(root, 'dist'),
      GATEWAY_DEV: '1',
      SEED_DEMO: '1',
      SCRYPT_COST: String(2 ** 14),
      DATABASE_URL: '',
      SMPP_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const port = new Promise<number>((done, fail) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /LISTENING (\d+)/.exec(log);
      if (match) done(Number(match[1]));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => fail(new Error(`gateway in ${root} exited with ${code}:\n${log}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { port, stop };
}

/** Starts the release built in `root` on fresh demo data with a 100,000-recipient send of the demo client. */
export async function startRelease(
  name: string,
  root: string,
  env: Record<string, string> = {},
): Promise<ReleaseGateway> {
  const dir = resolve(root);
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  // A first start creates the database and its demo accounts; the send is written while it is stopped.
  const first = spawnGateway(dir, dataDir, env);
  await first.port;
  await first.stop();
  // The release's own code writes the send, so it matches the release's own tables.
  const from = <T>(path: string): Promise<T> => import(pathToFileURL(join(dir, path)).href) as Promise<T>;
  const { openDatabase } = await from<typeof DatabaseModule>('server/src/db/database.ts');
  const { seedBigSend } = await from<typeof BigSendModule>('tests/gateway/helpers/big-send.ts');
  const db = openDatabase({ sqliteFile: join(dataDir, 'gateway.sqlite') });
  const send = await seedBigSend(db, {
    username: 'demouser',
    count: 100_000,
    now: Date.now() - 3_600_000,
    description: 'Big send',
  });
  await db.destroy();
  const running = spawnGateway(dir, dataDir, env);
  const port = await running.port;
  return {
    name,
    bigSendKey: send.randomAlpha,
    url: (path = '/', host = 'localhost') => `http://${host}:${port}${path}`,
    async stop() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
