import { ConfigError } from '../core/errors';

/** METRICS_PORT and METRICS_TOKEN (docs/operations.md#metrics). */
export interface MetricsSettings {
  /** A port of its own for /metrics; null: the main port serves it. */
  port: number | null;
  /** When set, /metrics asks for `Authorization: Bearer <token>`. */
  token: string | null;
}

export function metricsSettings(env: NodeJS.ProcessEnv): MetricsSettings {
  const rawPort = env.METRICS_PORT?.trim();
  let port: number | null = null;
  if (rawPort) {
    port = Number(rawPort);
    if (!Number.isInteger(port) || port < 0 || port > 65_535) {
      throw new ConfigError(`METRICS_PORT must be a whole number from 0 to 65535; it is '${rawPort.slice(0, 20)}'`);
    }
  }
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token !== null && token.length < 16) {
    // Never echo it: it is a secret.
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters long');
  }
  return { port, token };
}

/**
 * Whether /metrics is served, and where. On the main port outside dev mode only with a token: its
 * figures name accounts (SMPP binds) and must not be open to the internet.
 */
export function metricsPlace(settings: MetricsSettings, devMode: boolean): 'own-port' | 'main-port' | 'off' {
  if (settings.port !== null) return 'own-port';
  return settings.token || devMode ? 'main-port' : 'off';
}
