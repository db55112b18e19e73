/** Reading compactions for operators: lists with cursors, and one compaction in full. */

import { and, asc, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { CompactionStatus } from '../context/compaction-rules.js';
import { hasUnstorable } from '../context/storable.js';
import type { Database } from './client.js';
import {
  type CompactionRow,
  compactionChunks,
  compactionFiles,
  compactions,
  summaries,
  toolFailures,
} from './schema.js';

/** An opaque cursor: the (startedAt, id) of the last item of the previous page. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: string } | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    // A time PostgreSQL cannot hold (before year 1 or after 9999 here), or an id it cannot store,
    // is not a cursor this API issued: null (a 400), never a database error (issue 19 item 9).
    const year = date.getUTCFullYear();
    if (typeof id !== 'string' || Number.isNaN(date.getTime()) || year < 1 || year > 9999) return null;
    if (id.length > 1_000 || hasUnstorable(id)) return null;
    return { at: date, id };
  } catch {
    return null;
  }
}

export interface CompactionListQuery {
  tenantId: string;
  status?: CompactionStatus;
  sessionId?: string;
  limit: number;
  after?: { at: Date; id: string };
}

export function compactionSummaryOf(row: CompactionRow) {
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
  if (query.after) {
    conditions.push(
      or(
        lt(compactions.startedAt, query.after.at),
        and(eq(compactions.startedAt, query.after.at), lt(compactions.id, query.after.id)),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(compactions)
    .where(and(...conditions))
    .orderBy(desc(compactions.startedAt), desc(compactions.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(compactionSummaryOf),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.startedAt, last.id) : null,
  };
}

export async function getCompactionRow(db: Database, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(compactions)
    .where(and(eq(compactions.tenantId, tenantId), eq(compactions.id, id)));
  return row;
}

/** One compaction with its summary, TODOs, files, tool failures and chunks (CONTRACT.md §2). */
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
    ...compactionSummaryOf(row),
    summary: summary?.text ?? null,
    summaryTokens: summary?.tokens ?? null,
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
