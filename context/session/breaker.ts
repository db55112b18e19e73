/** The session's side of the breaker: the command a state change emits, and an operator's reset. */

import { type BreakerState, resetBreaker } from '../breaker.js';
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
