/**
 * The episode indexer's activity (docs/memory.md#episodes): one call indexes the next messages of
 * the sessions that have some not yet indexed (db/memory/episodes.ts), a bounded batch, and
 * returns the added episode ids so the workflow embeds them through the memory embedding workflow.
 */
import type { Database } from '../db/client.js';
import { linkPendingAmendments } from '../db/memory/amendments.js';
import { indexSessionEpisodes, pendingEpisodeSessions } from '../db/memory/episodes.js';
import type { EpisodeIndexBatch } from '../workflows/contract.js';

/** Sessions looked at per call, and messages indexed per call at most. */
export const EPISODE_BATCH = { sessions: 20, messages: 500 } as const;

export function episodeActivities(deps: { db: Database; embeddings: boolean }) {
  const { db } = deps;
  return {
    async indexEpisodes(): Promise<EpisodeIndexBatch> {
      const pending = await pendingEpisodeSessions(db, EPISODE_BATCH.sessions);
      const batch: EpisodeIndexBatch = {
        sessions: 0,
        messages: 0,
        added: [],
        more: pending.length === EPISODE_BATCH.sessions,
        embed: deps.embeddings,
      };
      for (const session of pending) {
        const budget = EPISODE_BATCH.messages - batch.messages;
        if (budget <= 0) {
          batch.more = true;
          break;
        }
        const done = await indexSessionEpisodes(db, session, budget);
        if (!done.locked) continue;
        batch.sessions += 1;
        batch.messages += done.messages;
        batch.added.push(...done.added);
        if (done.more) batch.more = true;
      }
      // With nothing new to index: link the amendments of episodes indexed before links existed.
      if (batch.messages === 0) {
        const linked = await linkPendingAmendments(db, {
          sessions: EPISODE_BATCH.sessions,
          messages: EPISODE_BATCH.messages,
        });
        if (linked.sessions === EPISODE_BATCH.sessions) batch.more = true;
      }
      return batch;
    },
  };
}
