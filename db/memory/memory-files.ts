/**
 * Keyed memories: Anthropic's memory tool's files (docs/anthropic-memory-tool.md) and a LangGraph
 * store's items (docs/langgraph.md). One command or batch runs in one transaction under the
 * scope's lock, taken without holding a pooled connection while waiting for it
 * (db/memory/scope-lock.ts) — read the scope's files, decide (context/memory/memory-files.ts),
 * write. An edit or a rename stores a new memory that
 * supersedes the old one (the history keeps every version, as PATCH does); a delete marks the
 * memory deleted. Every change is a memory event.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  applyMemoryCommand,
  MEMORY_FILE_CATEGORY,
  MEMORY_FILE_TYPE,
  MEMORY_FILES_MAX,
  type MemoryCommand,
  type MemoryCommandResult,
} from '../../context/memory/memory-files.js';
import { clip, MEMORY_ABSTRACT_MAX, normalizeMemoryText } from '../../context/memory/policy.js';
import {
  itemKeyOf,
  itemOfKey,
  STORE_ITEM_CATEGORY,
  STORE_ITEM_TYPE,
  STORE_ITEMS_MAX,
  type StoreOp,
  startsWith,
} from '../../context/memory/store-items.js';
import type { MemoryType } from '../../context/memory/types.js';
import type { Database } from '../client.js';
import {
  type Executor,
  indexTermsOf,
  type MemoryScope,
  memorySnapshot,
  scopeCondition,
  supersedeMemory,
  unindexTerms,
} from './memories.js';
import { currentCondition, type MemoryRow, memories, memoryEvents, newMemoryId } from './memory-schema.js';
import { withScopeLock } from './scope-lock.js';

/** The scope's current memories of one keyed kind (memory-tool files, store items), key → row. */
export async function keyedMemories(
  tx: Executor,
  scope: MemoryScope,
  category: string,
  max: number,
): Promise<Map<string, MemoryRow>> {
  const rows = await tx
    .select()
    .from(memories)
    .where(and(scopeCondition(scope), currentCondition(), eq(memories.category, category)))
    .orderBy(memories.validFrom, memories.id)
    .limit(max + 1);
  return new Map(rows.filter((row) => row.key !== null).map((row) => [row.key!, row]));
}

export interface KeyedWrite {
  key: string;
  content: string;
  /** The row this write supersedes (an edit, a rename's source). */
  replaces?: MemoryRow | undefined;
}

export interface KeyedKind {
  category: string;
  type: MemoryType;
  /** Says what wrote it, in the events' reasons ("memory tool create"). */
  reason: string;
  sessionId: string | null;
}

/**
 * Writes and deletes keyed memories in the caller's transaction: a write is a new memory (an
 * edit supersedes the old row, keeping its `validFrom`: when the item was created), a delete
 * marks the row deleted; each is one memory event. Returns the ids written.
 */
export async function writeKeyed(
  tx: Executor,
  scope: MemoryScope,
  kind: KeyedKind,
  writes: readonly KeyedWrite[],
  deletes: readonly MemoryRow[],
): Promise<string[]> {
  const written: string[] = [];
  const now = new Date();
  for (const write of writes) {
    const previous = write.replaces;
    const id = newMemoryId();
    const [memory] = await tx
      .insert(memories)
      .values({
        id,
        tenantId: scope.tenantId,
        userId: scope.userId,
        agentId: scope.agentId,
        sessionScope: scope.sessionScope,
        type: kind.type,
        category: kind.category,
        key: write.key,
        subjectKey: null,
        content: write.content,
        abstract: clip(`${write.key}: ${write.content}`, MEMORY_ABSTRACT_MAX),
        normalized: normalizeMemoryText(write.content),
        priority: 3,
        source: { kind: 'commit_memory', ...(kind.sessionId ? { sessionId: kind.sessionId } : {}) },
        validFrom: previous?.key === write.key ? (previous.validFrom ?? now) : now,
        recordedAt: now,
        extractionId: null,
        status: 'active',
      })
      .returning();
    if (!memory) throw new Error('memory insert returned nothing');
    await indexTermsOf(tx, [memory]);
    let superseded: MemoryRow | undefined;
    if (previous) {
      superseded = await supersedeMemory(tx, previous.id, memory.id, now);
    }
    await tx.insert(memoryEvents).values({
      id: `${id}:keyed`,
      tenantId: scope.tenantId,
      memoryId: memory.id,
      extractionId: null,
      kind: previous ? 'supersede' : 'add',
      userId: scope.userId,
      agentId: scope.agentId,
      before: superseded ? memorySnapshot(previous!) : null,
      after: memorySnapshot(memory),
      reason: `${kind.reason} ${write.key}`,
    });
    written.push(memory.id);
  }
  if (deletes.length > 0) {
    const after = await tx
      .update(memories)
      .set({ status: 'deleted', validTo: now })
      .where(
        inArray(
          memories.id,
          deletes.map((row) => row.id),
        ),
      )
      .returning();
    for (const row of deletes) {
      await unindexTerms(tx, row.id);
      const deleted = after.find((a) => a.id === row.id);
      await tx
        .insert(memoryEvents)
        .values({
          id: `${row.id}:delete`,
          tenantId: scope.tenantId,
          memoryId: row.id,
          extractionId: null,
          kind: 'delete',
          reason: `${kind.reason} delete ${row.key}`,
          userId: row.userId,
          agentId: row.agentId,
          before: memorySnapshot(row),
          after: deleted ? memorySnapshot(deleted) : null,
        })
        .onConflictDoNothing();
    }
  }
  return written;
}

