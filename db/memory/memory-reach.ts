/**
 * What a reader acting for an agent may read of its tenant's memories (issue 33 item 3,
 * docs/security.md#what-an-agent-reads). One rule, for every reader — `GET /v1/memories/{id}`,
 * the list, search, per-turn recall, `GET /context`'s system-prompt addition, the MCP tools and
 * profile — so that what search returns is exactly what a by-id read allows:
 *
 * A reader acting for agent A (a key bound to A, or recall for a session of A) reads
 * - A's own memories (`agent_id = A`: agent knowledge, and what users told A), and
 * - memories learned through no agent (`agent_id` null): a user's memories an operator wrote or a
 *   session naming no agent gave rise to, and — by-id only within A's sessions — the session-own
 *   memories of A's sessions.
 *
 * A user's memories learned through agent B are B's: agent A never reads them, even in a session
 * of its own naming that user (a user who told the support bot their passport number did not tell
 * the sales bot). A reader acting for no agent (an operator, a key bound to no agent, a session
 * naming no agent) reads every memory of the scopes it names.
 */
import { and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sessions } from '../schema.js';
import { memories } from './memory-schema.js';

/** Memories of the tenant agent `agentId` may read by id (and list). */
export function agentReach(tenantId: string, agentId: string): SQL {
  const ofAgent = sql`(select ${sessions.id} from ${sessions} where ${sessions.tenantId} = ${tenantId} and ${sessions.agentId} = ${agentId})`;
  return or(
    eq(memories.agentId, agentId),
    and(
      isNull(memories.agentId),
      or(isNotNull(memories.userId), sql`${memories.sessionScope} in ${ofAgent}`),
    ),
  )!;
}

/**
 * The same rule on a user's part of a recall scope (a table with its own `agent_id` column:
 * memories, the recall index, the vectors): the user's memories learned through `agentId` or
 * through no agent; no restriction for a reader acting for no agent.
 */
export function learnedThrough(agentColumn: AnyPgColumn | SQL, agentId: string | null): SQL | undefined {
  return agentId === null ? undefined : sql`(${agentColumn} is null or ${agentColumn} = ${agentId})`;
}
