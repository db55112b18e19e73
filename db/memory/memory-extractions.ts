/**
 * Memory extractions (docs/memory.md#extraction): one row per (tenant, session, range, extractor version),
 * begun by the extraction workflow, completed in ONE transaction with the memories it stores
 * (so a retried or replayed activity never writes twice), or failed with its error.
 */

import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { MAX_CAUSE_CHARS } from '../../context/compaction-rules.js';
import { MEMORY_TYPES, type MemoryType, type RangeMessage } from '../../context/memory/types.js';
import { rejectedReasons, verifyCandidates } from '../../context/memory/verify.js';
import { storedDates } from '../../context/time/dates.js';
import type { Database } from '../client.js';
import { erasedUpTo, lockSessionErasure } from '../erasure.js';
import { countUpTo, decodeCursor, newestFirst, olderThan, pageOf } from '../pagination.js';
import { extractedMemoryId, lockScope, type MemoryScope } from './memories.js';
import {
  type ExtractionCounts,
  type ExtractionTrigger,
  extractionVerdict,
  type MemoryExtractionRow,
  memoryEvents,
  memoryExtractions,
} from './memory-schema.js';
import { storeDraft } from './memory-store.js';

export interface BeginExtractionInput {
  id: string;
  tenantId: string;
  sessionId: string;
  userId: string | null;
  agentId: string | null;
  fromSeq: number;
  toSeq: number;
  trigger: ExtractionTrigger;
  extractor: string;
  workflowId: string;
  replayOf?: string | null;
}

/** Creates the extraction row (or finds it: the id is deterministic). A replay resets a failed row to running. */
export async function beginExtraction(
  db: Database,
  input: BeginExtractionInput,
): Promise<MemoryExtractionRow> {
  const [row] = await db
    .insert(memoryExtractions)
    .values({ ...input, replayOf: input.replayOf ?? null, status: 'running' })
    .onConflictDoUpdate({
      target: memoryExtractions.id,
      // A failed extraction started again (replay) runs again; a finished one stays as it is.
      set: {
        status: sql`case when ${memoryExtractions.status} = 'failed' then 'running' else ${memoryExtractions.status} end`,
        error: sql`case when ${memoryExtractions.status} = 'failed' then null else ${memoryExtractions.error} end`,
        verdict: sql`case when ${memoryExtractions.status} = 'failed' then null else ${memoryExtractions.verdict} end`,
        cause: sql`case when ${memoryExtractions.status} = 'failed' then null else ${memoryExtractions.cause} end`,
      },
    })
    .returning();
  if (!row) throw new Error(`extraction ${input.id} was neither created nor found`);
  return row;
}

export interface CompleteExtractionInput {
  id: string;
  tenantId: string;
  /**
   * The scope of the memories, or the scope each candidate goes to by its type
   * (context/memory/scope-rules.ts; null: none admits it, the candidate is rejected).
   */
  scope: MemoryScope | ((type: MemoryType, said: SaidBy) => MemoryScope | null);
  sessionId: string;
  candidates: unknown[];
  range: RangeMessage[];
  tokens?: { input: number; output: number } | null;
}

/** Who said what a candidate quotes: its message's seq and speaker (the scope may depend on them). */
export interface SaidBy {
  seq: number;
  speaker?: string;
}

/** At most this many rejections are listed one by one in an extraction's counts. */
const REJECTIONS_LISTED = 100;

/** What an extraction of an erased range stores: nothing. */
const erasedCounts = (): ExtractionCounts => ({
  candidates: 0,
  added: 0,
  superseded: 0,
  duplicates: 0,
  rejected: 0,
  rejectedReasons: { erased: 1 },
});

/** A rejected candidate's type, when it names a known one. */
function typeOf(candidate: unknown): string | null {
  const type = (candidate as { type?: unknown } | null)?.type;
  return typeof type === 'string' && (MEMORY_TYPES as readonly string[]).includes(type) ? type : null;
}

/** The role of the range's message at `seq` (a memory's provenance: said by the user or not). */
function roleAt(range: readonly RangeMessage[], seq: number): { role?: string } {
  const role = range.find((m) => m.seq === seq)?.role;
  return role ? { role } : {};
}

/**
 * Verify and store, one transaction: candidates whose quote is not in the range are rejected
 * (counted by reason), duplicates skipped, same-key memories superseded, all as events. An
 * extraction that already succeeded answers its stored counts and writes nothing.
 */
