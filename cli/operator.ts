/**
 * The operator verbs (docs/api.md#the-molt-command): `molt sessions`, `molt compactions`, `molt breaker reset`,
 * `molt history`. They talk to a running API over HTTP (MOLT_API_URL, MOLT_API_KEY) and print
 * tables, or the API's JSON with --json.
 */

import { type Command, InvalidArgumentError, Option } from 'commander';
import type { z } from 'zod';
import { compactionListSchema, compactionSchema, replaySchema } from '../api/schemas/compactions.js';
import {
  historySchema,
  sessionListSchema,
  sessionWithMemorySchema,
  workflowSessionViewSchema,
} from '../api/schemas/sessions.js';
import { answerOf, createMoltClient, MoltApiError, type MoltClient, type Query } from '../client/index.js';
import { COMPACTION_STATUSES } from '../context/compaction-rules.js';
import {
  renderCompaction,
  renderCompactionList,
  renderReplay,
  renderSession,
  renderSessionList,
} from './format.js';
import { renderHistory, renderHistoryEvents } from './history-format.js';
import { KEY_HINT, loadOperatorEnv, type OperatorEnv } from './operator-env.js';
import { registerWorkingMemoryCommand } from './working-memory.js';

export {
  DEFAULT_API_URL,
  KEY_HINT,
  loadOperatorEnv,
  type OperatorEnv,
  operatorEnvSchema,
} from './operator-env.js';

/** History of a long session and its compactions can take a while to read from Temporal. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** The API answered with an error: its message, verbatim, is what the operator sees. */
export class ApiAnswerError extends Error {
  override name = 'ApiAnswerError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export interface OperatorClient {
  /** molt's typed client (client/): the verbs with fixed paths call its generated routes. */
  molt: MoltClient;
  /** Waits for a call and turns a failure into what the operator reads. */
  answer<T>(call: Promise<T>): Promise<T>;
  get(path: string, query?: Query): Promise<unknown>;
  post(path: string): Promise<unknown>;
  delete(path: string, query?: Query): Promise<unknown>;
}

/** The CLI's client: molt's own (client/), one attempt per call, errors in the operator's words. */
export function createOperatorClient(env: OperatorEnv): OperatorClient {
  const molt = createMoltClient({
    baseUrl: env.MOLT_API_URL,
    ...(env.MOLT_API_KEY ? { apiKey: env.MOLT_API_KEY } : {}),
    timeoutMs: REQUEST_TIMEOUT_MS,
    retries: 0,
  });
  const where = env.MOLT_API_URL.replace(/\/+$/, '');
  async function answer<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      throw operatorError(where, error);
    }
  }
  return {
    molt,
    answer,
    // No body on POST or DELETE: every operator action names its resource in the path.
    get: (path, query) => answer(molt.request('GET', path, query)),
    post: (path) => answer(molt.request('POST', path)),
    delete: (path, query) => answer(molt.request('DELETE', path, query)),
  };
}

function operatorError(where: string, error: unknown): Error {
  if (!(error instanceof MoltApiError)) return error instanceof Error ? error : new Error(String(error));
  if (error.code === 'timeout') {
    return new Error(`the molt API at ${where} did not answer within ${REQUEST_TIMEOUT_MS / 1_000} s`);
  }
  if (error.code === 'unreachable') {
    return new Error(
      `cannot reach the molt API at ${where} (${error.reason ?? error.message}); is \`molt dev\` or \`molt api\` running? ` +
        'MOLT_API_URL sets the address',
    );
  }
  return new ApiAnswerError(
    `${error.message} (HTTP ${error.status} ${error.code})${error.status === 401 ? `\n${KEY_HINT}` : ''}`,
    error.status,
    error.code,
  );
}

