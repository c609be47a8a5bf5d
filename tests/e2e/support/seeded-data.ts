import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startGateway } from './gateway';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the gateway filled at its first start (migrations, demo data), for copies: seeded-data.ts. */
    seededDataDir: string;
  }
}

/**
 * Vitest's global setup of the browser tests, after bundle-gateway.ts: the bundled gateway starts once on an
 * empty data directory, as every file's gateway did (migrations, then the demo data), and stops. Each file's
 * gateway then starts on a copy of it (support/e2e-setup.ts): the same database its own first start wrote,
 * without migrating and seeding again (about half a second of each of some 55 starts).
 */
export default async function seededData(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-seeded-'));
  const gateway = await startGateway({ DATA_DIR: dir });
  const { code } = await gateway.terminate();
  if (code !== 0)
    throw new Error(`the gateway that seeds the browser tests' data stopped with ${code}:\n${gateway.output()}`);
  project.provide('seededDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
