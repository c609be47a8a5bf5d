#!/usr/bin/env node
// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every hashed text file of
// dist/assets/, which the gateway serves as they are (@fastify/static preCompressed): the best levels,
// once per build. Files outside assets/ change in place and are compressed by the gateway as they go.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|json|webmanifest|svg|txt|xml)$/;
const assets = join(process.argv[2] ?? 'dist', 'assets');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const path of files(assets)) {
  const data = readFileSync(path);
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  raw += data.length;
  br += brotli.length;
  count += 1;
}
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`compressed ${count} files in ${assets}/: ${kib(raw)} -> ${kib(br)} brotli`);
