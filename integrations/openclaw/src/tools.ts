/**
 * molt's memory tools (`search_memories`, `commit_memory`, `read_history`; docs/memory.md#api) as OpenClaw agent
 * tools. OpenClaw's tool factory is synchronous and runs for every agent run, so the definitions
 * are bundled (api/schemas/memory-tools.ts, the ones `GET /v1/tools` answers) rather than asked
 * of molt: the tools are offered whenever the plugin is enabled, and a call molt cannot answer
 * returns an error result saying so.
 *
 * The scope is never the model's: the arguments are read through the tools' own schemas (a
 * `userId`, `agentId` or `sessionId` the model adds is dropped) and the call names only the molt
 * session, whose user and agent molt applies (api/memory/memory-scope.ts). The engine opens the session
 * with its identity before the model runs (engine.ts `assemble`), so the session exists even on
 * its first turn.
 */
import type { z } from 'zod';
import {
  COMMIT_MEMORY,
  commitMemoryArgsSchema,
  memoryTools,
  READ_HISTORY,
  readHistoryArgsSchema,
  SEARCH_MEMORIES,
  searchMemoriesArgsSchema,
} from '../../../api/schemas/memory-tools.js';
import { MoltApiError, type MoltClient } from '../../../client/index.js';
import { errorText } from '../../../context/error-text.js';

export const MEMORY_TOOL_NAMES = [SEARCH_MEMORIES, COMMIT_MEMORY, READ_HISTORY];

/** Where each tool's call goes in molt's API, and the arguments it reads. */
const ROUTES: Record<string, { path: string; args: z.ZodObject }> = {
  [SEARCH_MEMORIES]: { path: '/v1/memories/search', args: searchMemoriesArgsSchema },
  [COMMIT_MEMORY]: { path: '/v1/memories', args: commitMemoryArgsSchema },
  [READ_HISTORY]: { path: '/v1/memories/expand', args: readHistoryArgsSchema },
};

const SCOPE_FIELDS = ['userId', 'agentId', 'sessionId'];

type ToolResult = { content: { type: 'text'; text: string }[]; details: unknown; isError?: boolean };

const failed = (text: string): ToolResult => ({
  content: [{ type: 'text', text }],
  details: { error: text },
  isError: true,
});

/** The model's arguments without any scope field, as the tool's schema reads them; or what is wrong. */
export function toolArguments(
  name: string,
  raw: unknown,
): { ok: true; args: Record<string, unknown> } | { ok: false; error: string } {
  const route = ROUTES[name];
  if (!route) return { ok: false, error: `unknown tool ${name}` };
  const input = { ...((typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>) };
  for (const field of SCOPE_FIELDS) delete input[field];
  const parsed = route.args.strip().safeParse(input);
  if (parsed.success) return { ok: true, args: parsed.data as Record<string, unknown> };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `${issue?.path.join('.') || 'arguments'}: ${issue?.message}` };
}

/**
 * The OpenClaw agent tools of one run, for the molt session `moltSessionId` (or none when OpenClaw
 * names no session: nothing to scope a memory to). `onCall` traces each call.
 */
export function memoryAgentTools(
  client: MoltClient,
  moltSessionId: string | undefined,
  onCall: (tool: string, outcome: string) => void = () => {},
) {
  if (!moltSessionId) return [];
  return memoryTools().map((tool) => ({
    name: tool.name,
    label: tool.name.replace('_', ' '),
    description: tool.description,
    parameters: tool.parameters,
    // Model-visible, never deferred behind OpenClaw's Tool Search: the `<molt-memory>` block and
    // recall name search_memories as a tool the model has.
    catalogMode: 'direct-only' as const,
    async execute(_toolCallId: string, params: unknown): Promise<ToolResult> {
      const parsed = toolArguments(tool.name, params);
      if (!parsed.ok) {
        onCall(tool.name, 'invalid');
        return failed(`${tool.name}: ${parsed.error}`);
      }
      try {
        const result = await client.postJson(ROUTES[tool.name]!.path, {
          ...parsed.args,
          sessionId: moltSessionId,
        });
        onCall(tool.name, 'ok');
        return { content: [{ type: 'text', text: JSON.stringify(result) }], details: result };
      } catch (error) {
        onCall(tool.name, error instanceof MoltApiError ? `${error.status}` : 'error');
        const why = error instanceof MoltApiError ? `${error.code}: ${error.message}` : errorText(error);
        return failed(`molt memory is unavailable for this call (${why}); carry on without it.`);
      }
    },
  }));
}
