/**
 * The reads recall needs (docs/memory.md#recall): candidates for a query from the recall index, the
 * memories the system prompt carries, tool and skill tips, and counts by type. All of them read
 * only active memories of the recall scope: the user's, the agent's that name no user, and the
 * session's own.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { EPISODE_ID_PREFIX } from '../../context/memory/episodes.js';
import type { WeightedTerm } from '../../context/memory/recall.js';
import { AGENT_KNOWLEDGE_TYPES } from '../../context/memory/scope-rules.js';
import type { Executor } from './memories.js';
import { learnedThrough } from './memory-reach.js';
import {
  currentCondition,
  extractedCondition,
  type MemoryRow,
  memories,
  memoryTerms,
  promptMemoryCondition,
} from './memory-schema.js';

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

/**
 * The scope's active memories as disjoint parts (the user's; the agent's without a user; the
 * session's own), each answered by an index of its own: a query runs once per part and the rows
 * are merged (an OR of the three would scan every memory of the tenant).
 */
function scopeParts(scope: RecallScope): SQL[] {
  const base = (condition?: SQL) =>
    and(eq(memories.tenantId, scope.tenantId), currentCondition(), condition)!;
  const parts: SQL[] = [];
  // The user's memories learned through the scope's agent or through none (db/memory/memory-reach.ts).
  if (scope.userId !== null)
    parts.push(base(and(eq(memories.userId, scope.userId), learnedThrough(memories.agentId, scope.agentId))));
  if (scope.agentId !== null)
    parts.push(base(and(isNull(memories.userId), eq(memories.agentId, scope.agentId), agentKnowledge)));
  if (scope.sessionId !== null) parts.push(base(eq(memories.sessionScope, scope.sessionId)));
  if (parts.length === 0) parts.push(base());
  return parts;
}

/**
 * The agent's part holds agent knowledge only (context/memory/scope-rules.ts): a personal memory
 * stored there before the rule (an agent-only session's preference) is never read back.
 */
const agentKnowledge = inArray(memories.type, [...AGENT_KNOWLEDGE_TYPES]);
/**
 * What recall reads of a scope's rows, whichever list found them (the recall index here, the
 * vectors in db/memory/memory-embeddings.ts): an agent's personal memory is never read back.
 */
export const notAgentPersonal = or(
  isNotNull(memories.userId),
  isNotNull(memories.sessionScope),
  agentKnowledge,
)!;

async function fromParts<T>(scope: RecallScope, read: (part: SQL) => Promise<T[]>): Promise<T[]> {
  return (await Promise.all(scopeParts(scope).map(read))).flat();
}

/** Stable order of the memories the system prompt carries: type, priority (high first), age, id. */
const promptOrder = (a: MemoryRow, b: MemoryRow) =>
  a.type.localeCompare(b.type) ||
  b.priority - a.priority ||
  a.recordedAt.getTime() - b.recordedAt.getTime() ||
  a.id.localeCompare(b.id);

/**
 * A query term held by more than this many memories of the scope does not choose candidates (it
 * cannot tell them apart; their score still counts it: api/assembly/recall.ts scores every term),
 * and no term reads more than this many index rows: a long question over a large scope reads a
 * bounded number of rows (bench/README.md, episodes-scale).
 */
export const MAX_TERM_ROWS = 1_000;

/** The scope's index conditions on `memory_terms`, one per disjoint part (user; agent without a user; session). */
function termParts(scope: RecallScope): SQL[] {
  const parts: SQL[] = [];
  if (scope.userId !== null) {
    const through = learnedThrough(memoryTerms.agentId, scope.agentId);
    parts.push(sql`${memoryTerms.userId} = ${scope.userId}${through ? sql` and ${through}` : sql``}`);
  }
  if (scope.agentId !== null)
    parts.push(sql`${memoryTerms.agentId} = ${scope.agentId} and ${memoryTerms.userId} is null`);
  if (scope.sessionId !== null) parts.push(sql`${memoryTerms.sessionScope} = ${scope.sessionId}`);
  if (parts.length === 0) parts.push(sql`true`);
  return parts;
}

/** One part's rows for term `k.term`, at most `limit`: an index range scan of the part's index. */
const partRows = (scope: RecallScope, part: SQL, limit: number) =>
  sql`select ${memoryTerms.memoryId} as memory_id from ${memoryTerms}
    where ${memoryTerms.tenantId} = ${scope.tenantId} and ${part} and ${memoryTerms.term} = k.term limit ${limit}`;

/**
 * The recall index rows of the scope holding one of `keys`, at most MAX_TERM_ROWS per term and
 * part, as a union of the scope's disjoint parts: each part is an index-only range scan of its own index.
 */
function scopeTermRows(scope: RecallScope, keys: SQL): SQL {
  return sql.join(
    termParts(scope).map(
      (part) => sql`select t.memory_id, k.term from unnest(${keys}) as k(term)
        cross join lateral (${partRows(scope, part, MAX_TERM_ROWS)}) t`,
    ),
    sql` union all `,
  );
}

/**
 * The terms that choose candidates: those held by at most MAX_TERM_ROWS memories of the scope
 * (counted up to one more than that, so a common term costs no more than a rare one); all of
 * them when every term is that common (each then reads its first MAX_TERM_ROWS rows).
 */
