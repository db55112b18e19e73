/**
 * Whose memories an MCP server touches (docs/mcp.md#scope): fixed when the server is made, from
 * configuration — `molt mcp`'s environment (MOLT_USER_ID, MOLT_AGENT_ID, MOLT_SESSION_ID, as the
 * agent CLI reads them) or, over HTTP, the key's agent and the request's `x-molt-*` headers —
 * never from a tool's arguments. The API enforces the key's reach on top (api/memory/memory-scope.ts,
 * api/plugins/key-scope.ts); these rules only narrow it to "one's own".
 */
import { z } from 'zod';
import { scopeIdSchema, sessionIdSchema } from '../api/schemas/common.js';

export interface McpScope {
  userId?: string | undefined;
  agentId?: string | undefined;
  sessionId?: string | undefined;
}

/** A tool call that cannot go on: its message is what the model reads (no SQL, stack or body). */
export class McpToolError extends Error {
  override name = 'McpToolError';
}

/** The headers an MCP client's configuration sets over HTTP (never the model). */
export const MCP_SCOPE_HEADERS = {
  userId: 'x-molt-user-id',
  agentId: 'x-molt-agent-id',
  sessionId: 'x-molt-session-id',
} as const;

const headerScopeSchema = z.strictObject({
  userId: scopeIdSchema.optional(),
  agentId: scopeIdSchema.optional(),
  sessionId: sessionIdSchema.optional(),
});

/** The scope an HTTP request configures; a message naming the bad header otherwise. */
export function scopeOfHeaders(
  headers: Record<string, string | string[] | undefined>,
  keyAgentId: string | null,
): { scope: McpScope } | { error: string } {
  const raw: Record<string, string> = {};
  for (const [field, header] of Object.entries(MCP_SCOPE_HEADERS)) {
    const value = headers[header];
    if (Array.isArray(value)) return { error: `${header}: given more than once` };
    if (value !== undefined && value !== '') raw[field] = value;
  }
  const parsed = headerScopeSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] as keyof typeof MCP_SCOPE_HEADERS;
    return { error: `${MCP_SCOPE_HEADERS[field]}: ${issue?.message}` };
  }
  // An agent-bound key is its agent's scope unless the configuration names one (the API refuses another).
  const agentId = parsed.data.agentId ?? keyAgentId ?? undefined;
  return { scope: { ...parsed.data, ...(agentId ? { agentId } : {}) } };
}

/** The scope fields a write or search sends (the API checks them against the key). */
export function scopeFields(scope: McpScope): McpScope {
  return {
    ...(scope.userId ? { userId: scope.userId } : {}),
    ...(scope.agentId ? { agentId: scope.agentId } : {}),
    ...(scope.sessionId ? { sessionId: scope.sessionId } : {}),
  };
}

export function requireScope(scope: McpScope): void {
  if (!scope.userId && !scope.agentId && !scope.sessionId) {
    throw new McpToolError(
      'no scope: the server was started without a user, agent or session (MOLT_USER_ID, or the x-molt-user-id header over HTTP)',
    );
  }
}

/** Whose memories listing and forgetting see: a user's, or an agent's own (those naming no user). */
export type Owner = { userId: string } | { agentId: string };

/** Whether a memory is the owner's: listing shows only these and forgetting refuses the rest. */
export function isOwn(owner: Owner, memory: { userId: string | null; agentId: string | null }): boolean {
  return 'userId' in owner
    ? memory.userId === owner.userId
    : memory.userId === null && memory.agentId === owner.agentId;
}
