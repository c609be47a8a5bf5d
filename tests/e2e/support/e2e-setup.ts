import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startGateway, type RunningGateway } from './gateway';

export interface E2eWorld {
  gateway: RunningGateway;
  browser: Browser;
}

/**
 * One real gateway (fresh database, demo data) and one Chromium for a test file, started before
 * its tests and stopped after. Read the fields inside tests: they are set in beforeAll.
 */
export function useGatewayAndBrowser(env: Record<string, string> = {}): E2eWorld {
  const world = {} as E2eWorld;
  beforeAll(async () => {
    [world.gateway, world.browser] = await Promise.all([startGateway(env), launchBrowser()]);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.gateway?.stop();
  });
  return world;
}
