import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RunningGateway {
  port: number;
  /** http://<host>:<port><path>, e.g. url('/login', 'acme.localhost'). */
  url(path?: string, host?: string): string;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL), as a crash would; the data stays for a restart. */
  kill(): Promise<void>;
  /** SIGTERM, as an orchestrator stops it: resolves with its exit code and the time it took; the data stays. */
  terminate(): Promise<{ code: number | null; ms: number }>;
}

const ROOT = resolve(import.meta.dirname, '../../..');
/** The built PWA (npm run build) the gateway serves unless told another DIST_DIR. */
export const BUILT_DIST = join(ROOT, 'dist');
/** The gateway as production runs it: bundled from server/src by npm run build:gateway (bundle-gateway.ts). */
const BUILT_GATEWAY = join(ROOT, 'build', 'gateway.mjs');

/**
 * Starts the real gateway, bundled (fresh temporary SQLite, demo data, dev mode), serving the built PWA.
 * `copyOf`: a data directory a gateway's first start filled (support/seeded-data.ts), copied into the new
 * one, so this start neither migrates nor seeds.
 */
export async function startGateway(
  env: Record<string, string> = {},
  { copyOf }: { copyOf?: string } = {},
): Promise<RunningGateway> {
  if (!existsSync(BUILT_GATEWAY)) throw new Error(`${BUILT_GATEWAY} is missing: run npm run build:gateway`);
  // A restart passes the same DATA_DIR again.
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-gateway-'));
  if (copyOf && !env.DATA_DIR) cpSync(copyOf, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', BUILT_GATEWAY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: 'localhost',
      DATA_DIR: dataDir,
      DIST_DIR: BUILT_DIST,
      GATEWAY_DEV: '1',
      SEED_DEMO: '1',
      SCRYPT_COST: String(2 ** 14),
      DATABASE_URL: '',
      // A free port, not dev mode's 2775: several gateways run at once.
      SMPP_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const port = await new Promise<number>((resolvePort, reject) => {
    // A hang guard with a busy machine's slack (the files' hooks have 180 s), not a speed check. A gateway
    // that did not start in time is killed: left running, it would take CPU from every file after.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gateway did not start:\n${log}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /LISTENING (\d+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`gateway exited with ${code}:\n${log}`)));
  });
  return {
    port,
    dataDir,
    url: (path = '/', host = 'localhost') => `http://${host}:${port}${path}`,
    output: () => log,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async terminate() {
      const started = performance.now();
      if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, ms: 0 };
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      const code = await exited;
      return { code, ms: Math.round(performance.now() - started) };
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
