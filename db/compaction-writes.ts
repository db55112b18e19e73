/**
 * The compaction activities' reads and writes (activities/compaction/ calls these and builds
 * no query): the compaction row, its chunks, the summary in force, and persisting a finished
 * compaction — summary, files, tool failures, TODOs and the final status — in one transaction.
 * Every write is idempotent on the compaction id (and chunk index): a retried activity finds its
 * earlier work instead of writing twice. Operators' reads live in db/compactions.ts.
 */

import { and, asc, eq, inArray } from 'drizzle-orm';
import { type CompactionVerdict, MAX_CAUSE_CHARS } from '../context/compaction-rules.js';
import type { Todo, WorkingMemory } from '../context/index.js';
import { todoKey } from '../context/index.js';
import type { Database } from './client.js';
import { erasedUpTo, lockSessionErasure } from './erasure.js';
import {
  type ChunkRow,
  type CompactionRow,
  compactionChunks,
  compactionFiles,
  compactions,
  summaries,
  todos,
  toolFailures,
} from './schema.js';

export type SummaryRow = typeof summaries.$inferSelect;

/** The summary a compaction of the tenant produced, if any (never another tenant's). */
export async function readSummary(
  db: Database,
  tenantId: string,
  compactionId: string,
): Promise<SummaryRow | undefined> {
  const [row] = await db
    .select()
    .from(summaries)
    .where(and(eq(summaries.tenantId, tenantId), eq(summaries.compactionId, compactionId)));
  return row;
}

export async function compactionRow(
  db: Database,
  tenantId: string,
  compactionId: string,
): Promise<CompactionRow | undefined> {
  const [row] = await db
    .select()
    .from(compactions)
    .where(and(eq(compactions.tenantId, tenantId), eq(compactions.id, compactionId)));
  return row;
}

/** The tenant of a compaction (for activity calls scheduled before their input named it). */
export async function compactionTenant(db: Database, compactionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ tenantId: compactions.tenantId })
    .from(compactions)
    .where(eq(compactions.id, compactionId));
  return row?.tenantId;
}

/** Creates the compaction's row once (a retried plan finds it). */
export async function createCompaction(db: Database, row: typeof compactions.$inferInsert): Promise<void> {
  await db.insert(compactions).values(row).onConflictDoNothing();
}

/** A compaction's chunks, in order (chunk rows carry no tenant: read through their compaction's). */
export async function chunksOf(db: Database, tenantId: string, compactionId: string): Promise<ChunkRow[]> {
  return db
    .select()
    .from(compactionChunks)
    .where(
      and(
        eq(compactionChunks.compactionId, compactionId),
        inArray(
          compactionChunks.compactionId,
          db
            .select({ id: compactions.id })
            .from(compactions)
            .where(and(eq(compactions.tenantId, tenantId), eq(compactions.id, compactionId))),
        ),
      ),
    )
    .orderBy(asc(compactionChunks.index));
}

export async function planChunks(
  db: Database,
  compactionId: string,
  chunks: ReadonlyArray<{ index: number; fromSeq: number; toSeq: number; tokens: number }>,
): Promise<void> {
  await db
    .insert(compactionChunks)
    .values(chunks.map((c) => ({ compactionId, ...c, status: 'pending' })))
    .onConflictDoNothing();
}

const chunkKey = (compactionId: string, index: number) =>
  and(eq(compactionChunks.compactionId, compactionId), eq(compactionChunks.index, index));

export async function chunkOf(
  db: Database,
  compactionId: string,
  index: number,
): Promise<ChunkRow | undefined> {
  const [chunk] = await db.select().from(compactionChunks).where(chunkKey(compactionId, index));
  return chunk;
}

/** Records a chunk's progress: an attempt starting, a summary written, an attempt failing. */
export async function updateChunk(
  db: Database,
  compactionId: string,
  index: number,
  set: Partial<Pick<ChunkRow, 'attempts' | 'status' | 'level' | 'summary' | 'error'>>,
): Promise<void> {
  await db
    .update(compactionChunks)
    .set({ ...set, updatedAt: new Date() })
    .where(chunkKey(compactionId, index));
}

export async function setMergedBody(db: Database, compactionId: string, body: string): Promise<void> {
  await db.update(compactions).set({ mergedBody: body }).where(eq(compactions.id, compactionId));
}

/** The session's TODOs as the last compaction left them. */
export async function sessionTodos(db: Database, tenantId: string, sessionId: string): Promise<Todo[]> {
  const rows = await db
    .select()
    .from(todos)
    .where(and(eq(todos.tenantId, tenantId), eq(todos.sessionId, sessionId)));
  return rows.map((t) => ({ text: t.text, status: t.status as Todo['status'] }));
}

