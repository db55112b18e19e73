/**
 * The overflow recovery tree (docs/engine-rules.md#overflow-recovery), as a pure decision. The agent's LLM call failed;
 * the session workflow loops: decide → execute (compact / truncate) → feed the result back → decide,
 * until it can answer the agent with `retry`, `reset`, `give_up` or `not_overflow`. Counters live per
 * agent attempt (`attemptId`) and bound the loop, after OpenClaw's `run.ts`.
 */
import {
  extractObservedOverflowTokenCount,
  extractReportedContextWindow,
  isCompactionFailureError,
  isLikelyContextOverflowError,
} from './overflow.js';

/** OpenClaw's MAX_OVERFLOW_COMPACTION_ATTEMPTS: each compaction is an extra LLM call. */
export const MAX_OVERFLOW_COMPACTION_ATTEMPTS = 3;
/** A global cap on the decisions of one attempt, so stacked retries can never loop forever. */
export const MAX_RECOVERY_STEPS = 32;
/** How many agent attempts a session remembers counters for (older attempts are finished). */
export const MAX_TRACKED_ATTEMPTS = 16;

export const RESET_MESSAGE = 'Context limit exceeded during compaction. Session has been reset.';
export const GIVE_UP_MESSAGE =
  'Context overflow: prompt too large for the model. Try /reset (or /new) to start a fresh session, or use a larger-context model.';

export interface RecoveryCounters {
  /** Overflow compactions counted in this attempt (run, or skipped because the agent auto-compacted). */
  compactions: number;
  /** Persistent tool-result truncations run in this attempt (at most one). */
  truncated: number;
  /** Resets in this attempt (at most one). */
  reset: number;
  /** Decisions taken in this attempt. */
  steps: number;
  /** A compaction in this attempt freed nothing: do not compact again, go on to truncation. */
  compactionFreedNothing: boolean;
}

export function createRecoveryCounters(): RecoveryCounters {
  return { compactions: 0, truncated: 0, reset: 0, steps: 0, compactionFreedNothing: false };
}

/**
 * `compact` and `truncate` are executed by the workflow: when they freed tokens it answers the agent
 * `retry`; otherwise it asks again with the result fed back (`lastCompactionFreedNothing`). The
 * other actions are answers.
 */
export type RecoveryAction = 'not_overflow' | 'retry' | 'compact' | 'truncate' | 'reset' | 'give_up';
/** Which branch of the tree decided (reported to the agent as `step`). */
export type RecoveryStep =
  | 'not-overflow'
  | 'auto-compacted'
  | 'compact'
  | 'truncate'
  | 'reset'
  | 'give-up'
  | 'step-cap';

export interface RecoveryInput {
  errorText: string;
  /** The agent's runtime already compacted during this attempt. */
  autoCompacted?: boolean;
  counters: RecoveryCounters;
  /** The live context holds an oversized tool result, or several that together exceed the budget. */
  hasOversizedToolResults: boolean;
  /** The compaction just run for this attempt freed nothing. */
  lastCompactionFreedNothing?: boolean;
  /** False while the breaker is open: the tree moves past compaction. Defaults to true. */
  compactionAllowed?: boolean;
}

export interface RecoveryDecision {
  action: RecoveryAction;
  step: RecoveryStep;
  /** Shown to the user for `reset` and `give_up`. */
  message?: string;
  /** The counters after this decision; store them under the attempt id. */
  counters: RecoveryCounters;
  /** The error says the compaction itself overflowed. */
  compactionFailure: boolean;
}