export async function completeExtraction(
  db: Database,
  input: CompleteExtractionInput,
): Promise<ExtractionCounts> {
  return db.transaction(async (tx) => {
    // Ordered with an erasure of the session or a wipe of its user's memories: an erased or
    // wiped range is never extracted again.
    await lockSessionErasure(tx, input.tenantId, input.sessionId);
    const erased = await erasedUpTo(tx, input.tenantId, input.sessionId, 'memories');
    const [row] = await tx
      .select()
      .from(memoryExtractions)
      .where(and(eq(memoryExtractions.tenantId, input.tenantId), eq(memoryExtractions.id, input.id)))
      .for('update');
    if (erased > 0 && (!row || row.fromSeq <= erased)) {
      // A wiped range (the session and its extraction rows are still there): the extraction ends,
      // having written nothing, instead of staying `running` for ever.
      if (row && row.status !== 'succeeded') {
        await tx
          .update(memoryExtractions)
          .set({ status: 'succeeded', counts: erasedCounts(), error: null, finishedAt: new Date() })
          .where(and(eq(memoryExtractions.tenantId, input.tenantId), eq(memoryExtractions.id, input.id)));
      }
      return erasedCounts();
    }
    if (!row) throw new Error(`extraction ${input.id} does not exist`);
    if (row.status === 'succeeded' && row.counts) return row.counts;
    const { accepted, rejected } = verifyCandidates(input.candidates, input.range);
    // Every scope this extraction may write, locked in one order (two extractions never deadlock).
    const scopeOf = typeof input.scope === 'function' ? input.scope : () => input.scope as MemoryScope;
    const scopes = new Map<string, MemoryScope>();
    for (const { candidate, seq, speaker } of accepted) {
      const scope = scopeOf(candidate.type, { seq, ...(speaker !== undefined ? { speaker } : {}) });
      if (scope) scopes.set(JSON.stringify(scope), scope);
    }
    for (const key of [...scopes.keys()].sort()) await lockScope(tx, scopes.get(key)!);
    const counts: ExtractionCounts = {
      candidates: input.candidates.length,
      added: 0,
      superseded: 0,
      duplicates: 0,
      noops: 0,
      rejected: rejected.length,
      rejectedReasons: rejectedReasons(rejected),
    };
    const rejections: NonNullable<ExtractionCounts['rejections']> = rejected
      .slice(0, REJECTIONS_LISTED)
      .map(({ reason, candidate, index }) => ({
        index,
        type: typeOf(candidate),
        reason,
      }));
    let index = 0;
    for (const verified of accepted) {
      const { candidate } = verified;
      const memoryId = extractedMemoryId(input.id, index);
      const said = {
        seq: verified.seq,
        ...(verified.speaker !== undefined ? { speaker: verified.speaker } : {}),
      };
      const scope = scopeOf(candidate.type, said);
      if (!scope) {
        index += 1;
        counts.rejected += 1;
        counts.rejectedReasons.no_scope = (counts.rejectedReasons.no_scope ?? 0) + 1;
        rejections.push({ index: verified.index, type: candidate.type, reason: 'no_scope' });
        continue;
      }
      // When it was said and the dates it names (context/time/dates.ts: the rule episodes follow).
      const at = input.range.find((m) => m.seq === verified.seq)?.at;
      const occurredAt = at !== undefined && Number.isFinite(at) ? new Date(at) : null;
      const dates = occurredAt ? storedDates([candidate.quote ?? '', candidate.content], occurredAt) : [];
      const outcome = await storeDraft(
        tx,
        scope,
        {
          occurredAt,
          dates,
          type: candidate.type,
          content: candidate.content,
          abstract: candidate.abstract,
          key: verified.key,
          category: candidate.category ?? null,
          priority: candidate.priority,
          validFrom: candidate.validFrom ? new Date(candidate.validFrom) : null,
          proposed: candidate.update ?? null,
          source: {
            sessionId: input.sessionId,
            fromSeq: verified.seq,
            toSeq: verified.through ?? verified.seq,
            quote: candidate.quote,
            ...roleAt(input.range, verified.seq),
            ...(verified.speaker !== undefined ? { speaker: verified.speaker } : {}),
          },
        },
        { memoryId, eventId: `${input.id}:${index}`, extractionId: input.id },
      );
      index += 1;
      if (outcome.outcome === 'added') counts.added += 1;
      else if (outcome.outcome === 'superseded') counts.superseded += 1;
      else if (outcome.outcome === 'noop') counts.noops = (counts.noops ?? 0) + 1;
      else counts.duplicates += 1;
    }
    if (rejections.length > 0) counts.rejections = rejections.slice(0, REJECTIONS_LISTED);
    await tx
      .update(memoryExtractions)
      .set({
        status: 'succeeded',
        verdict: extractionVerdict(counts),
        cause: null,
        counts,
        tokens: input.tokens ?? null,
        error: null,
        finishedAt: new Date(),
      })
      .where(eq(memoryExtractions.id, input.id));
    return counts;
  });
}

