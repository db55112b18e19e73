/**
 * Amendment links (issue 30 item 7; docs/recall-and-updates.md#newest-wins). At index time
 * (`linkAmendments`, in the episode indexer's transaction): each new episode whose text says it
 * revises something said before (context/memory/revision.ts `revisionCue`) is linked to the
 * earlier episode it amends — the best match for its subject (its own text, and the next
 * messages of its session indexed with it) among the scope's episodes of earlier sessions, by the
 * recall index and recall's own score: an argmax over candidates, with a floor, never a threshold
 * on similarity alone. At recall (`amendmentLinksFor`): the links of the hits' sessions, by index
 * seek, followed along chains.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AmendmentLink } from '../../context/memory/fusion.js';
import { MAX_AMENDMENT_DEPTH } from '../../context/memory/fusion.js';
import { matchedTerms, queryOfTexts, scoreMemory } from '../../context/memory/recall.js';
import { revisionCue } from '../../context/memory/revision.js';
import { storedScopeFor } from '../../context/memory/scope-rules.js';
import { EPISODE_TYPE } from '../../context/memory/types.js';
import type { Database } from '../client.js';
import { lockSessionErasure } from '../erasure.js';
import type { Executor } from './memories.js';
import { searchTextOf } from './memories.js';
import { memoryAmendments } from './memory-amendment-schema.js';
import { recallCandidates } from './memory-recall.js';
import type { MemoryRow } from './memory-schema.js';

export const AMENDMENT_LINKING = {
  /** The cue's subject: its text and this many of its session's next messages. */
  followingMessages: 2,
  /** Candidates read from the recall index for the subject. */
  candidates: 100,
  /** Earlier sessions linked per cue: the best (argmax) of each, best sessions first. */
  sessions: 1,
  /** The link covers the amended episode's message and this many on each side of it (and the same around the amending one). */
  coverMessages: 4,
  /** A best match scoring below this (recall's score: one matched term of the newest text is 0.5) links nothing. */
  minScore: 0.6,
};

/** A just-indexed episode, as the linker reads it. */
export interface IndexedEpisode {
  id: string;
  seq: number;
  role: string;
  content: string;
  occurredAt: Date;
}

const sourceOf = (m: MemoryRow) =>
  'fromSeq' in m.source
    ? { sessionId: m.source.sessionId, seq: m.source.fromSeq, role: m.source.role }
    : null;

/**
 * Links the session's new episodes that amend to what they amend (see above). `episodes` are the
 * session's episodes indexed in this transaction, in seq order; `scope` is theirs. Returns the
 * number of links written.
 */
export async function linkAmendments(
  tx: Executor,
  tenantId: string,
  scope: { userId: string | null; sessionScope: string | null },
  sessionId: string,
  episodes: readonly IndexedEpisode[],
  settings: typeof AMENDMENT_LINKING = AMENDMENT_LINKING,
): Promise<number> {
  let written = 0;
  for (const cue of episodes) {
    if (cue.role === 'toolResult' || !revisionCue(cue.content)) continue;
    const following = episodes.filter(
      (e) => e.seq > cue.seq && e.seq <= cue.seq + settings.followingMessages && e.role !== 'toolResult',
    );
    // The cue's own text weighs most (the newest text of a recall query).
    const query = queryOfTexts([...following.map((e) => e.content), cue.content]);
    if (!query) continue;
    const candidates = await recallCandidates(
      tx,
      { tenantId, userId: scope.userId, agentId: null, sessionId: scope.sessionScope },
      query,
      settings.candidates,
    );
    const best = new Map<string, { memory: MemoryRow; score: number; seq: number }>();
    for (const { memory, trigram } of candidates) {
      const at = sourceOf(memory);
      if (
        memory.type !== EPISODE_TYPE ||
        at === null ||
        at.role === 'toolResult' ||
        at.sessionId === sessionId ||
        memory.userId !== scope.userId ||
        memory.sessionScope !== scope.sessionScope ||
        (memory.occurredAt ?? memory.recordedAt).getTime() >= cue.occurredAt.getTime()
      )
        continue;
      const score = scoreMemory(matchedTerms(query.terms, searchTextOf(memory)), trigram);
      const held = best.get(at.sessionId);
      if (!held || score > held.score || (score === held.score && memory.id < held.memory.id))
        best.set(at.sessionId, { memory, score, seq: at.seq });
    }
    const chosen = [...best.entries()]
      .filter(([, b]) => b.score >= settings.minScore)
      .sort(([, a], [, b]) => b.score - a.score || a.memory.id.localeCompare(b.memory.id))
      .slice(0, settings.sessions);
    for (const [amendedSessionId, b] of chosen) {
      const rows = await tx
        .insert(memoryAmendments)
        .values({
          amendingId: cue.id,
          amendedId: b.memory.id,
          tenantId,
          amendingSessionId: sessionId,
          amendingFromSeq: Math.max(1, cue.seq - settings.coverMessages),
          amendingToSeq: cue.seq + settings.coverMessages,
          amendedSessionId,
          amendedFromSeq: Math.max(1, b.seq - settings.coverMessages),
          amendedToSeq: b.seq + settings.coverMessages,
        })
        .onConflictDoNothing()
        .returning({ id: memoryAmendments.amendingId });
      written += rows.length;
    }
  }
  return written;
}

