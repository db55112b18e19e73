/**
 * Erasure of a session and of a user (issue 19 item 3). A session's erasure removes in one
 * transaction its transcript (messages, overrides, turns), compactions with their summaries,
 * chunks, files and tool failures, TODOs, breaker events, extractions, and every memory it gave
 * rise to (by source or session scope, whatever scope it went to) with their events; the session
 * row stays as a husk without text (its seqs go on, so a later turn never reuses an erased seq),
 * and a tombstone stops any extraction or compaction of the erased range from writing again.
 *
 * Concurrency: the erasure and every extraction or compaction write take the session's erasure
 * lock (`lockSessionErasure`) and the writers check the tombstone under it, so an extraction
 * running at the same moment either commits before (and its memories are erased) or finds the
 * tombstone (and writes nothing).
 */
import { type SQL, sql } from 'drizzle-orm';
import { EPISODE_TYPE } from '../context/memory/types.js';
import type { Executor } from './memory/memories.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function lockSessionErasure(tx: Executor, tenantId: string, sessionId: string): Promise<void> {
  const name = JSON.stringify(['erasure', tenantId, sessionId]);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

/**
 * A tombstone of a memory wipe (`DELETE /v1/memories?userId=`): the session's transcript is kept,
 * but nothing said at or below its `up_to_seq` becomes a memory again (issue 33 item 5).
 */
export const MEMORY_WIPE_REASON = 'memories';

/**
 * The highest erased seq of the session (0: never erased). `transcript`: erasures of the session's
 * text (compaction writes check these); `memories`: those and memory wipes (extraction checks).
 */
export async function erasedUpTo(
  tx: Executor,
  tenantId: string,
  sessionId: string,
  of: 'transcript' | 'memories' = 'transcript',
): Promise<number> {
  const reason = of === 'transcript' ? sql` and reason <> ${MEMORY_WIPE_REASON}` : sql``;
  const [row] = rowsOf<{ n: number | null }>(
    await tx.execute(
      sql`select max(up_to_seq)::int as n from session_erasures where tenant_id = ${tenantId} and session_id = ${sessionId}${reason}`,
    ),
  );
  return row?.n ?? 0;
}

export const ERASURE_KINDS = [
  'sessions',
  'messages',
  'turns',
  'overrides',
  'compactions',
  'summaries',
  'chunks',
  'todos',
  'breakerEvents',
  'extractions',
  'memories',
  'memoryEvents',
  'episodes',
  'vectors',
  'amendments',
] as const;
export type ErasureCounts = Record<(typeof ERASURE_KINDS)[number], number>;

const emptyCounts = (): ErasureCounts =>
  Object.fromEntries(ERASURE_KINDS.map((kind) => [kind, 0])) as ErasureCounts;

async function count(tx: Executor, statement: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`with d as (${statement}) select count(*)::int as n from d`),
  );
  return Number(row?.n ?? 0);
}

/**
 * What erasing memories removed: memories, episodes (docs/memory.md#episodes), their events and
 * vectors, and the amendment links (docs/recall-and-updates.md#newest-wins) either end of which is erased.
 */
interface ErasedMemories {
  memories: number;
  episodes: number;
  memoryEvents: number;
  vectors: number;
  amendments: number;
}

/** Deletes memories and episodes (with their events, vectors and recall terms) matching `where`, returning the counts. */
async function eraseMemoriesWhere(tx: Executor, tenantId: string, where: SQL): Promise<ErasedMemories> {
  const rows = rowsOf<{ id: string; type: string }>(
    await tx.execute(
      sql`select id, type from memories where tenant_id = ${tenantId} and (${where}) for update`,
    ),
  );
  if (rows.length === 0) return { memories: 0, episodes: 0, memoryEvents: 0, vectors: 0, amendments: 0 };
  const list = sql`string_to_array(${rows.map((r) => r.id).join(',')}, ',')`;
  const memoryEvents = await count(
    tx,
    sql`delete from memory_events where tenant_id = ${tenantId} and memory_id = any(${list}) returning 1`,
  );
  const vectors = await count(
    tx,
    sql`delete from memory_embeddings where tenant_id = ${tenantId} and memory_id = any(${list}) returning 1`,
  );
  const amendments = await count(
    tx,
    sql`delete from memory_amendments where tenant_id = ${tenantId} and (amending_id = any(${list}) or amended_id = any(${list})) returning 1`,
  );
  await count(tx, sql`delete from memories where tenant_id = ${tenantId} and id = any(${list}) returning 1`);
  const episodes = rows.filter((r) => r.type === EPISODE_TYPE).length;
  return { memories: rows.length - episodes, episodes, memoryEvents, vectors, amendments };
}

