/**
 * The shapes of molt's answers that clients read (docs/api.md#routes), named: every route declares
 * its response schema, so each is generated (openapi.d.ts) from the API's own zod schemas.
 */
import type { paths } from './openapi.js';

/** The JSON body of one route's answer with one status. */
export type Answer<
  Path extends keyof paths,
  Method extends keyof paths[Path],
  Status extends number,
> = paths[Path][Method] extends { responses: infer Responses }
  ? Status extends keyof Responses
    ? Responses[Status] extends { content: { 'application/json': infer Body } }
      ? Body
      : never
    : never
  : never;

/** GET /v1/sessions/{sessionId}: the session view with its memory extractions. */
export type SessionResponse = Answer<'/v1/sessions/{sessionId}', 'get', 200>;

/** POST /v1/sessions/{sessionId}/turns (202): the session view and the turn's seqs. */
export type TurnResponse = Answer<'/v1/sessions/{sessionId}/turns', 'post', 202>;

/** GET /v1/sessions/{id}/context. */
export type ContextResponse = Answer<'/v1/sessions/{sessionId}/context', 'get', 200>;

/** POST /v1/sessions/{sessionId}/overflow. */
export type OverflowResponse = Answer<'/v1/sessions/{sessionId}/overflow', 'post', 200>;

/** POST /v1/sessions/{sessionId}/compact: the compaction once it finished. */
export type CompactionView = Answer<'/v1/sessions/{sessionId}/compact', 'post', 200>;

/** Every error answer. */
export type ErrorBody = Answer<'/v1/sessions/{sessionId}', 'get', 404>;

/**
 * The fields of a memory an agent reads (the agent CLI, cli/agent-commands.ts, and the MCP tools,
 * mcp/server.ts): what it says and how it ranks, not its provenance or bookkeeping.
 */
// biome-ignore lint/suspicious/noExplicitAny: read from JSON answers of several routes.
export const agentMemoryView = (m: Record<string, any>) => ({
  id: m.id,
  type: m.type,
  content: m.content,
  category: m.category,
  priority: m.priority,
  recordedAt: m.recordedAt,
  ...(m.score !== undefined ? { score: m.score } : {}),
  // An episode (what a turn said): who said it, when, where (read_history reads around it).
  ...(m.kind === 'episode' || m.type === 'episode'
    ? {
        kind: 'episode',
        speaker: m.speaker,
        occurredAt: m.occurredAt,
        sessionId: m.source?.sessionId,
        seq: m.source?.fromSeq,
      }
    : m.kind === 'memory'
      ? { kind: 'memory' }
      : {}),
  ...(Array.isArray(m.dates) && m.dates.length > 0 ? { dates: m.dates } : {}),
});