/** One step of the recovery tree (docs/engine-rules.md#overflow-recovery, steps 1–6, plus the 32-step cap). */
export function nextRecoveryStep(input: RecoveryInput): RecoveryDecision {
  const freedNothing = input.counters.compactionFreedNothing || input.lastCompactionFreedNothing === true;
  const counters: RecoveryCounters = {
    ...input.counters,
    steps: input.counters.steps + 1,
    compactionFreedNothing: freedNothing,
  };
  const compactionFailure = isCompactionFailureError(input.errorText);
  const decide = (action: RecoveryAction, step: RecoveryStep, next: RecoveryCounters, message?: string) =>
    message === undefined
      ? { action, step, counters: next, compactionFailure }
      : { action, step, counters: next, compactionFailure, message };

  if (counters.steps > MAX_RECOVERY_STEPS) return decide('give_up', 'step-cap', counters, GIVE_UP_MESSAGE);
  if (!isLikelyContextOverflowError(input.errorText)) return decide('not_overflow', 'not-overflow', counters);

  const compactionsLeft = counters.compactions < MAX_OVERFLOW_COMPACTION_ATTEMPTS;
  if (input.autoCompacted === true && !compactionFailure && compactionsLeft) {
    return decide('retry', 'auto-compacted', { ...counters, compactions: counters.compactions + 1 });
  }
  // molt: a compaction that freed nothing moves straight on to truncation instead of burning the
  // remaining attempts on no-op compactions (what OpenClaw did).
  const compactionAllowed = input.compactionAllowed ?? true;
  if (!compactionFailure && compactionsLeft && !freedNothing && compactionAllowed) {
    return decide('compact', 'compact', { ...counters, compactions: counters.compactions + 1 });
  }
  if (counters.truncated === 0 && input.hasOversizedToolResults) {
    return decide('truncate', 'truncate', { ...counters, truncated: counters.truncated + 1 });
  }
  if (compactionFailure && counters.reset === 0) {
    return decide('reset', 'reset', { ...counters, reset: counters.reset + 1 }, RESET_MESSAGE);
  }
  return decide('give_up', 'give-up', counters, GIVE_UP_MESSAGE);
}

/** The counters as the overflow API reports them (`attempts: {compaction, truncated, reset}`). */
export function recoveryAttempts(counters: RecoveryCounters): {
  compaction: number;
  truncated: number;
  reset: number;
} {
  return { compaction: counters.compactions, truncated: counters.truncated, reset: counters.reset };
}

export interface AttemptCounters {
  attemptId: string;
  counters: RecoveryCounters;
}

/** The counters of one agent attempt (fresh ones for an attempt not seen yet). */
export function countersForAttempt(
  attempts: readonly AttemptCounters[],
  attemptId: string,
): RecoveryCounters {
  return attempts.find((entry) => entry.attemptId === attemptId)?.counters ?? createRecoveryCounters();
}

/** Stores an attempt's counters as the newest entry, keeping the last MAX_TRACKED_ATTEMPTS attempts. */
export function withAttemptCounters(
  attempts: readonly AttemptCounters[],
  attemptId: string,
  counters: RecoveryCounters,
): AttemptCounters[] {
  const others = attempts.filter((entry) => entry.attemptId !== attemptId);
  return [...others, { attemptId, counters }].slice(-MAX_TRACKED_ATTEMPTS);
}

/**
 * What an overflow error teaches about the provider's real window: the window it reports, else the
 * prompt size it refused when that is below the window the session believes in (the real window is
 * smaller still). Undefined when the error teaches nothing new.
 */
export function learnedContextWindow(errorText: string, contextWindowTokens: number): number | undefined {
  const reported = extractReportedContextWindow(errorText);
  if (reported !== undefined) return reported < contextWindowTokens ? reported : undefined;
  const observed = extractObservedOverflowTokenCount(errorText);
  return observed !== undefined && observed < contextWindowTokens ? observed : undefined;
}

/**
 * Whether a recovery step that compacted or truncated earns the agent a retry: it must have
 * succeeded (a failed compaction frees nothing) and the live context must really be smaller —
 * a retry without progress only burns one of the agent's attempts.
 */
export function recoveryStepFreedTokens(step: {
  liveTokensBefore: number;
  liveTokensAfter: number;
  failed?: boolean;
}): boolean {
  return !step.failed && step.liveTokensAfter < step.liveTokensBefore;
}
