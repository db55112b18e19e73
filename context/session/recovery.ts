/** The session's part in overflow recovery (docs/engine-rules.md#overflow-recovery): counters per attempt, truncation, the reset. */

import { countersForAttempt, type RecoveryCounters, withAttemptCounters } from '../recovery.js';
import { promptPrefixOf } from './derived.js';
import type { SessionCommand, SessionState, Transition } from './state.js';
import { resetCalibration } from './usage-calibration.js';

/** The overflow recovery counters of one agent attempt (fresh for a new attempt). */
export function recoveryCountersOf(state: SessionState, attemptId: string): RecoveryCounters {
  return countersForAttempt(state.overflowAttempts, attemptId);
}

/** Stores an attempt's counters after a recovery decision (the newest attempts are kept). */
export function withRecoveryCounters(
  state: SessionState,
  attemptId: string,
  counters: RecoveryCounters,
): SessionState {
  return { ...state, overflowAttempts: withAttemptCounters(state.overflowAttempts, attemptId, counters) };
}

/**
 * Recovery step 4 truncated some live tool results persistently: their metas take the new token
 * counts. Messages not in the live context are ignored.
 */
export function applyTruncation(
  state: SessionState,
  changed: readonly { seq: number; tokens: number }[],
): SessionState {
  if (changed.length === 0) return state;
  const tokensOf = new Map(changed.map((c) => [c.seq, c.tokens]));
  let touched = false;
  const live = state.live.map((meta) => {
    const tokens = tokensOf.get(meta.seq);
    if (tokens === undefined || tokens === meta.tokens) return meta;
    touched = true;
    return { ...meta, tokens };
  });
  return touched ? { ...state, live } : state;
}

/**
 * Recovery step 5: the live context restarts after the last message (nothing is deleted). The
 * summary goes out of force; a running compaction is cancelled so its result cannot attach later.
 */
export function applyContextReset(state: SessionState): Transition {
  const commands: SessionCommand[] = [];
  let upload = state.upload;
  if (upload?.status === 'running') {
    upload = { ...upload, status: 'cancelled', cleaned: [] };
    commands.push({ type: 'cancelCompaction', compactionId: upload.compactionId });
  }
  commands.push({ type: 'reset', boundarySeq: state.lastSeq });
  const next: SessionState = { ...state, boundarySeq: state.lastSeq, live: [], summary: null, upload };
  // Nothing the provider measured before applies to the restarted context.
  return { state: { ...next, calibration: resetCalibration(promptPrefixOf(next), state.lastSeq) }, commands };
}
