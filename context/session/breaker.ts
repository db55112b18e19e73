/** The session's side of the breaker: the command a state change emits, and an operator's reset. */

import {
  type BreakerSettings,
  type BreakerState,
  canCompact,
  effectiveBreakerSettings,
  resetBreaker,
} from '../breaker.js';
import { defaultsOf } from './defaults.js';
import type { SessionCommand, SessionState, Transition } from './state.js';

export function breakerCommands(before: BreakerState, after: BreakerState): SessionCommand[] {
  if (before.state === after.state) return [];
  return [
    {
      type: 'breakerChanged',
      from: before.state,
      to: after.state,
      consecutiveFailures: after.consecutiveFailures,
      reason: after.lastError,
    },
  ];
}

/** An operator's reset of the breaker. */
export function applyBreakerReset(state: SessionState): Transition {
  const breaker = resetBreaker(state.breaker);
  return { state: { ...state, breaker }, commands: breakerCommands(state.breaker, breaker) };
}

/**
 * The breaker settings in force for the session (its default cool-down once it falls back
 * offline: the run's own, defaults.ts, never today's constant).
 */
export function breakerSettingsOf(state: SessionState): BreakerSettings {
  return effectiveBreakerSettings(
    state.settings.breaker,
    state.offlineFallback === true,
    defaultsOf(state).breakerCooldownMs,
  );
}

/** May a compaction call the LLM now? (The breaker is closed, or its cool-down passed.) */
export function llmCompactionAllowed(state: SessionState, now?: number): boolean {
  return canCompact(state.breaker, breakerSettingsOf(state), now);
}

/**
 * The fingerprint of an offline compaction: its range and the summary it folds in. The digest is
 * deterministic, so an offline compaction that could not shrink this state will not the next time.
 */
export function offlineFingerprint(state: SessionState, fromSeq: number, toSeq: number): string {
  return `${fromSeq}-${toSeq}:${state.summary?.compactionId ?? ''}`;
}

/** May an offline compaction of this range run? (Only in sessions that fall back, not a state that already failed.) */
export function offlineCompactionAllowed(state: SessionState, fromSeq: number, toSeq: number): boolean {
  return state.offlineFallback === true && state.offlineFailed !== offlineFingerprint(state, fromSeq, toSeq);
}
