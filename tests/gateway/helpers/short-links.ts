import type { TestGateway } from './test-app';
import { clicksWritten } from '../../../server/src/links/click-writer';

/** A cheap Android phone's browser. */
export const PHONE = 'Mozilla/5.0 (Linux; Android 13; TECNO KI7) AppleWebKit/537.36 Chrome/119.0 Mobile Safari/537.36';

export interface Opening {
  host?: string;
  method?: 'GET' | 'HEAD';
  agent?: string;
}

/**
 * Opens a short link as a phone does. The gateway writes a click after its redirect has answered:
 * this resolves once that write is done too, when a report would show the click.
 */
export async function openShortLink(gw: TestGateway, code: string, opening: Opening = {}) {
  const answer = await gw.app.inject({
    method: opening.method ?? 'GET',
    url: `/l/${code}`,
    headers: { host: opening.host ?? 'localhost', 'user-agent': opening.agent ?? PHONE },
    remoteAddress: '10.0.0.7',
  });
  await clicksWritten(gw.ctx.db);
  return answer;
}
