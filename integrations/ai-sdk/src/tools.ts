/**
 * molt's memory tools (`search_memories`, `commit_memory`; docs/memory.md#api) as AI SDK tools.
 * Their argument schemas are molt's own (api/schemas/memories.ts): no field names a scope, and a
 * model that adds one is refused. Whose memories they touch is the session's (its user and
 * agent), fixed here, never the model's.
 */
import { tool } from 'ai';
import type { z } from 'zod';
import {
  commitMemoryArgsSchema,
  MEMORY_TOOL_DESCRIPTIONS,
  searchMemoriesArgsSchema,
} from '../../../api/schemas/memories.js';
import { MoltApiError } from '../../../client/index.js';
import { agentMemoryView } from '../../../client/responses.js';
import { errorText } from '../../../context/error-text.js';
import { clientOf, type MoltConnection } from './connection.js';

export interface MoltToolsOptions extends MoltConnection {
  /** The molt session whose scope (user, agent) the memories are searched in and committed to. */
  sessionId: string;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field
type Json = Record<string, any>;

const unavailable = (error: unknown) => ({
  error: `molt memory is unavailable for this call (${error instanceof MoltApiError ? `${error.code}: ${error.message}` : errorText(error)}); carry on without it.`,
});

export function moltTools(options: MoltToolsOptions) {
  const client = clientOf(options);
  return {
    search_memories: tool({
      description: MEMORY_TOOL_DESCRIPTIONS.search_memories,
      inputSchema: searchMemoriesArgsSchema,
      async execute(args: z.infer<typeof searchMemoriesArgsSchema>) {
        try {
          const answer = (await client.postJson('/v1/memories/search', {
            ...args,
            sessionId: options.sessionId,
          })) as Json;
          return { memories: (answer.items as Json[]).map(agentMemoryView) };
        } catch (error) {
          return unavailable(error);
        }
      },
    }),
    commit_memory: tool({
      description: MEMORY_TOOL_DESCRIPTIONS.commit_memory,
      inputSchema: commitMemoryArgsSchema,
      async execute(args: z.infer<typeof commitMemoryArgsSchema>) {
        try {
          const answer = (await client.postJson('/v1/memories', {
            ...args,
            sessionId: options.sessionId,
          })) as Json;
          return { memory: agentMemoryView(answer.memory) };
        } catch (error) {
          return unavailable(error);
        }
      },
    }),
  };
}
