#!/usr/bin/env node
// Bundles the gateway into build/gateway.mjs (and its source map), as production runs it. Each file is
// written beside and renamed into place, so a gateway starting meanwhile reads the old file or the new
// one whole: CI bundles it from the browser tests' build and from the gateway suites at the same time.
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';

const result = await build({
  entryPoints: ['server/src/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  outfile: 'build/gateway.mjs',
  write: false,
});
mkdirSync('build', { recursive: true });
for (const file of result.outputFiles) {
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}
