import { spawnSync } from 'node:child_process';

/**
 * Vitest's global setup of the suites that start the gateway as a process (support/gateway.ts): it
 * bundles the gateway from the sources as they are, once a run, as production runs it.
 */
export default function bundleGateway() {
  const bundled = spawnSync('npm', ['run', '--silent', 'build:gateway'], { stdio: 'inherit' });
  if (bundled.status !== 0) throw new Error('the gateway could not be bundled: see npm run build:gateway above');
}