export interface SessionErasure {
  counts: ErasureCounts;
  /** The Temporal workflows of the session (the session's, its compactions', its extractions'). */
  workflowIds: string[];
}

/** The Temporal workflows a session's erasure removes (read before erasing; ids only). */
export async function sessionWorkflowIds(
  db: Executor,
  tenantId: string,
  sessionId: string,
): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select workflow_id as id from sessions where tenant_id = ${tenantId} and id = ${sessionId}
      union select workflow_id from compactions where tenant_id = ${tenantId} and session_id = ${sessionId}
      union select workflow_id from memory_extractions where tenant_id = ${tenantId} and session_id = ${sessionId}`),
  );
  return rows.map((r) => r.id).sort();
}

/** Erases one session in the caller's transaction; null when the tenant has no such session. */
export async function eraseSessionIn(
  tx: Executor,
  tenantId: string,
  sessionId: string,
  reason: 'session' | 'user',
): Promise<ErasureCounts | null> {
  await lockSessionErasure(tx, tenantId, sessionId);
  // The row lock orders the erasure with turns being stored (they update this row).
  const [session] = rowsOf<{ last_seq: number }>(
    await tx.execute(
      sql`select last_seq from sessions where tenant_id = ${tenantId} and id = ${sessionId} for update`,
    ),
  );
  if (!session) return null;
  const c = emptyCounts();
  const of = sql`tenant_id = ${tenantId} and session_id = ${sessionId}`;
  const compactionIds = sql`(select id from compactions where ${of})`;
  const extractionIds = sql`(select id from memory_extractions where ${of})`;
  c.sessions = 1;
  c.messages = await count(tx, sql`delete from messages where ${of} returning 1`);
  c.overrides = await count(tx, sql`delete from message_overrides where ${of} returning 1`);
  c.turns = await count(tx, sql`delete from turns where ${of} returning 1`);
  // Turns not signalled yet: an erased session's workflow is not started again by them.
  await tx.execute(sql`delete from turn_outbox where ${of}`);
  c.chunks = await count(
    tx,
    sql`delete from compaction_chunks where compaction_id in ${compactionIds} returning 1`,
  );
  c.summaries = await count(
    tx,
    sql`delete from summaries where compaction_id in ${compactionIds} returning 1`,
  );
  await tx.execute(sql`delete from compaction_files where compaction_id in ${compactionIds}`);
  await tx.execute(sql`delete from tool_failures where compaction_id in ${compactionIds}`);
  c.todos = await count(tx, sql`delete from todos where ${of} returning 1`);
  c.compactions = await count(tx, sql`delete from compactions where ${of} returning 1`);
  c.breakerEvents = await count(tx, sql`delete from breaker_events where ${of} returning 1`);
  // Events of the session's extractions first (they may describe memories of other scopes).
  c.memoryEvents += await count(
    tx,
    sql`delete from memory_events where tenant_id = ${tenantId} and extraction_id in ${extractionIds} returning 1`,
  );
  const erased = await eraseMemoriesWhere(
    tx,
    tenantId,
    sql`session_scope = ${sessionId} or source->>'sessionId' = ${sessionId}`,
  );
  c.memories += erased.memories;
  c.memoryEvents += erased.memoryEvents;
  c.episodes += erased.episodes;
  c.vectors += erased.vectors;
  c.amendments += erased.amendments;
  c.extractions = await count(tx, sql`delete from memory_extractions where ${of} returning 1`);
  // The husk: no text, no user; seqs go on after the erased ones.
  await tx.execute(sql`update sessions set view = null, settings = '{}'::jsonb, user_id = null, user_since_seq = null,
      transcript_tokens = 0, last_cache_touch_at = null, updated_at = now()
    where tenant_id = ${tenantId} and id = ${sessionId}`);
  await tx.execute(sql`insert into session_erasures (tenant_id, session_id, up_to_seq, reason, receipt)
    values (${tenantId}, ${sessionId}, ${session.last_seq}, ${reason}, ${JSON.stringify(c)}::jsonb)`);
  return c;
}

/** The sessions that name the user (also those that named them only after their first turn). */
export async function userSessionIds(db: Executor, tenantId: string, userId: string): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from sessions where tenant_id = ${tenantId} and user_id = ${userId} order by id`,
    ),
  ).map((r) => r.id);
}

