import { describe, expect, it } from 'vitest';
import {
  countersForAttempt,
  createRecoveryCounters,
  GIVE_UP_MESSAGE,
  learnedContextWindow,
  MAX_OVERFLOW_COMPACTION_ATTEMPTS,
  MAX_RECOVERY_STEPS,
  MAX_TRACKED_ATTEMPTS,
  nextRecoveryStep,
  RESET_MESSAGE,
  type RecoveryCounters,
  type RecoveryInput,
  recoveryAttempts,
  recoveryStepFreedTokens,
  withAttemptCounters,
} from '../../context/index.js';

const OVERFLOW = 'prompt is too long: 212345 tokens > 200000 maximum';
const COMPACTION_OVERFLOW = 'Context overflow: Summarization failed';

function decide(
  overrides: Partial<Omit<RecoveryInput, 'counters'>> & { counters?: Partial<RecoveryCounters> } = {},
) {
  const { counters, ...rest } = overrides;
  return nextRecoveryStep({
    errorText: OVERFLOW,
    hasOversizedToolResults: false,
    ...rest,
    counters: { ...createRecoveryCounters(), ...counters },
  });
}

describe('nextRecoveryStep', () => {
  it('answers not_overflow when the error is not a likely overflow', () => {
    expect(decide({ errorText: '429 Too Many Requests' })).toMatchObject({
      action: 'not_overflow',
      step: 'not-overflow',
    });
  });

  it('retries without compacting again when the agent already auto-compacted, and counts it', () => {
    const decision = decide({ autoCompacted: true });
    expect(decision).toMatchObject({ action: 'retry', step: 'auto-compacted' });
    expect(decision.counters.compactions).toBe(1);
  });

  it('compacts when the agent did not auto-compact, and counts it', () => {
    const decision = decide();
    expect(decision).toMatchObject({ action: 'compact', step: 'compact' });
    expect(decision.counters.compactions).toBe(1);
  });

  it('stops compacting after 3 overflow compactions', () => {
    const decision = decide({ counters: { compactions: MAX_OVERFLOW_COMPACTION_ATTEMPTS } });
    expect(decision.action).toBe('give_up');
  });

  it('moves straight to truncation when the last compaction freed nothing', () => {
    const decision = decide({ lastCompactionFreedNothing: true, hasOversizedToolResults: true });
    expect(decision).toMatchObject({ action: 'truncate', step: 'truncate' });
    expect(decision.counters.compactions).toBe(0);
    expect(decision.counters.compactionFreedNothing).toBe(true);
  });

  it('remembers for the rest of the attempt that compaction freed nothing', () => {
    const decision = decide({ counters: { compactionFreedNothing: true, truncated: 1 } });
    expect(decision.action).toBe('give_up');
  });

  it('moves past compaction while the breaker forbids it', () => {
    expect(decide({ compactionAllowed: false, hasOversizedToolResults: true }).action).toBe('truncate');
  });

  it('truncates oversized tool results once per attempt', () => {
    const first = decide({ counters: { compactions: 3 }, hasOversizedToolResults: true });
    expect(first.action).toBe('truncate');
    expect(first.counters.truncated).toBe(1);
    const second = decide({ counters: first.counters, hasOversizedToolResults: true });
    expect(second.action).toBe('give_up');
  });

  it('does not truncate when nothing is oversized', () => {
    expect(decide({ counters: { compactions: 3 } }).action).toBe('give_up');
  });

  it('never compacts again when the compaction itself overflowed', () => {
    const decision = decide({ errorText: COMPACTION_OVERFLOW });
    expect(decision.compactionFailure).toBe(true);
    expect(decision.action).not.toBe('compact');
  });

  it('does not take the auto-compacted shortcut for a compaction failure', () => {
    expect(decide({ errorText: COMPACTION_OVERFLOW, autoCompacted: true }).action).toBe('reset');
  });

  it('truncates before resetting when the compaction overflowed and results are oversized', () => {
    expect(decide({ errorText: COMPACTION_OVERFLOW, hasOversizedToolResults: true }).action).toBe('truncate');
  });

  it('resets once, with the documented message, when the compaction itself overflowed', () => {
    const decision = decide({ errorText: COMPACTION_OVERFLOW });
    expect(decision).toMatchObject({ action: 'reset', step: 'reset', message: RESET_MESSAGE });
    expect(RESET_MESSAGE).toBe('Context limit exceeded during compaction. Session has been reset.');
    expect(decide({ errorText: COMPACTION_OVERFLOW, counters: decision.counters }).action).toBe('give_up');
  });

  it('gives up with the documented message when everything was tried', () => {
    const decision = decide({ counters: { compactions: 3, truncated: 1 } });
    expect(decision).toMatchObject({ action: 'give_up', step: 'give-up', message: GIVE_UP_MESSAGE });
    expect(GIVE_UP_MESSAGE).toBe(
      'Context overflow: prompt too large for the model. Try /reset (or /new) to start a fresh session, or use a larger-context model.',
    );
  });

  it('gives up after 32 steps in one attempt, whatever else is left', () => {
    const decision = decide({ counters: { steps: MAX_RECOVERY_STEPS } });
    expect(decision).toMatchObject({ action: 'give_up', step: 'step-cap', message: GIVE_UP_MESSAGE });
  });

  it('counts every decision as a step', () => {
    expect(decide().counters.steps).toBe(1);
    expect(decide({ errorText: 'nope' }).counters.steps).toBe(1);
  });

  it('ends in an answer when the workflow feeds every result back', () => {
    // compact → freed nothing → truncate → still overflowing → give up
    let counters = createRecoveryCounters();
    const actions: string[] = [];
    let freedNothing = false;
    for (let i = 0; i < 10; i++) {
      const decision = nextRecoveryStep({
        errorText: OVERFLOW,
        counters,
        hasOversizedToolResults: true,
        lastCompactionFreedNothing: freedNothing,
      });
      counters = decision.counters;
      actions.push(decision.action);
      if (decision.action === 'compact') freedNothing = true;
      if (decision.action !== 'compact' && decision.action !== 'truncate') break;
    }
    expect(actions).toEqual(['compact', 'truncate', 'give_up']);
  });
});