/** Parses an answer before a table reads it; the message names the field that did not match. */
export function expectAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(
    `unexpected answer for ${what} (is the API another version?): ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
  );
}

export interface OutputOptions {
  json?: boolean;
}

/** Prints the API's JSON as it came, or the table built from the parsed answer. */
export function print<T>(
  body: unknown,
  options: OutputOptions,
  schema: z.ZodType<T>,
  what: string,
  render: (answer: T) => string,
) {
  if (options.json) {
    console.log(JSON.stringify(body, null, 2));
    return;
  }
  console.log(render(expectAnswer(schema, body, what)));
}

export const jsonOption = () => new Option('--json', 'print the API answer as JSON');
export const limitOption = () =>
  new Option('--limit <n>', 'items per page (1–200, default 50)').argParser((value) => {
    if (!/^[1-9]\d*$/.test(value)) throw new InvalidArgumentError('must be a positive integer.');
    return Number.parseInt(value, 10);
  });
export const cursorOption = () =>
  new Option('--cursor <cursor>', 'the page after this cursor (printed under a list)');

export function registerOperatorCommands(program: Command): void {
  const client = () => createOperatorClient(loadOperatorEnv());

  const sessions = program.command('sessions');
  sessions
    .command('list')
    .description('sessions, newest first')
    .addOption(
      new Option('--breaker <state>', 'only sessions whose breaker is in this state').choices([
        'open',
        'closed',
      ]),
    )
    .addOption(limitOption())
    .addOption(cursorOption())
    .addOption(jsonOption())
    .action(async (options: OutputOptions & { breaker?: string; limit?: number; cursor?: string }) => {
      const c = client();
      const query = {
        breaker: options.breaker as 'open' | 'closed' | undefined,
        limit: options.limit,
        cursor: options.cursor,
      };
      const body = await c.answer(c.molt.api.GET('/v1/sessions', { params: { query } }).then(answerOf));
      print(body, options, sessionListSchema, 'GET /v1/sessions', renderSessionList);
    });
  sessions
    .command('show')
    .description("a session's view: window, live tokens, summary, upload, breaker")
    .argument('<sessionId>')
    .addOption(jsonOption())
    .action(async (sessionId: string, options: OutputOptions) => {
      const c = client();
      const params = { path: { sessionId } };
      const body = await c.answer(c.molt.api.GET('/v1/sessions/{sessionId}', { params }).then(answerOf));
      print(body, options, sessionWithMemorySchema, 'GET /v1/sessions/{sessionId}', renderSession);
    });

  const compactions = program.command('compactions');
  compactions
    .command('list')
    .description('compaction attempts, newest first')
    .addOption(
      new Option('--status <status>', 'only compactions with this status').choices(COMPACTION_STATUSES),
    )
    .addOption(new Option('--session <sessionId>', "only this session's compactions"))
    .addOption(limitOption())
    .addOption(cursorOption())
    .addOption(jsonOption())
    .action(
      async (
        options: OutputOptions & { status?: string; session?: string; limit?: number; cursor?: string },
      ) => {
        const c = client();
        const query = {
          status: options.status as (typeof COMPACTION_STATUSES)[number] | undefined,
          sessionId: options.session,
          limit: options.limit,
          cursor: options.cursor,
        };
        const body = await c.answer(c.molt.api.GET('/v1/compactions', { params: { query } }).then(answerOf));
        print(body, options, compactionListSchema, 'GET /v1/compactions', renderCompactionList);
      },
    );
  compactions
    .command('show')
    .description('one compaction in full: summary, TODOs, files, tool failures, chunks')
    .argument('<compactionId>')
    .addOption(jsonOption())
    .action(async (compactionId: string, options: OutputOptions) => {
      const c = client();
      const params = { path: { compactionId } };
      const body = await c.answer(
        c.molt.api.GET('/v1/compactions/{compactionId}', { params }).then(answerOf),
      );
      print(body, options, compactionSchema, 'GET /v1/compactions/{id}', renderCompaction);
    });
  compactions
    .command('replay')
    .description("start a new attempt over a failed, degraded or cancelled compaction's range")
    .argument('<compactionId>')
    .addOption(jsonOption())
    .action(async (compactionId: string, options: OutputOptions) => {
      const c = client();
      const params = { path: { compactionId } };
      const body = await c.answer(
        c.molt.api.POST('/v1/compactions/{compactionId}/replay', { params }).then(answerOf),
      );
      print(body, options, replaySchema, 'POST /v1/compactions/{id}/replay', renderReplay);
    });

  program
    .command('breaker')
    .command('reset')
    .description("close a session's breaker so compactions start again")
    .argument('<sessionId>')
    .addOption(jsonOption())
    .action(async (sessionId: string, options: OutputOptions) => {
      const c = client();
      const params = { path: { sessionId } };
      const body = await c.answer(
        c.molt.api.POST('/v1/sessions/{sessionId}/breaker/reset', { params }).then(answerOf),
      );
      print(
        body,
        options,
        workflowSessionViewSchema,
        'POST /v1/sessions/{sessionId}/breaker/reset',
        (view) => {
          // The API waits a few seconds for the workflow to apply the reset; say so if it has not yet.
          const note =
            view.breaker.state === 'closed'
              ? 'breaker closed'
              : 'reset sent; the workflow has not applied it yet (check with molt sessions show)';
          return `${note}\n\n${renderSession(view)}`;
        },
      );
    });

  registerWorkingMemoryCommand(program, client);
}

/** `molt history <sessionId>`: the Temporal history of a session's workflow runs and compactions. */
export async function operatorHistory(sessionId: string, options: OutputOptions & { raw?: boolean }) {
  const c = createOperatorClient(loadOperatorEnv());
  const params = { path: { sessionId } };
  const body = await c.answer(c.molt.api.GET('/v1/sessions/{sessionId}/history', { params }).then(answerOf));
  const render = options.raw ? renderHistoryEvents : renderHistory;
  print(body, options, historySchema, 'GET /v1/sessions/{sessionId}/history', render);
}
