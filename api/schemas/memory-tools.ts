/**
 * The memory tools agents are offered (docs/memory.md#api) as JSON-schema function definitions:
 * `GET /v1/tools` answers them and the OpenClaw plugin bundles them (its tool factory is
 * synchronous, so it cannot ask molt first). zod only: nothing here touches the database.
 */
import { z } from 'zod';
import { commitMemoryBodySchema } from './memories.js';

export const SEARCH_MEMORIES = 'search_memories';
export const COMMIT_MEMORY = 'commit_memory';

export interface MemoryToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** search_memories' arguments as the model fills them in. */
export const searchMemoriesArgsSchema = z.object({
  query: z.string().min(1).describe('What to look for'),
  max_results: z.number().int().min(1).max(50).optional().describe('At most this many memories (default 5)'),
});

/** commit_memory's arguments as the model fills them in: the scope is not the model's to choose. */
export const commitMemoryArgsSchema = commitMemoryBodySchema.omit({
  userId: true,
  agentId: true,
  sessionId: true,
});

export function memoryTools(): MemoryToolDefinition[] {
  const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as Record<string, unknown>;
  return [
    {
      name: SEARCH_MEMORIES,
      description:
        "Search the user's and agent's durable memories (preferences, facts, decisions) by meaning and exact words.",
      parameters: schema(searchMemoriesArgsSchema),
    },
    {
      name: COMMIT_MEMORY,
      description: 'Store a durable memory now (deduplicated): something worth knowing in later sessions.',
      // The client adds the session (api/memory-scope.ts).
      parameters: schema(commitMemoryArgsSchema),
    },
  ];
}
