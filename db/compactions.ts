/** Reading compactions for operators: lists with cursors, and one compaction in full. */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { CompactionStatus } from '../context/compaction-rules.js';
import { parseWorkingMemory } from '../context/working-memory/model.js';
import type { Database } from './client.js';
import { countUpTo, newestFirst, olderThan, pageOf } from './pagination.js';
import {
  type CompactionRow,
  compactionChunks,
  compactionFiles,
  compactions,
  summaries,
  toolFailures,
} from './schema.js';

export interface CompactionListQuery {
  tenantId: string;
  status?: CompactionStatus;
  sessionId?: string;
  limit: number;
  after?: { at: Date; id: string };
}

/** A compaction as a list shows it (GET /v1/compactions; GET /v1/compactions/{id} adds its chunks): dates as ISO text. */
export function compactionListItemOf(row: CompactionRow) {
  return {
    id: row.id,
    sessionId: row.sessionId,
    trigger: row.trigger,
    status: row.status,
    fromSeq: row.fromSeq,
    toSeq: row.toSeq,
    tokensBefore: row.tokensBefore,
    tokensAfter: row.tokensAfter,
    error: row.error,
    verdict: row.verdict,
    cause: row.cause,
    replayOf: row.replayOf,
    workflowId: row.workflowId,
    runId: row.runId,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function listCompactions(db: Database, query: CompactionListQuery) {
  const conditions: SQL[] = [eq(compactions.tenantId, query.tenantId)];
  if (query.status) conditions.push(eq(compactions.status, query.status));
  if (query.sessionId) conditions.push(eq(compactions.sessionId, query.sessionId));
  const filtered = and(...conditions);
  if (query.after) conditions.push(olderThan(compactions.startedAt, compactions.id, query.after));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(compactions)
      .where(and(...conditions))
      .orderBy(...newestFirst(compactions.startedAt, compactions.id))
      .limit(query.limit + 1),
    countUpTo(db, compactions, filtered),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({ at: row.startedAt, id: row.id }));
  return { items: page.map(compactionListItemOf), nextCursor, ...total };
}

export async function getCompactionRow(db: Database, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(compactions)
    .where(and(eq(compactions.tenantId, tenantId), eq(compactions.id, id)));
  return row;
}

/** One compaction with its summary, TODOs, files, tool failures and chunks (docs/api.md#routes). */
export async function getCompaction(db: Database, tenantId: string, id: string) {
  const row = await getCompactionRow(db, tenantId, id);
  if (!row) return undefined;
  const [summary] = await db.select().from(summaries).where(eq(summaries.compactionId, id));
  const fileRows = await db
    .select()
    .from(compactionFiles)
    .where(eq(compactionFiles.compactionId, id))
    .orderBy(asc(compactionFiles.position));
  const failures = await db.select().from(toolFailures).where(eq(toolFailures.compactionId, id));
  const chunks = await db
    .select()
    .from(compactionChunks)
    .where(eq(compactionChunks.compactionId, id))
    .orderBy(asc(compactionChunks.index));
  const filesOf = (kind: string) => fileRows.filter((f) => f.kind === kind).map((f) => f.path);
  return {
    ...compactionListItemOf(row),
    summary: summary?.text ?? null,
    summaryTokens: summary?.tokens ?? null,
    /** The cumulative working memory the summary renders (null before it existed). */
    workingMemory: parseWorkingMemory(summary?.workingMemory) ?? null,
    todos: (row.todos as Array<{ text: string; status: string }> | null) ?? [],
    files: { read: filesOf('read'), modified: filesOf('modified'), referenced: filesOf('referenced') },
    toolFailures: failures.map((f) => ({
      toolCallId: f.toolCallId,
      toolName: f.toolName,
      meta: f.meta,
      summary: f.summary,
    })),
    chunks: chunks.map((c) => ({
      index: c.index,
      fromSeq: c.fromSeq,
      toSeq: c.toSeq,
      tokens: c.tokens,
      level: c.level,
      attempts: c.attempts,
      status: c.status,
      error: c.error,
    })),
  };
}
