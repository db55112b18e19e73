/**
 * The reads behind an agent-bound key's reach (api/plugins/key-scope.ts, issue 19 item 10): whose
 * agent an extraction's session belongs to, and whether a memory is an agent's.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from './client.js';
import { agentReach } from './memory/memory-reach.js';
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

/** A memory is the agent's to read when the one rule of db/memory/memory-reach.ts says so. */
export async function memoryOfAgent(
  db: Database,
  tenantId: string,
  agentId: string,
  memoryId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: memories.id })
    .from(memories)
    .where(and(eq(memories.tenantId, tenantId), eq(memories.id, memoryId), agentReach(tenantId, agentId)));
  return row !== undefined;
}
