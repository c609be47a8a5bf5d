// What npm run backup and npm run restore share (docs/operations.md#backups).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

/** The file in each backup folder that says what it holds. */
export const MANIFEST = 'manifest.json';

/** Stops with a message in the operator's terms (and removes a half-written backup). */
export function fail(message, partial) {
  if (partial) rmSync(partial, { recursive: true, force: true });
  console.error(message);
  process.exit(1);
}

/** DATABASE_URL and DATA_DIR as the gateway reads them, and `--name value` options over the defaults. */
export function backupSettings(argv, env, defaults) {
  const options = { ...defaults };
  const positional = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (!(name in defaults))
      fail(
        `Unknown option ${arg}: the options are ${Object.keys(defaults)
          .map((k) => `--${k}`)
          .join(', ')}`,
      );
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) fail(`${arg} needs a value`);
    options[name] = value;
    i += 1;
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    fail('DATABASE_URL must be a PostgreSQL connection string (postgres://...)');
  return { databaseUrl, dataDir: resolve(env.DATA_DIR ?? 'data'), options, positional };
}

/** pg_dump or pg_restore: on the PATH, else the newest of Debian's installed versions. */
export function findPgTool(name) {
  if (spawnSync(name, ['--version']).status === 0) return name;
  const lib = '/usr/lib/postgresql';
  const versions = existsSync(lib) ? readdirSync(lib).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => `${lib}/${v}/bin/${name}`).find((path) => existsSync(path));
  if (!found) fail(`${name} was not found: install PostgreSQL's client tools (the same major version as the server)`);
  return found;
}

/** 20261202-231500: folder names that sort by time. */
export const stamp = (date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