/**
 * Erases a user in the caller's transaction: each of their sessions as above, then every memory
 * still in their scope (committed ones included) with its events, and their extraction rows.
 */
export async function eraseUserIn(tx: Executor, tenantId: string, userId: string): Promise<ErasureCounts> {
  const total = emptyCounts();
  for (const sessionId of await userSessionIds(tx, tenantId, userId)) {
    const counts = await eraseSessionIn(tx, tenantId, sessionId, 'user');
    if (counts) for (const kind of ERASURE_KINDS) total[kind] += counts[kind];
  }
  const erased = await eraseUserMemoriesIn(tx, tenantId, userId);
  total.memories += erased.memories;
  total.memoryEvents += erased.memoryEvents;
  total.extractions += erased.extractions;
  total.episodes += erased.episodes;
  total.vectors += erased.vectors;
  total.amendments += erased.amendments;
  return total;
}

/**
 * The user's memories wherever they are: their scope, and those of the sessions that name them
 * (stored in the session's or agent's scope before the user was named), with every event.
 */
export async function eraseUserMemoriesIn(
  tx: Executor,
  tenantId: string,
  userId: string,
): Promise<{
  memories: number;
  memoryEvents: number;
  extractions: number;
  episodes: number;
  vectors: number;
  amendments: number;
}> {
  // A tombstone on each of the user's sessions first, under its erasure lock (the lock every
  // extraction write takes): an extraction that wrote before has its memories erased below; one
  // that writes after finds the tombstone and writes nothing from what was said up to now
  // (issue 33 item 5). The locks are taken in id order, as every erasure takes them.
  for (const session of rowsOf<{ id: string; last_seq: number }>(
    await tx.execute(
      sql`select id, last_seq from sessions where tenant_id = ${tenantId} and user_id = ${userId} order by id`,
    ),
  )) {
    await lockSessionErasure(tx, tenantId, session.id);
    if (session.last_seq > 0) {
      await tx.execute(sql`insert into session_erasures (tenant_id, session_id, up_to_seq, reason, receipt)
        values (${tenantId}, ${session.id}, ${session.last_seq}, ${MEMORY_WIPE_REASON}, '{}'::jsonb)`);
    }
  }
  const sessionsOfUser = sql`(select id from sessions where tenant_id = ${tenantId} and user_id = ${userId})`;
  const erased = await eraseMemoriesWhere(
    tx,
    tenantId,
    sql`user_id = ${userId} or session_scope in ${sessionsOfUser} or source->>'sessionId' in ${sessionsOfUser}`,
  );
  const events = await count(
    tx,
    sql`delete from memory_events where tenant_id = ${tenantId} and user_id = ${userId} returning 1`,
  );
  const extractions = await count(
    tx,
    sql`update memory_extractions set error = case when error is null then null else 'erased' end
      where tenant_id = ${tenantId} and (user_id = ${userId} or session_id in ${sessionsOfUser}) returning 1`,
  );
  return {
    memories: erased.memories,
    memoryEvents: erased.memoryEvents + events,
    extractions,
    episodes: erased.episodes,
    vectors: erased.vectors,
    amendments: erased.amendments,
  };
}
