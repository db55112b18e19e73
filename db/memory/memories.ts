/**
 * The memory store's scopes, recall-index upkeep, delete and erasure (docs/memory.md#the-model).
 * Storing a draft (the update policy's add / supersede / duplicate / noop) lives in
 * db/memory/memory-store.ts; reads in db/memory/memory-reads.ts. Every change is a memory event.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { episodeSearchText } from '../../context/memory/episodes.js';
import { indexTerms } from '../../context/memory/terms.js';
import { EPISODE_TYPE, type MemoryType } from '../../context/memory/types.js';
import type { Database } from '../client.js';
import {
  type MemoryDate,
  type MemoryRow,
  type MemorySource,
  memories,
  memoryEvents,
  memoryTerms,
} from './memory-schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

/** Who a memory belongs to. A session with neither user nor agent scopes its memories to itself. */
export interface MemoryScope {
  tenantId: string;
  userId: string | null;
  agentId: string | null;
  sessionScope: string | null;
}

export function scopeOf(input: {
  tenantId: string;
  userId?: string | null;
  agentId?: string | null;
  sessionId?: string | null;
}): MemoryScope {
  const userId = input.userId ?? null;
  const agentId = input.agentId ?? null;
  return {
    tenantId: input.tenantId,
    userId,
    agentId,
    sessionScope: userId === null && agentId === null ? (input.sessionId ?? null) : null,
  };
}

const same = (column: AnyPgColumn, value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

/** The scope columns of a table keyed by scope (memories, and the recall index memory_terms). */
type ScopeColumns = Record<'tenantId' | 'userId' | 'agentId' | 'sessionScope', AnyPgColumn>;

/** Rows of exactly `scope` in `table` (memories unless another table with the scope's columns). */
export function scopeCondition(scope: MemoryScope, table: ScopeColumns = memories): SQL {
  return and(
    eq(table.tenantId, scope.tenantId),
    same(table.userId, scope.userId),
    same(table.agentId, scope.agentId),
    same(table.sessionScope, scope.sessionScope),
  )!;
}

/** The text a memory is searched by: its content; an episode's with its speaker's name before it. */
export function searchTextOf(memory: Pick<MemoryRow, 'type' | 'content' | 'speaker' | 'source'>): string {
  if (memory.type !== EPISODE_TYPE) return memory.content;
  const role = 'role' in memory.source ? memory.source.role : undefined;
  return episodeSearchText(memory.speaker, role, memory.content);
}

/** Adds memories' rows to the recall index (their analyzer terms, with their scope). */
export async function indexTermsOf(tx: Executor, rows: readonly MemoryRow[]): Promise<void> {
  const values = rows.flatMap((memory) =>
    indexTerms(searchTextOf(memory)).map((term) => ({
      memoryId: memory.id,
      term,
      tenantId: memory.tenantId,
      userId: memory.userId,
      agentId: memory.agentId,
      sessionScope: memory.sessionScope,
    })),
  );
  // 6 parameters a row: stay far below PostgreSQL's 65,535 parameters per statement.
  for (let i = 0; i < values.length; i += 5_000) {
    await tx
      .insert(memoryTerms)
      .values(values.slice(i, i + 5_000))
      .onConflictDoNothing();
  }
}

/** Removes a memory from the recall index (it is no longer active). */
export async function unindexTerms(tx: Executor, memoryId: string): Promise<void> {
  await tx.delete(memoryTerms).where(eq(memoryTerms.memoryId, memoryId));
}

/**
 * Marks `previousId` superseded by `byId` (valid until now) and takes it out of the recall index;
 * a deleted memory stays deleted. Returns the superseded row, if any.
 */
export async function supersedeMemory(
  tx: Executor,
  previousId: string,
  byId: string,
  now: Date,
): Promise<MemoryRow | undefined> {
  const [superseded] = await tx
    .update(memories)
    .set({ status: 'superseded', supersededAt: now, supersededBy: byId, validTo: now })
    .where(and(eq(memories.id, previousId), ne(memories.status, 'deleted')))
    .returning();
  await unindexTerms(tx, previousId);
  return superseded;
}

/**
 * Indexes the active memories stored before the recall index existed (run after migrating; a
 * cheap anti-join once every active memory is indexed). Batched: no long transaction.
 */
export async function backfillMemoryTerms(db: Database, batch = 500): Promise<number> {
  let total = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .select()
      .from(memories)
      .where(
        and(
          eq(memories.status, 'active'),
          sql`${memories.id} > ${after}`,
          sql`not exists (select 1 from ${memoryTerms} where ${memoryTerms.memoryId} = ${memories.id})`,
        ),
      )
      .orderBy(memories.id)
      .limit(batch);
    await indexTermsOf(db, rows);
    total += rows.length;
    if (rows.length < batch) return total;
    after = rows.at(-1)!.id;
  }
}

