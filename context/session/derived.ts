/** Values derived from the state alone: live tokens, the ratio, the kept tail, oversized results. */

import { CHARS_PER_TOKEN } from '../estimate.js';
import { calculateAggregateToolResultChars, calculateMaxToolResultChars } from '../truncation.js';
import { defaultsOf } from './defaults.js';
import type { SessionState } from './state.js';
import {
  type CalibratedTokens,
  type CalibrationState,
  calibratedLiveTokens,
  createCalibrationState,
  type PromptPrefix,
} from './usage-calibration.js';

/** What the session sends ahead of its live messages (a change to it changes the prompt). */
export function promptPrefixOf(state: SessionState): PromptPrefix {
  return {
    boundarySeq: state.boundarySeq,
    summaryCompactionId: state.summary?.compactionId ?? null,
    summaryTokens: state.summary?.tokens ?? 0,
  };
}

/** The calibration state (a fresh one for states carried from runs before it existed). */
export function calibrationOf(state: SessionState): CalibrationState {
  return state.calibration ?? createCalibrationState(promptPrefixOf(state));
}

/**
 * The live tokens and how they were found: the provider's reported count of the prompt plus the
 * estimate of what came after it, or the estimate of the summary in force and the live messages.
 */
export function calibratedLiveTokensOf(state: SessionState): CalibratedTokens {
  return calibratedLiveTokens(
    { prefix: promptPrefixOf(state), live: state.live },
    state.calibration?.anchor ?? null,
  );
}

/** The session's live tokens (docs/engine-rules.md#token-counting): what the thresholds compare with the window. */
export function liveTokensOf(state: SessionState): number {
  return calibratedLiveTokensOf(state).tokens;
}

export function contextRatioOf(state: SessionState): number {
  return liveTokensOf(state) / state.contextWindowTokens;
}

/**
 * The part of the prompt molt does not own — the agent's system prompt and tool schemas — as the
 * calibration measured it: the anchor's positive offset (provider's count − molt's estimate of the
 * same prefix; usage-calibration.ts). 0 without an anchor.
 */
export function promptOverheadOf(state: SessionState): number {
  const anchor = state.calibration?.anchor;
  return anchor ? Math.max(0, anchor.providerTokens - anchor.estimatedTokens) : 0;
}

/** The kept tail never shrinks below this share of the room molt owns. */
export const OWNED_ROOM_MIN_KEEP_SHARE = 0.05;

/**
 * The kept tail (docs/engine-rules.md#the-cut): the setting, or min(20 000, 20% of the window)
 * (the session's defaults, defaults.ts) —
 * and, since the `keep-recent-owned-room` patch, no more than 20% of the room molt owns (the
 * window less the prompt overhead, promptOverheadOf) nor half of what molt owns at the upload
 * ratio (at least 5% of the room). With a system prompt and tools at 38% of a 32K window, 20% of
 * the whole window left no range to cut until the context was past 60-70%.
 */
export function effectiveKeepRecentTokens(state: SessionState): number {
  if (state.settings.keepRecentTokens !== null && state.settings.keepRecentTokens !== undefined) {
    return state.settings.keepRecentTokens;
  }
  const window = state.contextWindowTokens;
  // The session's own defaults (defaults.ts), not today's: a replay keeps the tail it kept.
  const { keepRecentTokensCap, keepRecentWindowShare } = defaultsOf(state);
  const byWindow = Math.min(keepRecentTokensCap, Math.floor(window * keepRecentWindowShare));
  if (!state.keepRecentOfOwnedRoom) return byWindow;
  const overhead = promptOverheadOf(state);
  const room = Math.max(0, window - overhead);
  // At the upload ratio, half of what molt owns is kept and half can be compacted.
  const atUpload = Math.max(0, state.settings.uploadRatio * window - overhead) / 2;
  const share = Math.max(Math.floor(atUpload), Math.floor(room * OWNED_ROOM_MIN_KEEP_SHARE));
  return Math.min(byWindow, Math.floor(room * keepRecentWindowShare), share);
}

/** From the metas alone: a tool result over its share of the window, or all of them over half of it. */
export function likelyHasOversizedToolResults(state: SessionState): boolean {
  // The limits truncation applies (context/truncation.ts), in tokens.
  const single = calculateMaxToolResultChars(state.contextWindowTokens) / CHARS_PER_TOKEN;
  let aggregate = 0;
  for (const meta of state.live) {
    if (meta.role !== 'toolResult') continue;
    if (meta.tokens > single) return true;
    aggregate += meta.tokens;
  }
  return aggregate > calculateAggregateToolResultChars(state.contextWindowTokens) / CHARS_PER_TOKEN;
}