async function discriminatingTerms(
  db: Executor,
  scope: RecallScope,
  keys: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(keys)]; // each term once: a repeated one would count its rows twice
  const perPart = await Promise.all(
    termParts(scope).map(async (part) => {
      const counted = await db.execute(sql`select k.term,
          (select count(*) from (${partRows(scope, part, MAX_TERM_ROWS + 1)}) x)::int as n
        from unnest(${keyArray(unique)}) as k(term)`);
      return (counted as unknown as { rows: Array<{ term: string; n: number }> }).rows;
    }),
  );
  const counts = new Map<string, number>();
  for (const r of perPart.flat()) counts.set(r.term, (counts.get(r.term) ?? 0) + r.n);
  const rare = unique.filter((key) => (counts.get(key) ?? 0) <= MAX_TERM_ROWS);
  return rare.length > 0 ? rare : unique;
}

/** A text[] of term keys (keys never hold whitespace: the analyzer splits on it). */
const keyArray = (keys: readonly string[]): SQL => sql`string_to_array(${keys.join(' ')}, ' ')`;

/** Which candidates a search leaves out: episodes (the extractor's probes), or some ids (live turns). */
export interface CandidateOptions {
  /** false: extracted memories only (no episodes). */
  episodes?: boolean;
  /** Memory ids never returned (the episodes of the turns still in the live context). */
  excludeIds?: readonly string[];
}

export interface RecallCandidate {
  memory: MemoryRow;
  /** pg_trgm word similarity of the newest user message to the memory (0–1). */
  trigram: number;
}

/**
 * Active memories of the scope holding any of the query's terms, the heaviest first (the sum of
 * the weights of the query terms each holds, from the recall index alone), at most `limit`,
 * each with its trigram similarity to the newest user message.
 */
export async function recallCandidates(
  db: Executor,
  scope: RecallScope,
  query: { terms: readonly WeightedTerm[]; latest: string },
  limit: number,
  options: CandidateOptions = {},
): Promise<RecallCandidate[]> {
  if (query.terms.length === 0) return [];
  const full = query.terms.filter((term) => term.weight === 1).map((term) => term.key);
  const older = query.terms.find((term) => term.weight !== 1)?.weight ?? 0;
  const filters: SQL[] = [];
  if (options.episodes === false)
    filters.push(sql`left(r.memory_id, ${EPISODE_ID_PREFIX.length}) <> ${EPISODE_ID_PREFIX}`);
  if (options.excludeIds && options.excludeIds.length > 0) {
    filters.push(sql`r.memory_id not in (select unnest(${keyArray(options.excludeIds)}))`);
  }
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const chosen = await discriminatingTerms(
    db,
    scope,
    query.terms.map((term) => term.key),
  );
  // One statement: the heaviest memory ids from the index alone, then only those rows.
  const ranked = sql`select r.memory_id, sum(case when r.term = any(${keyArray(full)}) then 1 else ${older}::float8 end) as weight
    from (${scopeTermRows(scope, keyArray(chosen))}) r ${where}
    group by r.memory_id order by weight desc, r.memory_id limit ${limit}`;
  return db
    .select({
      memory: memories,
      trigram: sql<number>`word_similarity(${query.latest}, ${memories.content})`.mapWith(Number),
    })
    .from(memories)
    .innerJoin(sql`(${ranked}) as ranked`, sql`ranked.memory_id = ${memories.id}`)
    .where(and(currentCondition(), notAgentPersonal));
}

/** Profile memories and high-priority preferences, in a stable order (prompt caches). */
export async function promptMemories(db: Executor, scope: RecallScope, limit = 50): Promise<MemoryRow[]> {
  const rows = await fromParts(scope, (part) =>
    db
      .select()
      .from(memories)
      .where(and(part, promptMemoryCondition(memories)))
      .orderBy(asc(memories.type), desc(memories.priority), asc(memories.recordedAt), asc(memories.id))
      .limit(limit),
  );
  return rows.sort(promptOrder).slice(0, limit);
}

/** Active `tool` or `skill` memories whose category names one of these tools or skills. */
export async function categoryMemories(
  db: Executor,
  scope: RecallScope,
  type: 'tool' | 'skill',
  categories: readonly string[],
): Promise<MemoryRow[]> {
  if (categories.length === 0) return [];
  const rows = await fromParts(scope, (part) =>
    db
      .select()
      .from(memories)
      .where(and(part, eq(memories.type, type), inArray(memories.category, [...categories]))),
  );
  return rows.sort(promptOrder);
}

/** Active memories of the scope by type (episodes are not counted: they are the transcript). */
export async function memoryCountsByType(db: Executor, scope: RecallScope): Promise<Record<string, number>> {
  const rows = await fromParts(scope, (part) =>
    db
      .select({ type: memories.type, count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(memories)
      .where(and(part, extractedCondition()))
      .groupBy(memories.type),
  );
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.type] = (counts[row.type] ?? 0) + row.count;
  return counts;
}

/** The scope's active memories among `ids` (what recall may show: never another scope's). */
export async function scopedMemoriesByIds(
  db: Executor,
  scope: RecallScope,
  ids: readonly string[],
): Promise<MemoryRow[]> {
  if (ids.length === 0) return [];
  return fromParts(scope, (part) =>
    db
      .select()
      .from(memories)
      .where(and(part, inArray(memories.id, [...ids]), notAgentPersonal)),
  );
}
