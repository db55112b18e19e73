/** Values derived from the state alone: live tokens, the ratio, the kept tail, oversized results. */

import { CHARS_PER_TOKEN } from '../estimate.js';
import { calculateAggregateToolResultChars, calculateMaxToolResultChars } from '../truncation.js';
import { DEFAULT_KEEP_RECENT_TOKENS_CAP, DEFAULT_KEEP_RECENT_WINDOW_SHARE } from './settings.js';
import type { SessionState } from './state.js';

/** Tokens of the summary in force plus the messages after the boundary. */
export function liveTokensOf(state: SessionState): number {
  let total = state.summary?.tokens ?? 0;
  for (const meta of state.live) total += meta.tokens;
  return total;
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
