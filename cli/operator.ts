/**
 * The operator verbs (docs/api.md#the-molt-command): `molt sessions`, `molt compactions`, `molt breaker reset`,
 * `molt history`. They talk to a running API over HTTP (MOLT_API_URL, MOLT_API_KEY) and print
 * tables, or the API's JSON with --json.
 */

import { type Command, Option } from 'commander';
import { compactionListSchema, compactionSchema, replaySchema } from '../api/schemas/compactions.js';
import {
  historySchema,
  sessionListSchema,
  sessionWithMemorySchema,
  workflowSessionViewSchema,
} from '../api/schemas/sessions.js';
import { answerOf } from '../client/index.js';
import { COMPACTION_STATUSES } from '../context/compaction-rules.js';
import {
  renderCompaction,
  renderCompactionList,
  renderReplay,
  renderSession,
  renderSessionList,
} from './format.js';
import { renderHistory, renderHistoryEvents } from './history-format.js';
import {
  createOperatorClient,
  cursorOption,
  jsonOption,
  limitOption,
  type OutputOptions,
  print,
} from './operator-client.js';
import { loadOperatorEnv } from './operator-env.js';
import { registerWorkingMemoryCommand } from './working-memory.js';

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
