import { isIP } from 'node:net';
import { ConfigError } from '../core/errors';

/**
 * TRUST_PROXY (docs/operations.md#several-instances): the addresses (or CIDR blocks) of the reverse
 * proxies in front of the gateway. A request arriving from one of them is taken to come from the address
 * its X-Forwarded-For names, so API keys' allowed addresses, the limits per address and the audit log see
 * the client, not the proxy. From any other address the header is ignored: a client cannot choose its own.
 * Empty (the default): every request is its socket's address.
 */
export function trustedProxies(env: NodeJS.ProcessEnv): string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '') return [];
  return raw.split(',').map((entry) => {
    const text = entry.trim();
    const [address = '', bits, extra] = text.split('/');
    const family = isIP(address);
    const width = family === 4 ? 32 : 128;
    const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= width);
    if (!family || !prefixOk || extra !== undefined) {
      throw new ConfigError(
        `TRUST_PROXY must list the proxies' addresses or CIDR blocks, separated by commas (e.g. 10.0.0.5, 10.0.1.0/24); '${text.slice(0, 45)}' is neither. Trusting every address would let any client choose its own.`,
      );
    }
    return text;
  });
}
