/**
 * A session's timeline for operators (GET /v1/sessions/{id}/timeline, the console's session page):
 * what PostgreSQL already records, merged oldest first — turns, compactions (with the threshold
 * that started them and their chunks' fallback levels), memory extractions, breaker transitions
 * and the tool results cut by overflow recovery. Each kind is read newest first up to `limit`, so
 * a long session shows its latest events; `truncated` says when older ones were left out.
 */

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type CompactionStatus,
  type CompactionTrigger,
  type CompactionVerdict,
  replayCanAct,
} from '../context/compaction-rules.js';
import type { Database } from './client.js';
import type { ExtractionVerdict } from './memory/memory-schema.js';
import { memoryExtractions } from './memory/memory-schema.js';
import { countUpTo, type ListTotal } from './pagination.js';
import { breakerEvents, compactionChunks, compactions, messageOverrides, turns } from './schema.js';

export type TimelineItem =
  | { kind: 'turn'; at: string; turnId: string; fromSeq: number; toSeq: number; tokens: number }
  | {
      kind: 'compaction';
      at: string;
      compactionId: string;
      trigger: CompactionTrigger;
      status: CompactionStatus;
      fromSeq: number;
      toSeq: number;
      tokensBefore: number | null;
      tokensAfter: number | null;
      /** Each chunk's fallback level (1 whole, 2 without oversized messages, 3 extractive; null: not reached). */
      chunkLevels: Array<number | null>;
      error: string | null;
      verdict: CompactionVerdict | null;
      cause: string | null;
      replayOf: string | null;
      finishedAt: string | null;
      /** A replay can act now (context/compaction-rules.ts replayCanAct): not when a newer summary covers the range. */
      replayable: boolean;
    }
  | {
      kind: 'extraction';
      at: string;
      extractionId: string;
      status: 'running' | 'succeeded' | 'failed';
      fromSeq: number;
      toSeq: number;
      added: number | null;
      superseded: number | null;
      error: string | null;
      verdict: ExtractionVerdict | null;
      cause: string | null;
    }
  | {
      kind: 'breaker';
      at: string;
      state: string;
      reason: string | null;
      consecutiveFailures: number;
      compactionId: string | null;
    }
  | { kind: 'truncation'; at: string; seq: number; tokens: number; reason: string };

/** How many entries of each kind the session has (counted up to LIST_TOTAL_CAP), shown or not. */
export interface TimelineTotals {
  turns: ListTotal;
  compactions: ListTotal;
  extractions: ListTotal;
  breaker: ListTotal;
  truncations: ListTotal;
}