describe('recovery counters per attempt', () => {
  it('reports the counters in the API shape', () => {
    expect(recoveryAttempts({ ...createRecoveryCounters(), compactions: 2, truncated: 1 })).toEqual({
      compaction: 2,
      truncated: 1,
      reset: 0,
    });
  });

  it('starts a new attempt with fresh counters', () => {
    expect(countersForAttempt([], 'a1')).toEqual(createRecoveryCounters());
  });

  it('keeps counters per attempt id', () => {
    const attempts = withAttemptCounters([], 'a1', { ...createRecoveryCounters(), compactions: 2 });
    expect(countersForAttempt(attempts, 'a1').compactions).toBe(2);
    expect(countersForAttempt(attempts, 'a2').compactions).toBe(0);
  });

  it('remembers only the latest attempts', () => {
    let attempts = withAttemptCounters([], 'first', createRecoveryCounters());
    for (let i = 0; i < MAX_TRACKED_ATTEMPTS; i++)
      attempts = withAttemptCounters(attempts, `a${i}`, createRecoveryCounters());
    expect(attempts).toHaveLength(MAX_TRACKED_ATTEMPTS);
    expect(attempts.some((entry) => entry.attemptId === 'first')).toBe(false);
  });
});

describe('learnedContextWindow', () => {
  it('learns the window the provider reports when it is smaller', () => {
    expect(learnedContextWindow('maximum context length is 128000 tokens', 200_000)).toBe(128_000);
  });

  it('falls back to the refused prompt size, an upper bound of the real window', () => {
    expect(learnedContextWindow('your messages resulted in 150000 tokens', 200_000)).toBe(150_000);
  });

  it('learns nothing from a window that is not smaller, or from an error without numbers', () => {
    expect(
      learnedContextWindow('prompt is too long: 250000 tokens > 200000 maximum', 200_000),
    ).toBeUndefined();
    expect(learnedContextWindow('prompt is too long', 200_000)).toBeUndefined();
  });
});

describe('recoveryStepFreedTokens', () => {
  it('earns a retry only when the live context really shrank', () => {
    expect(recoveryStepFreedTokens({ liveTokensBefore: 100, liveTokensAfter: 60 })).toBe(true);
    expect(recoveryStepFreedTokens({ liveTokensBefore: 100, liveTokensAfter: 100 })).toBe(false);
  });

  it('never earns a retry for a failed compaction, whatever the count says', () => {
    expect(recoveryStepFreedTokens({ liveTokensBefore: 100, liveTokensAfter: 60, failed: true })).toBe(false);
  });
});
