import { describe, expect, it } from 'vitest';
import {
  type BreakerSettings,
  type BreakerState,
  beginCompactionAttempt,
  canCompact,
  createBreaker,
  DEFAULT_BREAKER_SETTINGS,
  recordCompactionOutcome,
  resetBreaker,
} from '../../context/index.js';

const fail = (error = 'boom') => ({ ok: false as const, error });
const WITH_COOLDOWN: BreakerSettings = { maxConsecutiveFailures: 3, cooldownMs: 60_000 };

function failTimes(times: number, settings = DEFAULT_BREAKER_SETTINGS, now?: number): BreakerState {
  let breaker = createBreaker();
  for (let i = 0; i < times; i++)
    breaker = recordCompactionOutcome(breaker, fail(`failure ${i + 1}`), settings, now);
  return breaker;
}

describe('the compaction circuit breaker', () => {
  it('starts closed and allows compaction', () => {
    expect(canCompact(createBreaker(), DEFAULT_BREAKER_SETTINGS, 0)).toBe(true);
  });

  it('counts failures and stays closed below the limit', () => {
    const breaker = failTimes(2);
    expect(breaker).toMatchObject({ state: 'closed', consecutiveFailures: 2, lastError: 'failure 2' });
    expect(canCompact(breaker)).toBe(true);
  });

  it('opens at 3 consecutive failures and records the reason and the time', () => {
    const breaker = failTimes(3, DEFAULT_BREAKER_SETTINGS, 1_000);
    expect(breaker).toEqual({
      state: 'open',
      consecutiveFailures: 3,
      lastError: 'failure 3',
      openedAt: 1_000,
    });
    expect(canCompact(breaker, DEFAULT_BREAKER_SETTINGS, 1_000_000_000)).toBe(false);
  });

  it('resets the count on a success', () => {
    const breaker = recordCompactionOutcome(failTimes(2), { ok: true });
    expect(breaker).toEqual(createBreaker());
  });

  it('closes on a success even when open (a replayed compaction succeeded)', () => {
    expect(recordCompactionOutcome(failTimes(3), { ok: true }).state).toBe('closed');
  });

  it('closes when an operator resets it', () => {
    expect(resetBreaker(failTimes(5))).toEqual(createBreaker());
  });

  it('stays open forever without a cooldown (the default)', () => {
    expect(
      canCompact(
        failTimes(3, DEFAULT_BREAKER_SETTINGS, 0),
        DEFAULT_BREAKER_SETTINGS,
        Number.MAX_SAFE_INTEGER,
      ),
    ).toBe(false);
  });

  it('allows one trial attempt once a configured cooldown has passed', () => {
    const open = failTimes(3, WITH_COOLDOWN, 1_000);
    expect(canCompact(open, WITH_COOLDOWN, 60_999)).toBe(false);
    expect(canCompact(open, WITH_COOLDOWN, 61_000)).toBe(true);
  });

  it('goes half-open while the trial runs, and allows nothing more', () => {
    const halfOpen = beginCompactionAttempt(failTimes(3, WITH_COOLDOWN, 0));
    expect(halfOpen.state).toBe('half-open');
    expect(canCompact(halfOpen, WITH_COOLDOWN, 1_000_000)).toBe(false);
  });

  it('closes when the trial succeeds', () => {
    const halfOpen = beginCompactionAttempt(failTimes(3, WITH_COOLDOWN, 0));
    expect(recordCompactionOutcome(halfOpen, { ok: true }, WITH_COOLDOWN, 70_000).state).toBe('closed');
  });

  it('opens again at once when the trial fails, restarting the cooldown', () => {
    const halfOpen = beginCompactionAttempt(failTimes(3, WITH_COOLDOWN, 0));
    const reopened = recordCompactionOutcome(halfOpen, fail('trial failed'), WITH_COOLDOWN, 70_000);
    expect(reopened).toMatchObject({ state: 'open', openedAt: 70_000, lastError: 'trial failed' });
    expect(canCompact(reopened, WITH_COOLDOWN, 100_000)).toBe(false);
  });

  it('cannot half-open without a clock', () => {
    expect(canCompact(failTimes(3, WITH_COOLDOWN), WITH_COOLDOWN, 1_000_000)).toBe(false);
    expect(canCompact(failTimes(3, WITH_COOLDOWN, 0), WITH_COOLDOWN)).toBe(false);
  });

  it('leaves a closed breaker alone when an attempt begins', () => {
    const breaker = createBreaker();
    expect(beginCompactionAttempt(breaker)).toBe(breaker);
  });

  it('honours a custom failure limit', () => {
    expect(failTimes(1, { maxConsecutiveFailures: 1, cooldownMs: null }).state).toBe('open');
  });

  it('caps a recorded error so a provider error page cannot bloat the state', () => {
    const breaker = recordCompactionOutcome(createBreaker(), fail('x'.repeat(10_000)));
    expect(breaker.lastError).toHaveLength(500);
  });
});
