/** Values derived from the state alone: live tokens, the ratio, the kept tail, oversized results. */

import { CHARS_PER_TOKEN } from '../estimate.js';
import { calculateAggregateToolResultChars, calculateMaxToolResultChars } from '../truncation.js';
import { DEFAULT_KEEP_RECENT_TOKENS_CAP, DEFAULT_KEEP_RECENT_WINDOW_SHARE } from './settings.js';
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

export function effectiveKeepRecentTokens(state: SessionState): number {
  return (
    state.settings.keepRecentTokens ??
    Math.min(
      DEFAULT_KEEP_RECENT_TOKENS_CAP,
      Math.floor(state.contextWindowTokens * DEFAULT_KEEP_RECENT_WINDOW_SHARE),
    )
  );
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