/**
 * The links amending the given sessions, and those amending the amending sessions (a chain), at
 * most MAX_AMENDMENT_DEPTH rounds: one index seek per round. The caller reads the amending
 * episodes in its own scope (a link is only ever written within one scope).
 */
export async function amendmentLinksFor(
  db: Executor,
  tenantId: string,
  sessionIds: readonly string[],
): Promise<AmendmentLink[]> {
  const links: AmendmentLink[] = [];
  const asked = new Set<string>();
  let pending = [...new Set(sessionIds)];
  for (let round = 0; round < MAX_AMENDMENT_DEPTH && pending.length > 0; round++) {
    for (const id of pending) asked.add(id);
    const rows = await db
      .select({
        amendingId: memoryAmendments.amendingId,
        amendingSessionId: memoryAmendments.amendingSessionId,
        amendingFromSeq: memoryAmendments.amendingFromSeq,
        amendingToSeq: memoryAmendments.amendingToSeq,
        amendedSessionId: memoryAmendments.amendedSessionId,
        amendedFromSeq: memoryAmendments.amendedFromSeq,
        amendedToSeq: memoryAmendments.amendedToSeq,
      })
      .from(memoryAmendments)
      .where(
        and(eq(memoryAmendments.tenantId, tenantId), inArray(memoryAmendments.amendedSessionId, pending)),
      );
    links.push(...rows);
    pending = [...new Set(rows.map((r) => r.amendingSessionId))].filter((id) => !asked.has(id));
  }
  return links;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Links the amendments of episodes indexed before links existed (sessions whose `amendments_to_seq`
 * is behind their `episodes_to_seq`, a partial index): up to `sessions` sessions, `messages` of
 * each, each in one transaction under the indexer's lock and the erasure lock (as indexing).
 * Idempotent. Returns the sessions advanced and the links written.
 */
export async function linkPendingAmendments(
  db: Database,
  limits: { sessions: number; messages: number } = { sessions: 20, messages: 500 },
): Promise<{ sessions: number; links: number }> {
  const pending = rowsOf<{ tenant_id: string; id: string }>(
    await db.execute(sql`select tenant_id, id from sessions where episodes_to_seq > amendments_to_seq
      order by updated_at limit ${limits.sessions}`),
  );
  let sessions = 0;
  let links = 0;
  for (const { tenant_id: tenantId, id: sessionId } of pending) {
    links += await db.transaction(async (tx) => {
      const name = JSON.stringify(['episodes', tenantId, sessionId]);
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${name})) as ok`),
      );
      if (!lock?.ok) return 0;
      await lockSessionErasure(tx, tenantId, sessionId);
      const [session] = rowsOf<{ from: number; to: number; user_id: string | null; agent_id: string | null }>(
        await tx.execute(sql`select amendments_to_seq as "from", episodes_to_seq as "to", user_id, agent_id
          from sessions where tenant_id = ${tenantId} and id = ${sessionId}`),
      );
      if (!session || session.to <= session.from) return 0;
      const episodes = rowsOf<{ id: string; seq: number; role: string; content: string; at: Date | string }>(
        await tx.execute(sql`select id, (source->>'fromSeq')::int as seq, source->>'role' as role, content,
            coalesce(occurred_at, recorded_at) as at
          from memories where tenant_id = ${tenantId} and source->>'sessionId' = ${sessionId}
            and type = 'episode' and (source->>'fromSeq')::int > ${session.from}
            and (source->>'fromSeq')::int <= ${session.to}
          order by (source->>'fromSeq')::int, id limit ${limits.messages}`),
      );
      const toSeq =
        episodes.length === limits.messages
          ? Math.max(session.from + 1, episodes.at(-1)!.seq - 1)
          : session.to;
      const scope = storedScopeFor(
        { userId: session.user_id, agentId: session.agent_id, sessionId },
        'event',
      )!;
      const written = await linkAmendments(
        tx,
        tenantId,
        { userId: scope.userId, sessionScope: scope.sessionScope },
        sessionId,
        episodes.filter((e) => e.seq <= toSeq).map((e) => ({ ...e, occurredAt: new Date(e.at) })),
      );
      await tx.execute(sql`update sessions set amendments_to_seq = greatest(amendments_to_seq, ${toSeq})
        where tenant_id = ${tenantId} and id = ${sessionId}`);
      sessions += 1;
      return written;
    });
  }
  return { sessions, links };
}
