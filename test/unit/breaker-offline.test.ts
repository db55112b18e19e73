/**
 * The breaker stops the LLM, never compaction (docs/engine-rules.md#circuit-breaker, issue 32): a
 * session whose breaker is open keeps compacting with the offline digest, half-opens by itself
 * after the default cool-down, and an overflow never runs out of compactions while one can shrink
 * the context. Without `offlineFallback` (runs recorded before the patch) nothing changes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyCompactionFinished,
  applyTurn,
  createRecoveryCounters,
  createSessionState,
  DEFAULT_BREAKER_COOLDOWN_MS,
  type LiveMessageMeta,
  liveTokensOf,
  nextRecoveryStep,
  planCompactionRange,
  type SessionState,
  type Transition,
} from '../../context/index.js';
import { commandOf, exchanges } from './session-fixtures.js';

const WINDOW = 4_000;
const OPEN = {
  state: 'open' as const,
  consecutiveFailures: 3,
  lastError: 'connect ECONNREFUSED',
  openedAt: 0,
};

function fallingBack(overrides: Partial<SessionState> = {}): SessionState {
  return {
    ...createSessionState({ sessionId: 'outage', contextWindowTokens: WINDOW }),
    offlineFallback: true,
    ...overrides,
  };
}

describe('an open breaker with the offline fallback', () => {
  it('starts an offline compaction at the upload threshold, leaving the breaker as it is', () => {
    const { state, commands } = applyTurn(fallingBack({ breaker: OPEN }), {
      messages: exchanges(30, 40),
      now: 1,
    });
    const start = commandOf(commands, 'startCompaction');
    expect(start?.offline).toBe(true);
    expect(commandOf(commands, 'breakerChanged')).toBeUndefined();
    expect(state.breaker).toEqual(OPEN);
  });

  it('keeps the breaker open (and its cool-down running) when the offline compaction reports', () => {
    const started = applyTurn(fallingBack({ breaker: OPEN }), { messages: exchanges(30, 40), now: 1 });
    const id = commandOf(started.commands, 'startCompaction')!.compactionId;
    const done = applyCompactionFinished(
      started.state,
      { compactionId: id, status: 'degraded', summaryTokens: 300, tokensBefore: 1_600 },
      2,
    );
    expect(done.state.breaker).toEqual(OPEN);
    expect(done.state.summary?.compactionId).toBe(id);
    expect(liveTokensOf(done.state)).toBeLessThan(liveTokensOf(started.state));
  });

  it('half-opens by itself after the default cool-down: the next compaction tries the LLM', () => {
    const { state, commands } = applyTurn(fallingBack({ breaker: OPEN }), {
      messages: exchanges(30, 40),
      now: DEFAULT_BREAKER_COOLDOWN_MS,
    });
    expect(commandOf(commands, 'startCompaction')?.offline).toBeUndefined();
    expect(state.breaker.state).toBe('half-open');
  });

  it('does not compact the same irreducible state offline twice', () => {
    const started = applyTurn(fallingBack({ breaker: OPEN }), { messages: exchanges(30, 40), now: 1 });
    const id = commandOf(started.commands, 'startCompaction')!.compactionId;
    const failed = applyCompactionFinished(
      started.state,
      { compactionId: id, status: 'failed', error: 'compaction did not reduce tokens (2000 >= 1600)' },
      2,
    );
    const again = applyTurn(failed.state, { messages: [], now: 3 });
    expect(commandOf(again.commands, 'startCompaction')).toBeUndefined();
    const plan = planCompactionRange(failed.state, { trigger: 'overflow', now: 3 });
    expect(plan.type).toBe('nothing');
    // One more turn is a new state: worth one more try.
    const later = applyTurn(failed.state, { messages: exchanges(1, 40, 61), now: 4 });
    expect(commandOf(later.commands, 'startCompaction')?.offline).toBe(true);
  });

  it('plans an overflow compaction offline instead of answering breaker-open', () => {
    const state = fallingBack({
      breaker: OPEN,
      lastSeq: 60,
      live: exchanges(30, 40),
    });
    const plan = planCompactionRange(state, { trigger: 'overflow', now: 1 });
    expect(plan.type).toBe('started');
    if (plan.type === 'started') expect(commandOf(plan.commands, 'startCompaction')?.offline).toBe(true);
    // Runs recorded before the fallback still answer breaker-open.
    const legacy = { ...state, offlineFallback: undefined };
    expect(planCompactionRange(legacy, { trigger: 'overflow', now: 1 })).toEqual({
      type: 'nothing',
      reason: 'breaker-open',
    });
  });
});

/** The compaction of an LLM that is down: every chunk digested, the summary capped by its budget. */
function finishDegraded(state: SessionState, commands: Transition['commands'], now: number): SessionState {
  const start = commandOf(commands, 'startCompaction');
  if (!start) return state;
  const summaryTokens = Math.min(400, Math.ceil(start.replacesTokens * 0.3));
  return applyCompactionFinished(
    state,
    {
      compactionId: start.compactionId,
      status: 'degraded',
      summaryTokens,
      tokensBefore: start.replacesTokens,
    },
    now,
  ).state;
}

describe('an LLM-down session of a 4K window (property)', () => {
  it('runs 100 turns without running out of compactions and never holds more than the window', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 20, max: 300 }), { minLength: 100, maxLength: 100 }),
        (sizes) => {
          let state = fallingBack();
          let seq = 0;
          for (const [turn, size] of sizes.entries()) {
            const now = turn * 1_000;
            const metas: LiveMessageMeta[] = [
              { seq: ++seq, tokens: size, role: 'user' },
              { seq: ++seq, tokens: size, role: 'assistant' },
            ];
            const arrived = applyTurn(state, { messages: metas, now });
            state = finishDegraded(arrived.state, arrived.commands, now);
            expect(liveTokensOf(state)).toBeLessThanOrEqual(WINDOW);
            // Were the agent's prompt refused now, the tree would compact, not give up.
            const decision = nextRecoveryStep({
              errorText: 'prompt is too long: 4100 tokens > 4000 maximum',
              counters: createRecoveryCounters(),
              hasOversizedToolResults: false,
              compactionAllowed: state.offlineFallback === true,
            });
            expect(decision.action).toBe('compact');
          }
          // Three degraded LLM compactions opened the breaker; compactions went on offline.
          expect(state.breaker.state).toBe('open');
          expect(state.compactions.total).toBeGreaterThan(3);
        },
      ),
      { numRuns: 30 },
    );
  });
});
