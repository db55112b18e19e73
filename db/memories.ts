/**
 * The memory store's writes (MEMORY.md §1–§2): storing verified candidates (exact and near
 * duplicates skipped, same key superseding), commit_memory, delete, and erasure of a scope.
 * Every change is a memory event. Reads live in db/memory-reads.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  clip,
  MEMORY_ABSTRACT_MAX,
  NEAR_DUPLICATE_SIMILARITY,
  normalizeMemoryKey,
  normalizeMemoryText,
} from '../context/memory/policy.js';
import { indexTerms } from '../context/memory/terms.js';
import type { MemoryType } from '../context/memory/types.js';
import type { Database } from './client.js';
import { type MemoryRow, type MemorySource, memories, memoryEvents, memoryTerms } from './memory-schema.js';

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

export function scopeCondition(scope: MemoryScope): SQL {
  return and(
    eq(memories.tenantId, scope.tenantId),
    same(memories.userId, scope.userId),
    same(memories.agentId, scope.agentId),
    same(memories.sessionScope, scope.sessionScope),
  )!;
}

/** Adds memories' rows to the recall index (their analyzer terms, with their scope). */
async function indexTermsOf(tx: Executor, rows: readonly MemoryRow[]): Promise<void> {
  const values = rows.flatMap((memory) =>
    indexTerms(memory.content).map((term) => ({
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
async function unindexTerms(tx: Executor, memoryId: string): Promise<void> {
  await tx.delete(memoryTerms).where(eq(memoryTerms.memoryId, memoryId));
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

/** Serialises writers of one scope for the rest of the transaction (dedup reads then writes). */
async function lockScope(tx: Executor, scope: MemoryScope): Promise<void> {
  const name = JSON.stringify(['memory', scope.tenantId, scope.userId, scope.agentId, scope.sessionScope]);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
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
}

export type StoreOutcome =
  | { outcome: 'added'; memory: MemoryRow }
  | { outcome: 'superseded'; memory: MemoryRow; previous: MemoryRow }
  | { outcome: 'duplicate'; memory: MemoryRow };

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
  };
}

async function findActive(tx: Executor, scope: MemoryScope, condition: SQL): Promise<MemoryRow | undefined> {
  const [row] = await tx
    .select()
    .from(memories)
    .where(and(scopeCondition(scope), eq(memories.status, 'active'), condition))
    .orderBy(memories.recordedAt)
    .limit(1);
  return row;
}

/**
 * Stores one draft in the caller's transaction: an exact duplicate (normalised) of an active
 * memory of the scope is skipped; a draft with the key of an active memory supersedes it; a near
 * duplicate of the same type (pg_trgm similarity over NEAR_DUPLICATE_SIMILARITY) is skipped;
 * otherwise it is added. `eventId` names the event row so a retried write adds none.
 */
export async function storeDraft(
  tx: Executor,
  scope: MemoryScope,
  draft: MemoryDraft,
  ids: { memoryId: string; eventId: string; extractionId: string | null },
): Promise<StoreOutcome> {
  const normalized = normalizeMemoryText(draft.content);
  const exact = await findActive(tx, scope, eq(memories.normalized, normalized));
  if (exact) return { outcome: 'duplicate', memory: exact };
  const key = draft.key ? normalizeMemoryKey(draft.key) || null : null;
  const previous = key ? await findActive(tx, scope, eq(memories.key, key)) : undefined;
  if (!previous) {
    const near = await findActive(
      tx,
      scope,
      and(
        eq(memories.type, draft.type),
        sql`similarity(${memories.content}, ${draft.content}) >= ${NEAR_DUPLICATE_SIMILARITY}`,
      )!,
    );
    if (near) return { outcome: 'duplicate', memory: near };
  }
  const now = new Date();
  const [memory] = await tx
    .insert(memories)
    .values({
      id: ids.memoryId,
      tenantId: scope.tenantId,
      userId: scope.userId,
      agentId: scope.agentId,
      sessionScope: scope.sessionScope,
      type: draft.type,
      category: draft.category ?? null,
      key,
      content: draft.content,
      abstract: draft.abstract || clip(draft.content, MEMORY_ABSTRACT_MAX),
      normalized,
      priority: draft.priority,
      source: draft.source,
      validFrom: draft.validFrom ?? now,
      recordedAt: now,
      extractionId: ids.extractionId,
      status: 'active',
    })
    .returning();
  if (!memory) throw new Error('memory insert returned nothing');
  await indexTermsOf(tx, [memory]);
  let superseded: MemoryRow | undefined;
  if (previous) {
    [superseded] = await tx
      .update(memories)
      .set({ status: 'superseded', supersededAt: now, supersededBy: memory.id, validTo: now })
      .where(and(eq(memories.id, previous.id), ne(memories.status, 'deleted')))
      .returning();
    await unindexTerms(tx, previous.id);
  }
  await tx.insert(memoryEvents).values({
    id: ids.eventId,
    tenantId: scope.tenantId,
    memoryId: memory.id,
    extractionId: ids.extractionId,
    kind: previous ? 'supersede' : 'add',
    userId: scope.userId,
    agentId: scope.agentId,
    before: superseded ? memorySnapshot(previous!) : null,
    after: memorySnapshot(memory),
  });
  return previous
    ? { outcome: 'superseded', memory, previous: superseded ?? previous }
    : { outcome: 'added', memory };
}

/** Deterministic memory id for the n-th candidate of an extraction. */
export function extractedMemoryId(extractionId: string, index: number): string {
  return `mem_${createHash('sha256').update(`${extractionId}:${index}`).digest('hex').slice(0, 24)}`;
}

/** commit_memory: stored at once under the scope's lock; a duplicate answers the existing memory. */
export async function commitMemory(
  db: Database,
  scope: MemoryScope,
  draft: MemoryDraft,
): Promise<StoreOutcome> {
  return db.transaction(async (tx) => {
    await lockScope(tx, scope);
    const memoryId = `mem_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    return storeDraft(tx, scope, draft, { memoryId, eventId: `${memoryId}:commit`, extractionId: null });
  });
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
        userId: before.userId,
        agentId: before.agentId,
        before: memorySnapshot(before),
        after: after ? memorySnapshot(after) : null,
      })
      .onConflictDoNothing();
    return after ?? before;
  });
}
