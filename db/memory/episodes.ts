/**
 * The episode indexer's storage (docs/memory.md#episodes): which sessions have messages that are
 * not episodes yet, and indexing one session's next messages in one transaction — the episodes
 * (rows of `memories`, type `episode`), their recall-index terms, and the session's watermark
 * (`sessions.episodes_to_seq`). Idempotent (episode ids derive from tenant, session, seq and part;
 * inserts skip what exists; an episode that says it amends an earlier one is linked to it,
 * db/memory/amendments.ts) and crash-safe (the watermark moves in the same transaction as the
 * rows). The erasure lock and tombstone are honoured as extraction does (db/erasure.ts): an
 * indexer running beside an erasure either commits before it (and its episodes are erased) or
 * finds the messages gone and writes nothing. A turn never waits for it: the session's row is
 * only updated at the end, and the indexer locks sessions by advisory lock, skipping busy ones.
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { episodeId, episodesOf } from '../../context/memory/episodes.js';
import { clip, MEMORY_ABSTRACT_MAX, normalizeMemoryText } from '../../context/memory/policy.js';
import { storedScopeFor } from '../../context/memory/scope-rules.js';
import { EPISODE_TYPE } from '../../context/memory/types.js';
import type { Message } from '../../context/messages.js';
import type { Database } from '../client.js';
import { erasedUpTo, lockSessionErasure } from '../erasure.js';
import { messages, sessions } from '../schema.js';
import { linkAmendments } from './amendments.js';
import { indexTermsOf } from './memories.js';
import { memories } from './memory-schema.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface PendingSession {
  tenantId: string;
  sessionId: string;
}

/** Sessions with messages not yet indexed, least recently updated first (the partial index). */
export async function pendingEpisodeSessions(db: Database, limit: number): Promise<PendingSession[]> {
  return rowsOf<{ tenant_id: string; id: string }>(
    await db.execute(sql`select tenant_id, id from sessions where last_seq > episodes_to_seq
      order by updated_at limit ${limit}`),
  ).map((r) => ({ tenantId: r.tenant_id, sessionId: r.id }));
}

export interface IndexedSession {
  /** False when another indexer holds the session (skipped this time). */
  locked: boolean;
  messages: number;
  /** Episode rows added (a retried run adds none). */
  added: string[];
  /** The session's watermark afterwards. */
  toSeq: number;
  /** More messages wait beyond `toSeq`. */
  more: boolean;
}

/**
 * Indexes up to `maxMessages` of the session's messages after its watermark, in one transaction.
 * Episodes take the scope the session's personal memories take (context/memory/scope-rules.ts).
 */
export async function indexSessionEpisodes(
  db: Database,
  session: PendingSession,
  maxMessages: number,
): Promise<IndexedSession> {
  const { tenantId, sessionId } = session;
  return db.transaction(async (tx) => {
    const name = JSON.stringify(['episodes', tenantId, sessionId]);
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${name})) as ok`),
    );
    if (!lock?.ok) return { locked: false, messages: 0, added: [], toSeq: 0, more: true };
    await lockSessionErasure(tx, tenantId, sessionId);
    const [row] = await tx
      .select({
        lastSeq: sessions.lastSeq,
        episodesToSeq: sessions.episodesToSeq,
        userId: sessions.userId,
        agentId: sessions.agentId,
      })
      .from(sessions)
      .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)));
    if (!row) return { locked: true, messages: 0, added: [], toSeq: 0, more: false };
    // A memory wipe's tombstone too: episodes are memories (what was said before it stays out).
    const erased = await erasedUpTo(tx, tenantId, sessionId, 'memories');
    const after = Math.max(row.episodesToSeq, erased);
    const rows = await tx
      .select({ seq: messages.seq, body: messages.body, createdAt: messages.createdAt })
      .from(messages)
      .where(
        and(
          eq(messages.tenantId, tenantId),
          eq(messages.sessionId, sessionId),
          gt(messages.seq, after),
          lte(messages.seq, row.lastSeq),
        ),
      )
      .orderBy(asc(messages.seq))
      .limit(maxMessages);
    const more = rows.length === maxMessages && rows.at(-1)!.seq < row.lastSeq;
    const toSeq = more ? rows.at(-1)!.seq : row.lastSeq;
    const scope = storedScopeFor({ userId: row.userId, agentId: row.agentId, sessionId }, 'event')!;
    const values = rows.flatMap((message) =>
      episodesOf(message.body as Message, message.createdAt).map((episode) => ({
        id: episodeId(tenantId, sessionId, message.seq, episode.part),
        tenantId,
        userId: scope.userId,
        agentId: scope.agentId,
        sessionScope: scope.sessionScope,
        type: EPISODE_TYPE,
        category: null,
        key: null,
        subjectKey: null,
        content: episode.content,
        abstract: clip(episode.content, MEMORY_ABSTRACT_MAX),
        normalized: normalizeMemoryText(episode.content),
        priority: 3,
        source: {
          sessionId,
          fromSeq: message.seq,
          toSeq: message.seq,
          quote: '',
          role: episode.role,
          ...(episode.part > 0 ? { part: episode.part } : {}),
        },
        validFrom: episode.occurredAt,
        recordedAt: new Date(),
        status: 'active' as const,
        speaker: episode.speaker,
        occurredAt: episode.occurredAt,
        dates: episode.dates.length > 0 ? episode.dates : null,
      })),
    );
    const added: string[] = [];
    // 25 parameters a row: stay far below PostgreSQL's 65,535 parameters per statement.
    for (let i = 0; i < values.length; i += 1_000) {
      const inserted = await tx
        .insert(memories)
        .values(values.slice(i, i + 1_000))
        .onConflictDoNothing()
        .returning();
      await indexTermsOf(tx, inserted);
      added.push(...inserted.map((m) => m.id));
    }
    // What says it amends something said before is linked to it (db/memory/amendments.ts).
    await linkAmendments(
      tx,
      tenantId,
      { userId: scope.userId, sessionScope: scope.sessionScope },
      sessionId,
      values.map((v) => ({
        id: v.id,
        seq: v.source.fromSeq,
        role: v.source.role,
        content: v.content,
        occurredAt: v.occurredAt,
      })),
    );
    await tx
      .update(sessions)
      .set({
        episodesToSeq: sql`greatest(${sessions.episodesToSeq}, ${toSeq})`,
        // Linked up to here too, unless earlier episodes still wait for their links (linkPendingAmendments).
        amendmentsToSeq: sql`case when ${sessions.amendmentsToSeq} >= ${row.episodesToSeq} then greatest(${sessions.amendmentsToSeq}, ${toSeq}) else ${sessions.amendmentsToSeq} end`,
      })
      .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)));
    return { locked: true, messages: rows.length, added, toSeq, more };
  });
}
