import { ConfigError } from '../core/errors';
import { LOG_LEVELS, type LogLevel, type LogSettings } from '../core/log';

/** LOG_LEVEL (info unless set) and LOG_FORMAT (readable in dev mode, else json). */
export function logSettings(env: NodeJS.ProcessEnv, devMode: boolean): LogSettings {
  const level = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; it is '${env.LOG_LEVEL!.slice(0, 20)}'`);
  }
  const format = env.LOG_FORMAT?.trim().toLowerCase() || (devMode ? 'readable' : 'json');
  if (format !== 'json' && format !== 'readable') {
    throw new ConfigError(`LOG_FORMAT must be json or readable; it is '${env.LOG_FORMAT!.slice(0, 20)}'`);
  }
  return { level, readable: format === 'readable' };
}
