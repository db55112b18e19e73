/**
 * `molt memories list|show|search|forget` and `molt extractions list|show|replay` (docs/memory.md#api):
 * through the API (MOLT_API_URL, MOLT_API_KEY), tables or the API's JSON with --json.
 */
import { type Command, Option } from 'commander';
import { contextResponseSchema } from '../api/schemas/context.js';
import {
  erasureReceiptSchema,
  extractionListSchema,
  extractionReplayAnswerSchema,
  extractionWithDiffSchema,
  memoryAnswerSchema,
  memoryListSchema,
  memoryWithEventsSchema,
} from '../api/schemas/memories.js';
import { MEMORY_TYPES } from '../context/memory/types.js';
import {
  renderExtraction,
  renderExtractionList,
  renderMemory,
  renderMemoryList,
  renderRecall,
} from './memory-format.js';
import {
  createOperatorClient,
  cursorOption,
  jsonOption,
  limitOption,
  type OutputOptions,
  print,
} from './operator-client.js';
import { loadOperatorEnv } from './operator-env.js';

const segment = encodeURIComponent;

interface ListOptions extends OutputOptions {
  type?: string;
  user?: string;
  agent?: string;
  status?: string;
  limit?: number;
  cursor?: string;
}

export function registerMemoryCommands(program: Command): void {
  const client = () => createOperatorClient(loadOperatorEnv());
  const filters = (command: Command) =>
    command
      .addOption(new Option('--type <type>', 'only memories of this type').choices(MEMORY_TYPES))
      .addOption(new Option('--user <userId>', "only this user's memories"))
      .addOption(new Option('--agent <agentId>', "only this agent's memories"))
      .addOption(
        new Option('--status <status>', 'only this status').choices(['active', 'superseded', 'deleted']),
      )
      .addOption(limitOption())
      .addOption(cursorOption())
      .addOption(jsonOption());
  const query = (options: ListOptions) => ({
    type: options.type,
    userId: options.user,
    agentId: options.agent,
    status: options.status,
    limit: options.limit,
    cursor: options.cursor,
  });

  const memories = program.command('memories');
  filters(memories.command('list').description('memories, newest first')).action(
    async (options: ListOptions) => {
      const body = await client().get('/v1/memories', query(options));
      print(body, options, memoryListSchema, 'GET /v1/memories', (list) => renderMemoryList(list));
    },
  );
  filters(
    memories
      .command('search')
      .description('memories ranked by full-text and trigram relevance')
      .argument('<query>'),
  ).action(async (text: string, options: ListOptions) => {
    const body = await client().get('/v1/memories', { ...query(options), query: text });
    print(body, options, memoryListSchema, 'GET /v1/memories?query', (list) =>
      renderMemoryList(list, `molt memories search ${JSON.stringify(text)}`),
    );
  });
  memories
    .command('show')
    .description('one memory: its source quote and its events')
    .argument('<memoryId>')
    .addOption(jsonOption())
    .action(async (memoryId: string, options: OutputOptions) => {
      const body = await client().get(`/v1/memories/${segment(memoryId)}`);
      print(body, options, memoryWithEventsSchema, 'GET /v1/memories/{id}', renderMemory);
    });
  memories
    .command('forget')
    .description('delete one memory, or (operator) erase every memory of a user with --user')
    .argument('[memoryId]')
    .addOption(new Option('--user <userId>', "erase this user's memories, events and extraction texts"))
    .addOption(jsonOption())
    .action(async (memoryId: string | undefined, options: OutputOptions & { user?: string }) => {
      if (options.user && !memoryId) {
        const body = await client().delete('/v1/memories', { userId: options.user });
        print(
          body,
          options,
          erasureReceiptSchema,
          'DELETE /v1/memories?userId',
          (r) =>
            `erased user ${r.userId}: ${r.memories} memories, ${r.events} events; ${r.extractions} extraction rows scrubbed`,
        );
        return;
      }
      if (!memoryId || options.user) throw new Error('give either a memory id or --user <userId>');
      const body = await client().delete(`/v1/memories/${segment(memoryId)}`);
      print(
        body,
        options,
        memoryAnswerSchema,
        'DELETE /v1/memories/{id}',
        ({ memory }) => `memory ${memory.id} is ${memory.status}`,
      );
    });

  program
    .command('recall')
    .argument('<sessionId>')
    .addOption(jsonOption())
    .action(async (sessionId: string, options: OutputOptions) => {
      const body = await client().get(`/v1/sessions/${segment(sessionId)}/context`, { explain: 'true' });
      print(body, options, contextResponseSchema, 'GET /v1/sessions/{id}/context?explain=true', (ctx) =>
        renderRecall(sessionId, ctx),
      );
    });

  const extractions = program.command('extractions');
  extractions
    .command('list')
    .description('memory extractions, newest first')
    .addOption(
      new Option('--status <status>', 'only this status').choices(['running', 'succeeded', 'failed']),
    )
    .addOption(new Option('--session <sessionId>', "only this session's extractions"))
    .addOption(limitOption())
    .addOption(cursorOption())
    .addOption(jsonOption())
    .action(
      async (
        options: OutputOptions & { status?: string; session?: string; limit?: number; cursor?: string },
      ) => {
        const body = await client().get('/v1/memory-extractions', {
          status: options.status,
          sessionId: options.session,
          limit: options.limit,
          cursor: options.cursor,
        });
        print(body, options, extractionListSchema, 'GET /v1/memory-extractions', renderExtractionList);
      },
    );
  extractions
    .command('show')
    .description('one extraction: counts, tokens, error and its diff')
    .argument('<extractionId>')
    .addOption(jsonOption())
    .action(async (extractionId: string, options: OutputOptions) => {
      const body = await client().get(`/v1/memory-extractions/${segment(extractionId)}`);
      print(body, options, extractionWithDiffSchema, 'GET /v1/memory-extractions/{id}', renderExtraction);
    });
  extractions
    .command('replay')
    .description('run a failed extraction again (same range, same id)')
    .argument('<extractionId>')
    .addOption(jsonOption())
    .action(async (extractionId: string, options: OutputOptions) => {
      const body = await client().post(`/v1/memory-extractions/${segment(extractionId)}/replay`);
      print(
        body,
        options,
        extractionReplayAnswerSchema,
        'POST /v1/memory-extractions/{id}/replay',
        ({ extraction }) =>
          `replay of ${extraction.id} started (seq ${extraction.fromSeq}–${extraction.toSeq}); check with molt extractions show`,
      );
    });
}
