/** Compactions someone waits for: manual, overflow and an operator's replay. */

import { beginCompactionAttempt } from '../breaker.js';
import { breakerCommands, llmCompactionAllowed, offlineCompactionAllowed } from './breaker.js';
import { chooseCut } from './cut.js';
import { effectiveKeepRecentTokens } from './derived.js';
import { compactionIdFor } from './ids.js';
import { markRange, startCommand } from './range.js';
import type { SessionCommand, SessionState, UploadState } from './state.js';

export type CompactionRangePlan =
  | { type: 'started'; compactionId: string; state: SessionState; commands: SessionCommand[] }
  /** A compaction is running: wait for its result (then plan again if still needed). */
  | { type: 'busy'; compactionId: string }
  | { type: 'nothing'; reason: 'empty' | 'breaker-open' };

/**
 * A compaction someone waits for: `manual` (`/compact`; `keepRecentTokens: 0` is `/new`, which
 * compacts everything), `overflow` (recovery step 3) or `replay` (an operator's new attempt over a
 * failed range, ending no later than `maxToSeq`). Manual and replay bypass the breaker — a person
 * asked — and their success closes it; overflow compactions respect it. The workflow awaits the
 * compaction and applies its result with applyCompactionFinished, which cleans up at once.
 */
export function planCompactionRange(
  state: SessionState,
  options: {
    trigger: 'manual' | 'overflow' | 'replay';
    keepRecentTokens?: number;
    maxToSeq?: number;
    now?: number;
    /**
     * Overflow only: when keeping the recent tokens leaves nothing to compact, compact the recent
     * turns too. The prompt that overflowed is not in the transcript yet (the agent posts a turn
     * once it is answered), so every stored turn is history; summarising them beats `give_up`,
     * which leaves the user only `/reset`. (A workflow option so histories from before replay.)
     */
    keepNothingWhenEmpty?: boolean;
  },
): CompactionRangePlan {
  if (state.upload?.status === 'running') return { type: 'busy', compactionId: state.upload.compactionId };
  const gated = options.trigger === 'overflow';
  // The breaker stops the LLM: an overflow compaction of a session that falls back goes offline.
  const offline = gated && !llmCompactionAllowed(state, options.now);
  if (offline && state.offlineFallback !== true) return { type: 'nothing', reason: 'breaker-open' };
  const keep = options.keepRecentTokens ?? effectiveKeepRecentTokens(state);
  const bounds = options.maxToSeq === undefined ? {} : { maxToSeq: options.maxToSeq };
  const cut =
    chooseCut(state.live, keep, bounds) ??
    (gated && options.keepNothingWhenEmpty && keep > 0 ? chooseCut(state.live, 0, bounds) : null);
  if (!cut) return { type: 'nothing', reason: 'empty' };
  if (offline && !offlineCompactionAllowed(state, cut.fromSeq, cut.toSeq)) {
    return { type: 'nothing', reason: 'breaker-open' };
  }
  const marked = markRange(state, options.trigger, cut, { offline });
  const breaker = gated && !offline ? beginCompactionAttempt(state.breaker) : state.breaker;
  return {
    type: 'started',
    compactionId: marked.command.compactionId,
    state: { ...marked.state, breaker },
    commands: [marked.command, ...breakerCommands(state.breaker, breaker)],
  };
}

/** `/compact` and `/new` (keepRecentTokens 0). */
export function planManualCompaction(
  state: SessionState,
  options: { keepRecentTokens?: number; now?: number } = {},
): CompactionRangePlan {
  return planCompactionRange(state, { ...options, trigger: 'manual' });
}

/**
 * An operator's replay of a failed or degraded compaction: a new attempt over the same range.
 * - The range's messages are live again (a failed compaction restored them): compact from the
 *   boundary up to at most the range's end, like a manual compaction.
 * - The range's degraded summary is the one in force: summarise exactly that range again; on
 *   success the new summary replaces it (the boundary does not move).
 * - Anything else (a later compaction already folded the range in) has nothing left to replay.
 * Replays bypass the breaker (a person asked) and their success closes it.
 */
export function planReplay(
  state: SessionState,
  replay: {
    compactionId: string;
    fromSeq: number;
    toSeq: number;
    previousCompactionId: string | null;
    tokens: number;
  },
  now?: number,
): CompactionRangePlan {
  if (state.upload?.status === 'running') return { type: 'busy', compactionId: state.upload.compactionId };
  if (state.live.some((meta) => meta.seq <= replay.toSeq)) {
    return planCompactionRange(state, {
      trigger: 'replay',
      maxToSeq: replay.toSeq,
      ...(now !== undefined ? { now } : {}),
    });
  }
  if (state.summary?.compactionId !== replay.compactionId) return { type: 'nothing', reason: 'empty' };
  const attempt = state.attemptCounter + 1;
  const compactionId = compactionIdFor(
    state.tenantId,
    state.sessionId,
    replay.fromSeq,
    replay.toSeq,
    attempt,
  );
  const upload: UploadState = {
    compactionId,
    attempt,
    trigger: 'replay',
    fromSeq: replay.fromSeq,
    toSeq: replay.toSeq,
    tokens: replay.tokens,
    status: 'running',
    forced: false,
    // The range is already behind the boundary: success attaches the summary, failure restores
    // nothing (the boundary stays where it is).
    cleanedUp: true,
    previousBoundarySeq: state.boundarySeq,
    cleaned: [],
  };
  const command = startCommand(state, upload, {
    previousCompactionId: replay.previousCompactionId,
    replacesTokens: replay.tokens,
  });
  return {
    type: 'started',
    compactionId,
    state: { ...state, upload, attemptCounter: attempt },
    commands: [command],
  };
}
