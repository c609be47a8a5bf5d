import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { constants } from 'node:zlib';

/** Answers of at least this many bytes go out compressed when the client accepts it. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Settings made for answers built per request: brotli quality 4 and gzip level 6 cost a few
 * milliseconds per megabyte (brotli's default, 11, costs about a second per megabyte) for nearly the
 * same size. The prebuilt assets keep their best compression (scripts/compress-dist.mjs, static.ts).
 */
export const DYNAMIC_COMPRESSION = {
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
} as const;

/**
 * Compresses API answers and the app shell (br, else gzip) for clients on mobile data. Static files
 * are pre-compressed at build time and served as they are (see static.ts). Registered before any route:
 * the plugin attaches itself to each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are never inflated: a small compressed body must not grow into a large one.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    ...DYNAMIC_COMPRESSION,
  });
}
