/**
 * Reading memories: filtered lists with cursors, search ranked by full-text plus trigram
 * similarity (so CJK and identifiers match), and one memory with its events.
 */
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { countUpTo, decodeCursor, newestFirst, olderThan, pageOf } from '../pagination.js';
import { memorySnapshot } from './memories.js';
import { agentReach } from './memory-reach.js';
import {
  extractedCondition,
  type MemoryRow,
  type MemoryStatus,
  memories,
  memoryEvents,
} from './memory-schema.js';

export interface MemoryFilter {
  tenantId: string;
  type?: string;
  userId?: string;
  agentId?: string;
  /** Only what a reader acting for this agent may read (a bound key). */
  reachOf?: string;
  status?: MemoryStatus;
}

function filterConditions(filter: MemoryFilter): SQL[] {
  const conditions: SQL[] = [eq(memories.tenantId, filter.tenantId)];
  // Episodes are the transcript as memory (docs/memory.md#episodes): listed only when asked for.
  if (filter.type) conditions.push(eq(memories.type, filter.type as MemoryRow['type']));
  else conditions.push(extractedCondition());
  if (filter.userId) conditions.push(eq(memories.userId, filter.userId));
  if (filter.agentId) conditions.push(eq(memories.agentId, filter.agentId));
  // A reader acting for an agent lists what it may read by id (db/memory/memory-reach.ts).
  if (filter.reachOf) conditions.push(agentReach(filter.tenantId, filter.reachOf));
  if (filter.status) conditions.push(eq(memories.status, filter.status));
  return conditions;
}

/** Newest first, with an opaque cursor. */
export async function listMemories(db: Database, filter: MemoryFilter & { limit: number; cursor?: string }) {
  const conditions = filterConditions(filter);
  const filtered = and(...conditions);
  const after = filter.cursor ? decodeCursor(filter.cursor) : null;
  if (after) conditions.push(olderThan(memories.recordedAt, memories.id, after));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(memories)
      .where(and(...conditions))
      .orderBy(...newestFirst(memories.recordedAt, memories.id))
      .limit(filter.limit + 1),
    countUpTo(db, memories, filtered),
  ]);
  const { page, nextCursor } = pageOf(rows, filter.limit, (row) => ({ at: row.recordedAt, id: row.id }));
  return { items: page.map(memorySnapshot), nextCursor, ...total };
}

/**
 * Search: each memory's score is its full-text rank (`simple` configuration, no stemming) plus its
 * trigram word similarity to the query, plus 0.5 when it contains the query verbatim (CJK text
 * has no spaces, so neither words nor trigrams of a short query match it well); best first. Paged by offset
 * (the cursor is the offset, opaque to clients).
 */
/** Search pages go this deep at most (the cursor is the offset; a deeper one is not one we issued). */
export const MAX_SEARCH_OFFSET = 100_000;

/** The offset a search cursor encodes, or null when it is not one this API issues (issue 19 item 9). */
export function decodeOffsetCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{1,6}$/.test(text)) return null;
  const offset = Number(text);
  return offset <= MAX_SEARCH_OFFSET ? offset : null;
}

export async function searchMemories(
  db: Database,
  filter: MemoryFilter & { query: string; limit: number; cursor?: string },
) {
  const offset = filter.cursor ? (decodeOffsetCursor(filter.cursor) ?? 0) : 0;
  const tsQuery = sql`plainto_tsquery('simple', ${filter.query})`;
  const contains = sql`strpos(lower(${memories.content}), lower(${filter.query})) > 0`;
  const score = sql<number>`(ts_rank(to_tsvector('simple', ${memories.content}), ${tsQuery}) + word_similarity(${filter.query}, ${memories.content}) + case when ${contains} then 0.5 else 0 end)`;
  const match = or(
    contains,
    sql`to_tsvector('simple', ${memories.content}) @@ ${tsQuery}`,
    sql`word_similarity(${filter.query}, ${memories.content}) >= 0.3`,
  )!;
  const where = and(...filterConditions(filter), match);
  const [rows, total] = await Promise.all([
    db
      .select({ memory: memories, score: score.mapWith(Number) })
      .from(memories)
      .where(where)
      .orderBy(desc(score), desc(memories.recordedAt), asc(memories.id))
      .limit(filter.limit + 1)
      .offset(offset),
    countUpTo(db, memories, where),
  ]);
  const page = rows.slice(0, filter.limit);
  return {
    ...total,
    items: page.map((r) => ({ ...memorySnapshot(r.memory), score: Math.round(r.score * 10_000) / 10_000 })),
    nextCursor:
      rows.length > filter.limit ? Buffer.from(String(offset + filter.limit)).toString('base64url') : null,
  };
}

export async function getMemory(db: Database, tenantId: string, id: string): Promise<MemoryRow | null> {
  const [row] = await db
    .select()
    .from(memories)
    .where(and(eq(memories.tenantId, tenantId), eq(memories.id, id)));
  return row ?? null;
}

/** One memory with its source and every event that touched it. */
export async function getMemoryWithEvents(db: Database, tenantId: string, id: string) {
  const row = await getMemory(db, tenantId, id);
  if (!row) return null;
  const events = await db
    .select()
    .from(memoryEvents)
    .where(
      and(
        eq(memoryEvents.tenantId, tenantId),
        or(eq(memoryEvents.memoryId, id), sql`${memoryEvents.before}->>'id' = ${id}`),
      ),
    )
    .orderBy(asc(memoryEvents.createdAt), asc(memoryEvents.id));
  return {
    ...memorySnapshot(row),
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      extractionId: e.extractionId,
      before: e.before,
      after: e.after,
      reason: e.reason,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
