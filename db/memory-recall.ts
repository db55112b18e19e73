/**
 * The reads recall needs (MEMORY.md §4): candidates for a query from the recall index, the
 * memories the system prompt carries, tool and skill tips, and counts by type. All of them read
 * only active memories of the recall scope: the user's, the agent's that name no user, and the
 * session's own.
 */
import { and, asc, desc, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { WeightedGroup } from '../context/memory/recall.js';
import type { Executor } from './memories.js';
import { type MemoryRow, memories } from './memory-schema.js';

/**
 * Who recall serves: a session and the user and agent it names. An agent's search that names
 * none of the three searches its whole tenant (agent keys see their tenant's memories).
 */
export interface RecallScope {
  tenantId: string;
  sessionId: string | null;
  userId: string | null;
  agentId: string | null;
}

function recallScopeCondition(scope: RecallScope): SQL {
  const of: SQL[] = [];
  if (scope.sessionId !== null) of.push(eq(memories.sessionScope, scope.sessionId));
  if (scope.userId !== null) of.push(eq(memories.userId, scope.userId));
  if (scope.agentId !== null) of.push(and(eq(memories.agentId, scope.agentId), isNull(memories.userId))!);
  return and(
    eq(memories.tenantId, scope.tenantId),
    eq(memories.status, 'active'),
    of.length > 0 ? or(...of) : undefined,
  )!;
}

/** A tsquery literal matching any form of any group (forms quoted: no parsing, no stemming). */
export function anyTermQuery(groups: readonly WeightedGroup[]): string {
  const quote = (form: string) => `'${form.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  return groups.flatMap((group) => group.forms.map(quote)).join(' | ');
}

export interface RecallCandidate {
  memory: MemoryRow;
  /** pg_trgm word similarity of the newest user message to the memory (0–1). */
  trigram: number;
}

/**
 * Active memories of the scope holding any of the query's terms, the most matching first (by
 * ts_rank over the recall index), at most `limit`, each with its trigram similarity.
 */
export async function recallCandidates(
  db: Executor,
  scope: RecallScope,
  query: { groups: readonly WeightedGroup[]; latest: string },
  limit: number,
): Promise<RecallCandidate[]> {
  if (query.groups.length === 0) return [];
  const tsquery = sql`${anyTermQuery(query.groups)}::tsquery`;
  const matches = db
    .select({ id: memories.id, rank: sql<number>`ts_rank(${memories.terms}, ${tsquery})`.as('rank') })
    .from(memories)
    .where(and(recallScopeCondition(scope), sql`${memories.terms} @@ ${tsquery}`))
    .orderBy(desc(sql`rank`), desc(memories.recordedAt))
    .limit(limit)
    .as('matches');
  const rows = await db
    .select({
      memory: memories,
      trigram: sql<number>`word_similarity(${query.latest}, ${memories.content})`.mapWith(Number),
    })
    .from(matches)
    .innerJoin(memories, eq(memories.id, matches.id));
  return rows;
}

/** Profile memories and high-priority preferences, in a stable order (prompt caches). */
export async function promptMemories(
  db: Executor,
  scope: RecallScope,
  minPreferencePriority: number,
  limit = 50,
): Promise<MemoryRow[]> {
  return db
    .select()
    .from(memories)
    .where(
      and(
        recallScopeCondition(scope),
        or(
          eq(memories.type, 'profile'),
          and(eq(memories.type, 'preference'), gte(memories.priority, minPreferencePriority)),
        ),
      ),
    )
    .orderBy(asc(memories.type), desc(memories.priority), asc(memories.recordedAt), asc(memories.id))
    .limit(limit);
}

/** Active `tool` or `skill` memories whose category names one of these tools or skills. */
export async function categoryMemories(
  db: Executor,
  scope: RecallScope,
  type: 'tool' | 'skill',
  categories: readonly string[],
): Promise<MemoryRow[]> {
  if (categories.length === 0) return [];
  return db
    .select()
    .from(memories)
    .where(
      and(recallScopeCondition(scope), eq(memories.type, type), inArray(memories.category, [...categories])),
    )
    .orderBy(desc(memories.priority), asc(memories.recordedAt), asc(memories.id));
}

/** Active memories of the scope by type. */
export async function memoryCountsByType(db: Executor, scope: RecallScope): Promise<Record<string, number>> {
  const rows = await db
    .select({ type: memories.type, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(memories)
    .where(recallScopeCondition(scope))
    .groupBy(memories.type);
  return Object.fromEntries(rows.map((row) => [row.type, row.count]));
}
