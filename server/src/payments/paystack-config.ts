import { ConfigError } from '../core/errors';
import { PAYSTACK_API } from './paystack-api';

/** PAYSTACK_BASE_URL: an http(s) URL without query; Paystack's own API outside dev mode when unset. */
export function paystackBase(env: NodeJS.ProcessEnv, devMode: boolean): string | null {
  const raw = env.PAYSTACK_BASE_URL?.trim();
  if (!raw) return devMode ? null : PAYSTACK_API;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PAYSTACK_BASE_URL must be a URL such as ${PAYSTACK_API}; it is '${raw.slice(0, 40)}'`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.username || url.password) {
    throw new ConfigError(
      `PAYSTACK_BASE_URL must be an http(s) URL without query or credentials, such as ${PAYSTACK_API}`,
    );
  }
  return url.toString().replace(/\/+$/, '');
}
