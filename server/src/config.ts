import { resolve } from 'node:path';
import { resolveTxt } from 'node:dns/promises';
import type { GatewayContext } from './context';
import type { Db } from './db/database';

export interface GatewayConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  mainHost: string;
  devMode: boolean;
  maxBodyBytes: number;
  seedDemo: boolean;
  scryptCost: number;
  distDir: string;
}

/** Reads README.md's configuration variables. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? 'localhost',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    mainHost: (env.MAIN_HOST ?? 'localhost').toLowerCase(),
    devMode: env.GATEWAY_DEV === '1',
    maxBodyBytes: Number(env.MAX_BODY_BYTES ?? 1024 * 1024),
    seedDemo: env.SEED_DEMO !== '0',
    scryptCost: Number(env.SCRYPT_COST ?? 2 ** 17),
    distDir: resolve(env.DIST_DIR ?? 'dist'),
  };
}

export function contextFrom(config: GatewayConfig, db: Db): GatewayContext {
  return {
    db,
    now: () => Date.now(),
    devMode: config.devMode,
    mainHost: config.mainHost,
    maxBodyBytes: config.maxBodyBytes,
    scryptCost: config.scryptCost,
    imagesDir: resolve(config.dataDir, 'images'),
    distDir: config.distDir,
    carrierDelayMs: 1000,
    resolveTxt,
  };
}