/** The name of a scope's advisory lock (hashed into its key). */
export function scopeLockName(scope: MemoryScope): string {
  return JSON.stringify(['memory', scope.tenantId, scope.userId, scope.agentId, scope.sessionScope]);
}

/**
 * Serialises writers of one scope for the rest of the transaction (dedup reads then writes),
 * waiting for the lock inside the transaction: the worker's extractions. The API's writes wait
 * without holding a connection (db/memory/scope-lock.ts withScopeLock).
 */
async function lockScope(tx: Executor, scope: MemoryScope): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scopeLockName(scope)}))`);
}

export interface MemoryDraft {
  type: MemoryType;
  content: string;
  abstract?: string | null;
  key?: string | null;
  category?: string | null;
  priority: number;
  validFrom?: Date | null;
  source: MemorySource;
  /** When it was said (the source message's time); absent: not known. */
  occurredAt?: Date | null;
  /** The dates its text names, resolved against `occurredAt` (context/time/dates.ts storedDates). */
  dates?: MemoryDate[] | null;
}

/** A memory as events and the API show it (dates as ISO strings). */
export function memorySnapshot(row: MemoryRow) {
  return {
    id: row.id,
    userId: row.userId,
    agentId: row.agentId,
    type: row.type,
    category: row.category,
    key: row.key,
    content: row.content,
    abstract: row.abstract,
    priority: row.priority,
    source: row.source,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    recordedAt: row.recordedAt.toISOString(),
    supersededAt: row.supersededAt?.toISOString() ?? null,
    supersededBy: row.supersededBy,
    extractionId: row.extractionId,
    status: row.status,
    speaker: row.speaker,
    occurredAt: row.occurredAt?.toISOString() ?? null,
    dates: row.dates,
  };
}

/** Deterministic memory id for the n-th candidate of an extraction. */
export function extractedMemoryId(extractionId: string, index: number): string {
  return `mem_${createHash('sha256').update(`${extractionId}:${index}`).digest('hex').slice(0, 24)}`;
}

export { lockScope };

/** Marks one memory deleted (its row stays for the timeline; erasure removes text). */
export async function deleteMemory(db: Database, tenantId: string, id: string): Promise<MemoryRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(memories)
      .where(and(eq(memories.tenantId, tenantId), eq(memories.id, id)))
      .for('update');
    if (!before) return null;
    if (before.status === 'deleted') return before;
    const [after] = await tx
      .update(memories)
      .set({ status: 'deleted', validTo: new Date() })
      .where(eq(memories.id, id))
      .returning();
    await unindexTerms(tx, id);
    await tx
      .insert(memoryEvents)
      .values({
        id: `${id}:delete`,
        tenantId,
        memoryId: id,
        extractionId: null,
        kind: 'delete',
        reason: 'forgotten on request (DELETE /v1/memories/{id})',
        userId: before.userId,
        agentId: before.agentId,
        before: memorySnapshot(before),
        after: after ? memorySnapshot(after) : null,
      })
      .onConflictDoNothing();
    return after ?? before;
  });
}