export interface MemoryFileOutcome extends Pick<MemoryCommandResult, 'text' | 'isError'> {
  /** Memories written (new files, edits, renames): their embeddings are due. */
  written: string[];
}

/** Runs one memory-tool command in `scope`; `sessionId` is recorded as the writes' source. */
export async function runMemoryCommand(
  db: Database,
  scope: MemoryScope,
  command: MemoryCommand,
  sessionId: string | null,
): Promise<MemoryFileOutcome> {
  // The scope's lock without holding a pooled connection while waiting for it (db/memory/scope-lock.ts).
  return withScopeLock(db, scope, async (tx) => {
    const rows = await keyedMemories(tx, scope, MEMORY_FILE_CATEGORY, MEMORY_FILES_MAX);
    const files = new Map([...rows].map(([path, row]) => [path, row.content]));
    const result = applyMemoryCommand(files, command);
    const written = await writeKeyed(
      tx,
      scope,
      {
        category: MEMORY_FILE_CATEGORY,
        type: MEMORY_FILE_TYPE,
        reason: `memory tool ${command.command}`,
        sessionId,
      },
      result.writes.map((w) => ({
        key: w.path,
        content: w.content,
        replaces: w.replaces ? rows.get(w.replaces) : undefined,
      })),
      result.deletes.flatMap((path) => rows.get(path) ?? []),
    );
    return { text: result.text, isError: result.isError, written };
  });
}

/** A store item as the store route answers it. */
export interface StoreItem {
  namespace: string[];
  key: string;
  value: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  score?: number;
}

function itemOf(row: MemoryRow): StoreItem | null {
  const at = row.key ? itemOfKey(row.key) : null;
  if (!at) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(row.content) as Record<string, unknown>;
  } catch {
    return null;
  }
  return {
    ...at,
    value,
    createdAt: (row.validFrom ?? row.recordedAt).toISOString(),
    updatedAt: row.recordedAt.toISOString(),
  };
}

export type StoreResult =
  | { item: StoreItem | null }
  | { items: StoreItem[] }
  | { namespaces: string[][] }
  | { ok: true };

/**
 * One batch of store operations in `scope`, in one transaction under the scope's lock. As in
 * LangGraph's own stores, every read of the batch sees the scope as it was before the batch, and
 * its puts apply after, the last put of a key winning. `rank` orders a search's items by a query.
 */
export async function runStoreBatch(
  db: Database,
  scope: MemoryScope,
  ops: readonly StoreOp[],
  sessionId: string | null,
  rank: (query: string) => Promise<Map<string, number>>,
): Promise<{ results: StoreResult[]; written: string[] }> {
  // The searches are ranked before the lock is taken: ranking reads through other connections
  // (and may embed the query), which a transaction holding the scope's lock must not wait for.
  const queries = new Set(ops.flatMap((op) => (op.op === 'search' && op.query ? [op.query] : [])));
  const ranks = new Map<string, Map<string, number>>();
  for (const query of queries) ranks.set(query, await rank(query));
  return withScopeLock(db, scope, async (tx) => {
    const rows = await keyedMemories(tx, scope, STORE_ITEM_CATEGORY, STORE_ITEMS_MAX);
    const items = [...rows.values()].flatMap((row) => {
      const item = itemOf(row);
      return item ? [{ row, item }] : [];
    });
    const results: StoreResult[] = [];
    const puts = new Map<string, Extract<StoreOp, { op: 'put' }>>();
    for (const op of ops) {
      if (op.op === 'get') {
        const row = rows.get(itemKeyOf(op.namespace, op.key));
        results.push({ item: row ? itemOf(row) : null });
      } else if (op.op === 'put') {
        const key = itemKeyOf(op.namespace, op.key);
        puts.delete(key); // the last put of a key wins, in its own place
        puts.set(key, op);
        results.push({ ok: true });
      } else if (op.op === 'search') {
        const under = items.filter(({ item }) => startsWith(item.namespace, op.namespacePrefix));
        if (!op.query) {
          results.push({ items: under.map(({ item }) => item) });
          continue;
        }
        const scores = ranks.get(op.query)!;
        results.push({
          items: under
            .filter(({ row }) => scores.has(row.id))
            .map(({ row, item }) => ({ ...item, score: scores.get(row.id)! }))
            .sort((a, b) => b.score - a.score),
        });
      } else {
        const seen = new Map(items.map(({ item }) => [JSON.stringify(item.namespace), item.namespace]));
        results.push({ namespaces: [...seen.values()] });
      }
    }
    const fresh = [...puts].filter(([key, op]) => op.value !== null && !rows.has(key)).length;
    if (rows.size + fresh > STORE_ITEMS_MAX) {
      throw new StoreFullError(`the scope holds at most ${STORE_ITEMS_MAX} store items`);
    }
    const written = await writeKeyed(
      tx,
      scope,
      { category: STORE_ITEM_CATEGORY, type: STORE_ITEM_TYPE, reason: 'langgraph store put', sessionId },
      [...puts].flatMap(([key, op]) =>
        op.value === null ? [] : [{ key, content: JSON.stringify(op.value), replaces: rows.get(key) }],
      ),
      [...puts].flatMap(([key, op]) => (op.value === null ? (rows.get(key) ?? []) : [])),
    );
    return { results, written };
  });
}

export class StoreFullError extends Error {
  override name = 'StoreFullError';
}
