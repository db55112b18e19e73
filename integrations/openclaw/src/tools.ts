/**
 * molt's memory tools (`search_memories`, `commit_memory`; docs/memory.md#api), offered to the agent only
 * when molt serves them: `GET /v1/tools` answering 200. The probe runs once per process, from the
 * engine's first call (never from `register`, which must stay free of side effects).
 */
import type { MoltClient } from '../../../client/index.js';

export interface ToolDefinition {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
  input_schema?: Record<string, unknown>;
}

let probe: Promise<ToolDefinition[] | null> | undefined;
let known: { client: MoltClient; tools: ToolDefinition[] } | undefined;

/** The memory tool definitions, or null when molt has none (or did not answer): asked once. */
export function probeMemoryTools(client: MoltClient): Promise<ToolDefinition[] | null> {
  probe ??= client
    .getTools()
    .then((tools) => {
      const usable = (tools ?? []).filter(
        (tool): tool is ToolDefinition =>
          typeof tool === 'object' && tool !== null && typeof (tool as ToolDefinition).name === 'string',
      );
      if (usable.length > 0) known = { client, tools: usable };
      return usable.length > 0 ? usable : null;
    })
    .catch(() => null);
  return probe;
}

/** Where each tool's call goes in molt's API. */
const ROUTES: Record<string, string> = {
  search_memories: '/v1/memories/search',
  commit_memory: '/v1/memories',
};

/** OpenClaw agent tools for the memory tools molt offered; empty before the probe answered 200. */
export function memoryAgentTools(scope: { userId?: string; agentId?: string; sessionId?: string }) {
  if (!known) return [];
  const { client, tools } = known;
  return tools
    .filter((tool) => ROUTES[tool.name])
    .map((tool) => ({
      name: tool.name,
      label: tool.name.replace('_', ' '),
      description: tool.description ?? tool.name,
      parameters: tool.parameters ?? tool.input_schema ?? { type: 'object', properties: {} },
      async execute(_toolCallId: string, params: Record<string, unknown>) {
        // The session's scope wins over anything the model put in the arguments.
        const body = { ...params, ...scope };
        const result = await client.postJson(ROUTES[tool.name]!, body);
        return { content: [{ type: 'text' as const, text: JSON.stringify(result) }], details: result };
      },
    }));
}
