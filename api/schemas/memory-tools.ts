/**
 * The memory tools agents are offered (docs/memory.md#api) as JSON-schema function definitions:
 * `GET /v1/tools` answers them and the OpenClaw plugin bundles them (its tool factory is
 * synchronous, so it cannot ask molt first). zod only: nothing here touches the database.
 */
import { z } from 'zod';
import {
  commitMemoryArgsSchema,
  MEMORY_TOOL_DESCRIPTIONS,
  READ_HISTORY_DESCRIPTION,
  readHistoryArgsSchema,
  searchMemoriesArgsSchema,
} from './memories.js';

export { commitMemoryArgsSchema, readHistoryArgsSchema, searchMemoriesArgsSchema };

export const SEARCH_MEMORIES = 'search_memories';
export const COMMIT_MEMORY = 'commit_memory';
export const READ_HISTORY = 'read_history';

export interface MemoryToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export function memoryTools(): MemoryToolDefinition[] {
  const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as Record<string, unknown>;
  return [
    {
      name: SEARCH_MEMORIES,
      description: MEMORY_TOOL_DESCRIPTIONS.search_memories,
      parameters: schema(searchMemoriesArgsSchema),
    },
    {
      name: COMMIT_MEMORY,
      description: MEMORY_TOOL_DESCRIPTIONS.commit_memory,
      // The client adds the session (api/memory/memory-scope.ts).
      parameters: schema(commitMemoryArgsSchema),
    },
    {
      name: READ_HISTORY,
      description: READ_HISTORY_DESCRIPTION,
      // The client adds the session (api/memory-scope.ts).
      parameters: schema(readHistoryArgsSchema),
    },
  ];
}