/** Marks a compaction failed with what it measured (e.g. a summary that did not reduce tokens). */
export async function failCompactionRow(
  db: Database,
  compactionId: string,
  failure: {
    error: string;
    tokensBefore?: number;
    tokensAfter?: number;
    onlyIfRunning?: boolean;
    /** `failed` unless said otherwise (`no_progress`: the summary was not smaller). */
    verdict?: CompactionVerdict;
  },
): Promise<void> {
  await db
    .update(compactions)
    .set({
      status: 'failed',
      error: failure.error,
      verdict: failure.verdict ?? 'failed',
      cause: failure.error.slice(0, MAX_CAUSE_CHARS),
      ...(failure.tokensBefore !== undefined ? { tokensBefore: failure.tokensBefore } : {}),
      ...(failure.tokensAfter !== undefined ? { tokensAfter: failure.tokensAfter } : {}),
      finishedAt: new Date(),
    })
    .where(
      failure.onlyIfRunning
        ? and(eq(compactions.id, compactionId), inArray(compactions.status, ['running']))
        : eq(compactions.id, compactionId),
    );
}

export interface CompactionResultRows {
  compactionId: string;
  tenantId: string;
  sessionId: string;
  status: 'succeeded' | 'degraded';
  verdict: CompactionVerdict;
  /** The provider's error behind a degraded compaction, once (not per chunk). */
  cause: string | null;
  summary: { text: string; tokens: number; workingMemory: WorkingMemory };
  tokensBefore: number;
  files: { read: readonly string[]; modified: readonly string[]; referenced: readonly string[] };
  failures: ReadonlyArray<{ toolCallId: string; toolName: string; meta?: string | null; summary: string }>;
  todos: readonly Todo[];
}

/**
 * A finished compaction, in one transaction: the summary row (at most one per compaction), files,
 * tool failures and TODOs (status kept across compactions), then the compaction's final status.
 */
export async function persistCompactionResult(db: Database, result: CompactionResultRows): Promise<void> {
  const { compactionId } = result;
  await db.transaction(async (tx) => {
    // Ordered with an erasure of the session: an erased range gets no summary again.
    await lockSessionErasure(tx, result.tenantId, result.sessionId);
    const [row] = await tx
      .select({ fromSeq: compactions.fromSeq })
      .from(compactions)
      .where(and(eq(compactions.tenantId, result.tenantId), eq(compactions.id, compactionId)));
    if (!row || row.fromSeq <= (await erasedUpTo(tx, result.tenantId, result.sessionId))) return;
    await tx
      .insert(summaries)
      .values({
        compactionId,
        tenantId: result.tenantId,
        sessionId: result.sessionId,
        text: result.summary.text,
        tokens: result.summary.tokens,
        workingMemory: result.summary.workingMemory,
      })
      .onConflictDoNothing();
    const fileRows = [
      ...result.files.read.map((path, position) => ({ kind: 'read', path, position })),
      ...result.files.modified.map((path, position) => ({ kind: 'modified', path, position })),
      ...result.files.referenced.map((path, position) => ({ kind: 'referenced', path, position })),
    ];
    if (fileRows.length > 0) {
      await tx
        .insert(compactionFiles)
        .values(fileRows.map((f) => ({ compactionId, ...f })))
        .onConflictDoNothing();
    }
    if (result.failures.length > 0) {
      await tx
        .insert(toolFailures)
        .values(
          result.failures.map((f) => ({
            compactionId,
            toolCallId: f.toolCallId,
            toolName: f.toolName,
            meta: f.meta ?? null,
            summary: f.summary,
          })),
        )
        .onConflictDoNothing();
    }
    for (const todo of result.todos) {
      await tx
        .insert(todos)
        .values({
          tenantId: result.tenantId,
          sessionId: result.sessionId,
          key: todoKey(todo.text),
          text: todo.text,
          status: todo.status,
          firstCompactionId: compactionId,
          lastCompactionId: compactionId,
        })
        .onConflictDoUpdate({
          target: [todos.tenantId, todos.sessionId, todos.key],
          set: { status: todo.status, lastCompactionId: compactionId, updatedAt: new Date() },
        });
    }
    await tx
      .update(compactions)
      .set({
        status: result.status,
        tokensBefore: result.tokensBefore,
        tokensAfter: result.summary.tokens,
        todos: [...result.todos],
        finishedAt: new Date(),
        error: null,
        verdict: result.verdict,
        cause: result.cause,
      })
      .where(eq(compactions.id, compactionId));
  });
}
