/**
 * The log's settings (cli/log.ts, docs/cli.md#logs): MOLT_LOG_FORMAT, MOLT_LOG_REQUESTS and what
 * they come to for a command. Apart from the logger so the configuration schema loads no pino.
 */

export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export const REQUEST_LOGS = ['all', 'errors', 'off'] as const;
export type RequestLog = (typeof REQUEST_LOGS)[number];

export interface LogSettings {
  format: 'json' | 'pretty';
  requests: RequestLog;
  level: string;
  color: boolean;
}

/** What the settings come to for a command: `dev` is the only one pretty by default, on a terminal. */
export function logSettings(
  config: {
    MOLT_LOG_FORMAT: (typeof LOG_FORMATS)[number];
    MOLT_LOG_REQUESTS?: RequestLog;
    MOLT_LOG_LEVEL: string;
  },
  context: { command: 'dev' | 'api' | 'worker'; isTTY: boolean; env?: NodeJS.ProcessEnv },
): LogSettings {
  const env = context.env ?? process.env;
  const format =
    config.MOLT_LOG_FORMAT === 'auto'
      ? context.command === 'dev' && context.isTTY
        ? 'pretty'
        : 'json'
      : config.MOLT_LOG_FORMAT;
  // https://no-color.org; FORCE_COLOR for a pipe that wants colours anyway.
  const color =
    format === 'pretty' &&
    !env.NO_COLOR &&
    (context.isTTY || (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0'));
  return {
    format,
    requests: config.MOLT_LOG_REQUESTS ?? (format === 'pretty' ? 'errors' : 'all'),
    level: config.MOLT_LOG_LEVEL,
    color,
  };
}