/** Marks an extraction failed with its error (never a silent empty success). */
export async function failExtraction(
  db: Database,
  input: { id: string; tenantId: string; error: string; tokens?: { input: number; output: number } | null },
): Promise<void> {
  await db
    .update(memoryExtractions)
    .set({
      status: 'failed',
      verdict: 'failed',
      error: input.error.slice(0, 2_000),
      cause: input.error.slice(0, MAX_CAUSE_CHARS),
      tokens: input.tokens ?? null,
      finishedAt: new Date(),
    })
    .where(
      and(
        eq(memoryExtractions.tenantId, input.tenantId),
        eq(memoryExtractions.id, input.id),
        sql`${memoryExtractions.status} <> 'succeeded'`,
      ),
    );
}

export function extractionSummaryOf(row: MemoryExtractionRow) {
  return {
    id: row.id,
    sessionId: row.sessionId,
    userId: row.userId,
    agentId: row.agentId,
    fromSeq: row.fromSeq,
    toSeq: row.toSeq,
    trigger: row.trigger,
    status: row.status,
    extractor: row.extractor,
    counts: row.counts,
    tokens: row.tokens,
    error: row.error,
    verdict: row.verdict,
    cause: row.cause,
    replayOf: row.replayOf,
    workflowId: row.workflowId,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function listExtractions(
  db: Database,
  query: { tenantId: string; sessionId?: string; status?: string; limit: number; cursor?: string },
) {
  const conditions: SQL[] = [eq(memoryExtractions.tenantId, query.tenantId)];
  if (query.sessionId) conditions.push(eq(memoryExtractions.sessionId, query.sessionId));
  if (query.status)
    conditions.push(eq(memoryExtractions.status, query.status as MemoryExtractionRow['status']));
  const filtered = and(...conditions);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (after) conditions.push(olderThan(memoryExtractions.startedAt, memoryExtractions.id, after));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(memoryExtractions)
      .where(and(...conditions))
      .orderBy(...newestFirst(memoryExtractions.startedAt, memoryExtractions.id))
      .limit(query.limit + 1),
    countUpTo(db, memoryExtractions, filtered),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({ at: row.startedAt, id: row.id }));
  return { items: page.map(extractionSummaryOf), nextCursor, ...total };
}

export async function getExtraction(db: Database, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(memoryExtractions)
    .where(and(eq(memoryExtractions.tenantId, tenantId), eq(memoryExtractions.id, id)));
  return row ?? null;
}

/** An extraction with its diff: the events it wrote, in order. */
export async function getExtractionWithDiff(db: Database, tenantId: string, id: string) {
  const row = await getExtraction(db, tenantId, id);
  if (!row) return null;
  const events = await db
    .select()
    .from(memoryEvents)
    .where(and(eq(memoryEvents.tenantId, tenantId), eq(memoryEvents.extractionId, id)))
    .orderBy(asc(memoryEvents.createdAt), asc(memoryEvents.id));
  return {
    ...extractionSummaryOf(row),
    diff: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      memoryId: e.memoryId,
      before: e.before,
      after: e.after,
      reason: e.reason,
    })),
  };
}

/** The session view's memory block: extraction totals and the latest extraction. */
export async function sessionMemoryStats(db: Database, tenantId: string, sessionId: string) {
  const where = and(eq(memoryExtractions.tenantId, tenantId), eq(memoryExtractions.sessionId, sessionId));
  const [totals] = await db
    .select({
      total: count(),
      failed: sql<number>`count(*) filter (where ${memoryExtractions.status} = 'failed')`.mapWith(Number),
    })
    .from(memoryExtractions)
    .where(where);
  const [last] = await db
    .select({ id: memoryExtractions.id })
    .from(memoryExtractions)
    .where(where)
    .orderBy(desc(memoryExtractions.startedAt), desc(memoryExtractions.id))
    .limit(1);
  return {
    extractions: { total: Number(totals?.total ?? 0), failed: totals?.failed ?? 0 },
    lastExtractionId: last?.id ?? null,
  };
}

/** The highest seq any extraction of the session covered (the idle trigger extracts after it). */
export async function lastExtractedSeq(db: Database, tenantId: string, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ toSeq: sql<number | null>`max(${memoryExtractions.toSeq})`.mapWith(Number) })
    .from(memoryExtractions)
    .where(and(eq(memoryExtractions.tenantId, tenantId), eq(memoryExtractions.sessionId, sessionId)));
  return row?.toSeq ?? 0;
}

/** The workflows of a session's extractions, oldest first (for the session's history). */
export async function extractionWorkflows(db: Database, tenantId: string, sessionId: string) {
  const rows = await db
    .select({ workflowId: memoryExtractions.workflowId })
    .from(memoryExtractions)
    .where(and(eq(memoryExtractions.tenantId, tenantId), eq(memoryExtractions.sessionId, sessionId)))
    .orderBy(asc(memoryExtractions.startedAt));
  return rows.map((row) => ({ workflowId: row.workflowId, runId: null }));
}
