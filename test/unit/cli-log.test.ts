/**
 * The log a person reads (cli/log.ts, docs/cli.md#logs): one line per entry, nothing a client or a
 * model wrote can move the cursor or add lines, Temporal's warnings condensed (no stack, no task
 * token) unless at debug, JSON by default everywhere but `molt dev` on a terminal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiRequestLog, logSettings, oneLine, prettyLine, temporalLogSink } from '../../cli/log.js';

const config = (format: 'auto' | 'json' | 'pretty' = 'auto', requests?: 'all' | 'errors' | 'off') => ({
  MOLT_LOG_FORMAT: format,
  MOLT_LOG_LEVEL: 'info',
  ...(requests ? { MOLT_LOG_REQUESTS: requests } : {}),
});

describe('log settings', () => {
  it('are pretty for molt dev on a terminal only, JSON otherwise, unless set', () => {
    const env = {};
    expect(logSettings(config(), { command: 'dev', isTTY: true, env }).format).toBe('pretty');
    expect(logSettings(config(), { command: 'dev', isTTY: false, env }).format).toBe('json');
    for (const command of ['api', 'worker'] as const)
      expect(logSettings(config(), { command, isTTY: true, env }).format).toBe('json');
    expect(logSettings(config('pretty'), { command: 'api', isTTY: false, env }).format).toBe('pretty');
    expect(logSettings(config('json'), { command: 'dev', isTTY: true, env }).format).toBe('json');
  });

  it('log requests as errors only when pretty, Fastify’s own way when JSON, as set when set', () => {
    const pretty = logSettings(config('pretty'), { command: 'dev', isTTY: true, env: {} });
    expect(pretty.requests).toBe('errors');
    expect(apiRequestLog(config('pretty'), pretty)).toEqual({ requestLog: 'errors' });
    const json = logSettings(config('json'), { command: 'api', isTTY: false, env: {} });
    expect(apiRequestLog(config('json'), json)).toEqual({});
    const jsonAll = logSettings(config('json', 'off'), { command: 'api', isTTY: false, env: {} });
    expect(apiRequestLog(config('json', 'off'), jsonAll)).toEqual({ requestLog: 'off' });
  });

  it('colour a terminal unless NO_COLOR, a pipe only with FORCE_COLOR', () => {
    const at = (isTTY: boolean, env: NodeJS.ProcessEnv) =>
      logSettings(config('pretty'), { command: 'dev', isTTY, env }).color;
    expect(at(true, {})).toBe(true);
    expect(at(true, { NO_COLOR: '1' })).toBe(false);
    expect(at(false, {})).toBe(false);
    expect(at(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(at(false, { FORCE_COLOR: '0' })).toBe(false);
  });
});

describe('a pretty line', () => {
  const plain = { color: false, stacks: false };

  it('is one line whatever the message, its fields and its error hold', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'binary' }),
        fc.string(),
        (msg, url, err) => {
          const line = prettyLine(
            JSON.stringify({
              level: 40,
              time: 0,
              msg,
              url,
              err: { message: err, stack: `Error: ${err}\n    at x` },
            }),
            plain,
          );
          expect(line.endsWith('\n')).toBe(true);
          expect(line.slice(0, -1)).not.toMatch(/[\n\r]/);
          expect(line.includes(String.fromCharCode(27))).toBe(false);
          expect(line.length).toBeLessThanOrEqual(430);
        },
      ),
    );
  });

  it('says the level, the message and the error’s message; the stack only when asked', () => {
    const json = JSON.stringify({
      level: 50,
      time: Date.UTC(2026, 0, 1, 12, 4, 31),
      pid: 1,
      hostname: 'h',
      reqId: 'r1',
      msg: 'unhandled error',
      err: {
        type: 'Error',
        message: 'connection refused',
        stack: 'Error: connection refused\n    at f (a.ts:1)',
      },
      sessionId: 'abc',
    });
    const line = prettyLine(json, plain);
    expect(line).toMatch(/^\d\d:\d\d:\d\d ERROR unhandled error — connection refused sessionId=abc\n$/);
    expect(line).not.toMatch(/pid|hostname|reqId/);
    expect(prettyLine(json, { color: false, stacks: true })).toContain('\n    at f (a.ts:1)\n');
    expect(prettyLine(json, { color: true, stacks: false })).toContain('\u001b[31mERROR\u001b[0m');
  });

  it('shows what is not pino’s JSON as one safe line', () => {
    expect(prettyLine('not json \u001b[2J\n', plain)).toBe('not json \\x1b[2J\n');
    expect(oneLine('a\r\nb\u0007')).toBe('a ⏎ b\\x07');
  });
});

describe('Temporal’s log', () => {
  /** A worker's warning as the SDK logs it: a task token, a stack, the workflow. */
  const failedTask = {
    level: 'WARN' as const,
    timestampNanos: 0n,
    message: 'Failing workflow task\nwith more lines',
    meta: {
      taskToken: 'CiQ4ZjJh…opaque…',
      workflowId: 'session-abc',
      workflowType: 'sessionWorkflow',
      runId: 'run-1',
      namespace: 'default',
      error: Object.assign(new Error('Nondeterminism error: command mismatch'), {
        stack: `Error: Nondeterminism error\n${'    at frame (x.js:1)\n'.repeat(35)}`,
      }),
    },
  };

  function captured(format: 'json' | 'pretty', level = 'info') {
    const entries: Array<{ fields: Record<string, unknown>; message: string; method: string }> = [];
    const child = Object.fromEntries(
      ['trace', 'debug', 'info', 'warn', 'error'].map((method) => [
        method,
        (fields: Record<string, unknown>, message: string) => entries.push({ fields, message, method }),
      ]),
    );
    const logger = { child: () => child } as never;
    const sink = temporalLogSink(logger, { format, requests: 'errors', level, color: false });
    return { entries, sink };
  }

  it('condenses a warning to one line: what failed and where, no token, no stack', () => {
    const { entries, sink } = captured('pretty');
    sink(failedTask);
    expect(entries).toEqual([
      {
        method: 'warn',
        message: 'Failing workflow task: Nondeterminism error: command mismatch',
        fields: { workflowType: 'sessionWorkflow', workflowId: 'session-abc' },
      },
    ]);
  });

  it('keeps the details in JSON and at debug, never the task token', () => {
    for (const [format, level] of [
      ['json', 'info'],
      ['pretty', 'debug'],
    ] as const) {
      const { entries, sink } = captured(format, level);
      sink(failedTask);
      expect(entries[0]?.message).toBe(failedTask.message);
      expect(entries[0]?.fields).not.toHaveProperty('taskToken');
      expect(JSON.stringify(entries[0]?.fields)).toContain('at frame');
    }
  });
});