/** The kinds whose newest `limit` rows are read; more rows than that in any kind sets `truncated`. */
export async function sessionTimeline(
  db: Database,
  tenantId: string,
  sessionId: string,
  limit: number,
  session: { boundarySeq: number; summary: { compactionId: string } | null },
): Promise<{ items: TimelineItem[]; truncated: boolean; totals: TimelineTotals }> {
  const take = limit + 1;
  const of = {
    turns: and(eq(turns.tenantId, tenantId), eq(turns.sessionId, sessionId)),
    compactions: and(eq(compactions.tenantId, tenantId), eq(compactions.sessionId, sessionId)),
    extractions: and(eq(memoryExtractions.tenantId, tenantId), eq(memoryExtractions.sessionId, sessionId)),
    breaker: and(eq(breakerEvents.tenantId, tenantId), eq(breakerEvents.sessionId, sessionId)),
    truncations: and(eq(messageOverrides.tenantId, tenantId), eq(messageOverrides.sessionId, sessionId)),
  };
  const totalsRead = Promise.all([
    countUpTo(db, turns, of.turns),
    countUpTo(db, compactions, of.compactions),
    countUpTo(db, memoryExtractions, of.extractions),
    countUpTo(db, breakerEvents, of.breaker),
    countUpTo(db, messageOverrides, of.truncations),
  ]);
  const [turnRows, compactionRows, extractionRows, breakerRows, overrideRows] = await Promise.all([
    db
      .select()
      .from(turns)
      .where(and(eq(turns.tenantId, tenantId), eq(turns.sessionId, sessionId)))
      .orderBy(desc(turns.fromSeq))
      .limit(take),
    db
      .select()
      .from(compactions)
      .where(and(eq(compactions.tenantId, tenantId), eq(compactions.sessionId, sessionId)))
      .orderBy(desc(compactions.startedAt))
      .limit(take),
    db
      .select()
      .from(memoryExtractions)
      .where(and(eq(memoryExtractions.tenantId, tenantId), eq(memoryExtractions.sessionId, sessionId)))
      .orderBy(desc(memoryExtractions.startedAt))
      .limit(take),
    db
      .select()
      .from(breakerEvents)
      .where(and(eq(breakerEvents.tenantId, tenantId), eq(breakerEvents.sessionId, sessionId)))
      .orderBy(desc(breakerEvents.createdAt))
      .limit(take),
    db
      .select()
      .from(messageOverrides)
      .where(and(eq(messageOverrides.tenantId, tenantId), eq(messageOverrides.sessionId, sessionId)))
      .orderBy(desc(messageOverrides.createdAt))
      .limit(take),
  ]);
  const truncated = [turnRows, compactionRows, extractionRows, breakerRows, overrideRows].some(
    (rows) => rows.length > limit,
  );
  const ids = compactionRows.slice(0, limit).map((c) => c.id);
  const chunks =
    ids.length === 0
      ? []
      : await db
          .select({ compactionId: compactionChunks.compactionId, level: compactionChunks.level })
          .from(compactionChunks)
          .where(inArray(compactionChunks.compactionId, ids))
          .orderBy(compactionChunks.compactionId, sql`${compactionChunks.index}`);
  const levels = new Map<string, Array<number | null>>();
  for (const chunk of chunks) {
    const list = levels.get(chunk.compactionId) ?? [];
    list.push(chunk.level);
    levels.set(chunk.compactionId, list);
  }

  const items: TimelineItem[] = [
    ...turnRows.slice(0, limit).map(
      (t): TimelineItem => ({
        kind: 'turn',
        at: t.createdAt.toISOString(),
        turnId: t.turnId,
        fromSeq: t.fromSeq,
        toSeq: t.toSeq,
        tokens: t.tokens,
      }),
    ),
    ...compactionRows.slice(0, limit).map(
      (c): TimelineItem => ({
        kind: 'compaction',
        at: c.startedAt.toISOString(),
        compactionId: c.id,
        trigger: c.trigger,
        status: c.status,
        fromSeq: c.fromSeq,
        toSeq: c.toSeq,
        tokensBefore: c.tokensBefore,
        tokensAfter: c.tokensAfter,
        chunkLevels: levels.get(c.id) ?? [],
        error: c.error,
        verdict: c.verdict,
        cause: c.cause,
        replayOf: c.replayOf,
        finishedAt: c.finishedAt?.toISOString() ?? null,
        replayable: replayCanAct(c, session),
      }),
    ),
    ...extractionRows.slice(0, limit).map(
      (e): TimelineItem => ({
        kind: 'extraction',
        at: e.startedAt.toISOString(),
        extractionId: e.id,
        status: e.status,
        fromSeq: e.fromSeq,
        toSeq: e.toSeq,
        added: e.counts?.added ?? null,
        superseded: e.counts?.superseded ?? null,
        error: e.error,
        verdict: e.verdict,
        cause: e.cause,
      }),
    ),
    ...breakerRows.slice(0, limit).map(
      (b): TimelineItem => ({
        kind: 'breaker',
        at: b.createdAt.toISOString(),
        state: b.state,
        reason: b.reason,
        consecutiveFailures: b.consecutiveFailures,
        compactionId: b.compactionId,
      }),
    ),
    ...overrideRows.slice(0, limit).map(
      (o): TimelineItem => ({
        kind: 'truncation',
        at: o.createdAt.toISOString(),
        seq: o.seq,
        tokens: o.tokens,
        reason: o.reason,
      }),
    ),
  ];
  items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const [turnTotal, compactionTotal, extractionTotal, breakerTotal, truncationTotal] = await totalsRead;
  return {
    items,
    truncated,
    totals: {
      turns: turnTotal,
      compactions: compactionTotal,
      extractions: extractionTotal,
      breaker: breakerTotal,
      truncations: truncationTotal,
    },
  };
}
