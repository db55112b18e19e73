/**
 * The log of a running molt (docs/cli.md#logs): pino's JSON lines, or — for a person at a terminal
 * — one readable line per entry, levels coloured, requests summarised, Temporal's warnings
 * condensed to one line each.
 *
 * MOLT_LOG_FORMAT: `json`, `pretty`, or `auto` (the default): pretty for `molt dev` on a terminal,
 * JSON otherwise (off a terminal, and `molt api` / `molt worker`, which production runs).
 * MOLT_LOG_REQUESTS: `all` (a line per request), `errors` (only answers of 400 and up) or `off`;
 * by default `errors` when pretty, `all` (Fastify's own request log) when JSON.
 *
 * pino-pretty is not a dependency: the pretty form is this small formatter of pino's JSON lines.
 * Text in a log entry can come from a client (a URL) or a model (an error message): control
 * characters are replaced, so nothing printed can move the cursor or recolour the terminal.
 */
import { format as formatValue } from 'node:util';
import type { LogEntry } from '@temporalio/worker';
import { type Logger, pino } from 'pino';
import type { LogSettings } from './log-settings.js';

export { type LogSettings, logSettings } from './log-settings.js';

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '36' },
  30: { name: 'INFO ', color: '32' },
  40: { name: 'WARN ', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '35' },
};

/** Control characters (ANSI escapes among them) as visible text, line breaks as ⏎: one safe line. */
export function oneLine(text: string): string {
  return (
    text
      .replace(/\r?\n/g, ' ⏎ ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
  );
}

const shown = (value: unknown): string =>
  oneLine(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/** Fields pino or Fastify add that a person does not need on every line. */
const QUIET = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'err',
  'reqId',
  'req',
  'res',
  'responseTime',
]);

/**
 * One pino JSON line as a person reads it: `12:04:31 WARN  message key=value`, at most `width`
 * characters of text, the error's message on the same line (its stack only at debug level).
 */
export function prettyLine(
  json: string,
  options: { color: boolean; stacks: boolean; width?: number },
): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return `${oneLine(json.trimEnd())}\n`;
  }
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level).padEnd(5), color: '0' };
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const paint = (code: string, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const parts = [shown(entry.msg ?? '')];
  const err = entry.err as { message?: unknown; type?: unknown; stack?: unknown } | undefined;
  if (err && typeof err === 'object') {
    const message = shown(err.message ?? err.type ?? 'error');
    if (!parts[0]?.includes(message)) parts.push(`— ${message}`);
  }
  for (const [key, value] of Object.entries(entry)) {
    if (QUIET.has(key) || value === undefined) continue;
    parts.push(paint('2', `${key}=${shown(value)}`));
  }
  let text = parts.join(' ');
  const width = options.width ?? 400;
  if (text.length > width) text = `${text.slice(0, width - 1)}…`;
  const line = `${paint('2', time)} ${paint(level.color, level.name)} ${text}\n`;
  const stack = options.stacks && err && typeof err.stack === 'string' ? err.stack : undefined;
  return stack ? `${line}${paint('2', stack.split('\n').map(oneLine).join('\n'))}\n` : line;
}

/** molt's logger: pino, writing JSON lines to stdout, or pretty lines in their place. */
export function createLogger(settings: LogSettings): Logger {
  const options = { level: settings.level };
  if (settings.format === 'json') return pino(options);
  const stacks = settings.level === 'debug' || settings.level === 'trace';
  return pino(options, {
    write(line: string) {
      process.stdout.write(prettyLine(line, { color: settings.color, stacks }));
    },
  });
}

/**
 * The API's request lines for these settings: unset (Fastify's own two lines a request) for JSON
 * unless MOLT_LOG_REQUESTS says otherwise.
 */
export function apiRequestLog(
  config: { MOLT_LOG_REQUESTS?: LogSettings['requests'] | undefined },
  settings: LogSettings,
): { requestLog?: LogSettings['requests'] } {
  return settings.format === 'json' && config.MOLT_LOG_REQUESTS === undefined
    ? {}
    : { requestLog: settings.requests };
}

/** pino's method for each of the SDK's levels. */
const PINO_METHOD = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

/** What a condensed Temporal line keeps of the entry's meta: what it is about, nothing more. */
const TEMPORAL_KEPT = ['workflowType', 'workflowId', 'activityType', 'attempt'] as const;

/** The first line of an error-ish value's message. */
function errorMessage(value: unknown): string | undefined {
  if (value instanceof Error) return value.message.split('\n')[0];
  if (value && typeof value === 'object' && 'message' in value) return String(value.message).split('\n')[0];
  return undefined;
}

/**
 * The Temporal SDK's log (the worker's and, forwarded, its native core's) into molt's logger. In
 * the pretty form a warning is one line: the message's first line, the error's message, the
 * workflow it is about; no task token, no stack (both at debug level). JSON keeps the details,
 * minus the task token (opaque bytes).
 */
export function temporalLogSink(logger: Logger, settings: LogSettings): (entry: LogEntry) => void {
  const log = logger.child({ component: 'temporal' });
  const detailed = settings.format === 'json' || settings.level === 'debug' || settings.level === 'trace';
  return (entry) => {
    const method = PINO_METHOD[entry.level];
    const meta = (entry.meta ?? {}) as Record<string, unknown>;
    if (detailed) {
      const { taskToken: _dropped, ...rest } = meta;
      const fields = Object.fromEntries(
        Object.entries(rest).map(([k, v]) => [
          k,
          v instanceof Error ? { message: v.message, stack: v.stack } : v,
        ]),
      );
      log[method](fields, entry.message);
      return;
    }
    const [first = ''] = entry.message.split('\n');
    const cause = ['error', 'failure', 'err'].map((k) => errorMessage(meta[k])).find(Boolean);
    const fields: Record<string, string> = {};
    for (const key of TEMPORAL_KEPT) {
      const value = meta[key];
      if (value !== undefined && value !== null && typeof value !== 'object')
        fields[key] = formatValue('%s', value);
    }
    log[method](fields, cause && !first.includes(cause) ? `${first}: ${cause}` : first);
  };
}
