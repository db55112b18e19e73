/**
 * The reads behind an agent-bound key's reach (api/plugins/key-scope.ts, issue 19 item 10): whose
 * agent an extraction's session belongs to, and whether a memory is an agent's.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { memories, memoryExtractions, sessions } from './schema.js';

/** The agent of the session an extraction came from; undefined: no such extraction. */
export async function extractionAgentId(
  db: Database,
  tenantId: string,
  extractionId: string,
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ agentId: sessions.agentId })
    .from(memoryExtractions)
    .innerJoin(
      sessions,
      and(eq(sessions.tenantId, memoryExtractions.tenantId), eq(sessions.id, memoryExtractions.sessionId)),
    )
    .where(and(eq(memoryExtractions.tenantId, tenantId), eq(memoryExtractions.id, extractionId)));
  return row?.agentId;
}

/** A memory is the agent's when it is in the agent's scope or came from one of its sessions. */
export async function memoryOfAgent(
  db: Database,
  tenantId: string,
  agentId: string,
  memoryId: string,
): Promise<boolean> {
  const ofAgent = sql`(select id from ${sessions} where ${sessions.tenantId} = ${tenantId} and ${sessions.agentId} = ${agentId})`;
  const [row] = await db
    .select({ id: memories.id })
    .from(memories)
    .where(
      and(
        eq(memories.tenantId, tenantId),
        eq(memories.id, memoryId),
        or(
          eq(memories.agentId, agentId),
          sql`${memories.sessionScope} in ${ofAgent}`,
          sql`${memories.source}->>'sessionId' in ${ofAgent}`,
        ),
      ),
    );
  return row !== undefined;
}
