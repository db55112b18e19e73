import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBreakerReset,
  applyCompactionFinished,
  applyContextReset,
  applyObservedWindow,
  applyTurn,
  breakerSettingsOf,
  compactionIdFor,
  createSessionState,
  effectiveKeepRecentTokens,
  isTenantId,
  likelyHasOversizedToolResults,
  PRE_CARRIED_SESSION_DEFAULTS,
  recoveryCountersOf,
  resolveSessionSettings,
  type SessionDefaults,
  sessionDefaults,
  sessionView,
  updateSessionConfig,
  withRecoveryCounters,
} from '../../context/index.js';
import { a, commandOf, exchanges, r, session, WINDOW, withRunningUpload } from './session-fixtures.js';

describe('session settings', () => {
  it('defaults to upload at 50%, force at 70%, keep min(20 000, 20% of the window), breaker at 3', () => {
    const state = createSessionState({ sessionId: 's', contextWindowTokens: 200_000 });
    expect(state.settings).toEqual({
      uploadRatio: 0.5,
      forceRatio: 0.7,
      keepRecentTokens: null,
      breaker: { maxConsecutiveFailures: 3, cooldownMs: null },
    });
    expect(effectiveKeepRecentTokens(state)).toBe(20_000);
    expect(
      effectiveKeepRecentTokens(createSessionState({ sessionId: 's', contextWindowTokens: 50_000 })),
    ).toBe(10_000);
  });

  it('raises a force ratio below the upload ratio to the upload ratio', () => {
    expect(resolveSessionSettings({ uploadRatio: 0.6, forceRatio: 0.4 }, sessionDefaults()).forceRatio).toBe(
      0.6,
    );
  });

  it('rejects invalid settings with a message naming the field', () => {
    expect(() => resolveSessionSettings({ uploadRatio: 2 }, sessionDefaults())).toThrow(/uploadRatio/);
  });

  it('rejects a window that is not positive', () => {
    expect(() => createSessionState({ sessionId: 's', contextWindowTokens: 0 })).toThrow(RangeError);
  });
});

describe('the defaults a session decides with (resolved outside the workflow, carried in its state)', () => {
  const defaultsArb: fc.Arbitrary<SessionDefaults> = fc
    .record({
      uploadRatio: fc.double({ min: 0.05, max: 1, noNaN: true }),
      forceRatio: fc.double({ min: 0.05, max: 1, noNaN: true }),
      keepRecentTokensCap: fc.integer({ min: 0, max: 100_000 }),
      keepRecentWindowShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
      maxConsecutiveFailures: fc.integer({ min: 1, max: 100 }),
      breakerCooldownMs: fc.integer({ min: 1, max: 24 * 3_600_000 }),
    })
    .map((d) => ({ ...d, forceRatio: Math.max(d.forceRatio, d.uploadRatio) }));
  const windowArb = fc.integer({ min: 1_000, max: 2_000_000 });

  it("fills what the settings leave out from the state's own defaults, through every settings change", () => {
    fc.assert(
      fc.property(defaultsArb, windowArb, fc.integer({ min: 1_000, max: 2_000_000 }), (defaults, w, w2) => {
        const state = createSessionState({ sessionId: 's', contextWindowTokens: w, defaults });
        const expectTail = (window: number) =>
          Math.min(defaults.keepRecentTokensCap, Math.floor(window * defaults.keepRecentWindowShare));
        expect(state.settings).toEqual({
          uploadRatio: defaults.uploadRatio,
          forceRatio: defaults.forceRatio,
          keepRecentTokens: null,
          breaker: { maxConsecutiveFailures: defaults.maxConsecutiveFailures, cooldownMs: null },
        });
        expect(effectiveKeepRecentTokens(state)).toBe(expectTail(w));
        // A later turn changes the window and one setting: the rest still come from the state's defaults.
        const next = updateSessionConfig(state, { contextWindowTokens: w2, settings: { breaker: {} } }).state;
        expect(next.defaults).toEqual(defaults);
        expect(next.settings.uploadRatio).toBe(defaults.uploadRatio);
        expect(next.settings.breaker.maxConsecutiveFailures).toBe(defaults.maxConsecutiveFailures);
        expect(effectiveKeepRecentTokens(next)).toBe(expectTail(w2));
        // A session falling back offline half-opens after its own default cool-down.
        expect(breakerSettingsOf({ ...next, offlineFallback: true }).cooldownMs).toBe(
          defaults.breakerCooldownMs,
        );
        expect(breakerSettingsOf(next).cooldownMs).toBeNull();
      }),
    );
  });

  it("decides a state carried from a run without defaults with that era's values, not today's", () => {
    const state = createSessionState({ sessionId: 's', contextWindowTokens: 200_000 });
    expect(state.defaults).toBeUndefined();
    expect(sessionView(state).thresholds).toEqual({
      upload: PRE_CARRIED_SESSION_DEFAULTS.uploadRatio,
      force: PRE_CARRIED_SESSION_DEFAULTS.forceRatio,
    });
    expect(effectiveKeepRecentTokens(state)).toBe(PRE_CARRIED_SESSION_DEFAULTS.keepRecentTokensCap);
    expect(breakerSettingsOf({ ...state, offlineFallback: true }).cooldownMs).toBe(
      PRE_CARRIED_SESSION_DEFAULTS.breakerCooldownMs,
    );
    expect(Object.isFrozen(PRE_CARRIED_SESSION_DEFAULTS)).toBe(true);
  });

  it("gives the API today's defaults as a fresh copy (a caller cannot change them for others)", () => {
    const mine = sessionDefaults();
    mine.forceRatio = 0.99;
    expect(sessionDefaults().forceRatio).not.toBe(0.99);
  });
});

describe('reset, breaker reset and window changes', () => {
  it('restarts the live context after the last message and cancels a running compaction', () => {
    const { state, start } = withRunningUpload();
    const { state: next, commands } = applyContextReset(state);
    expect(commands).toEqual([
      { type: 'cancelCompaction', compactionId: start.compactionId },
      { type: 'reset', boundarySeq: 20 },
    ]);
    expect(next).toMatchObject({ boundarySeq: 20, live: [], summary: null });
    expect(next.upload?.status).toBe('cancelled');
    expect(
      applyCompactionFinished(next, {
        compactionId: start.compactionId,
        status: 'succeeded',
        summaryTokens: 1,
      }).state,
    ).toBe(next);
  });

  it("closes the breaker on an operator's reset", () => {
    const open = {
      ...session(),
      breaker: { state: 'open' as const, consecutiveFailures: 3, lastError: 'x', openedAt: 0 },
    };
    const { state, commands } = applyBreakerReset(open);
    expect(state.breaker.state).toBe('closed');
    expect(commands).toEqual([
      { type: 'breakerChanged', from: 'open', to: 'closed', consecutiveFailures: 0, reason: null },
    ]);
  });

  it('learns a smaller window and evaluates the thresholds against it at once', () => {
    const state = applyTurn(session(), { messages: exchanges(8) }).state; // 400 of 1000
    const { state: next, commands } = applyObservedWindow(state, 600);
    expect(next.contextWindowTokens).toBe(600);
    expect(commandOf(commands, 'startCompaction')).toBeDefined();
  });

  it('never learns a larger window from an error', () => {
    const state = session();
    expect(applyObservedWindow(state, 5_000).state).toBe(state);
  });

  it('takes a new window or settings from a turn post', () => {
    const { state } = updateSessionConfig(session(), {
      contextWindowTokens: 2_000,
      settings: { uploadRatio: 0.6 },
    });
    expect(state.contextWindowTokens).toBe(2_000);
    expect(state.settings.uploadRatio).toBe(0.6);
    expect(state.settings.forceRatio).toBe(0.7);
  });
});

describe('compactionIdFor', () => {
  it('keeps the legacy id for states without a tenant (recorded histories)', () => {
    const id = compactionIdFor(undefined, 'tenant/agent 7', 1, 40, 2);
    expect(id).toBe(compactionIdFor(undefined, 'tenant/agent 7', 1, 40, 2));
    expect(id).toMatch(/^cmp_tenant-agent-7_[0-9a-f]{16}_1-40_a2$/);
    expect(compactionIdFor(undefined, 'a/b', 1, 2, 1)).not.toBe(compactionIdFor(undefined, 'a b', 1, 2, 1));
  });

  it('is injective over (tenant, session, range, attempt), colliding concatenations included', () => {
    const piece = fc.stringMatching(/^[A-Za-z0-9._:@-]{1,12}$/);
    const tenant = fc.stringMatching(/^[A-Za-z0-9._-]{1,8}$/);
    const key = fc.tuple(tenant, piece, fc.nat(50), fc.nat(50), fc.integer({ min: 1, max: 9 }));
    fc.assert(
      fc.property(key, key, (a, b) => {
        const same = JSON.stringify(a) === JSON.stringify(b);
        expect(compactionIdFor(...a) === compactionIdFor(...b)).toBe(same);
      }),
      { numRuns: 2_000 },
    );
    // Concatenations that spell alike stay apart.
    expect(compactionIdFor('a-b', 'c', 1, 2, 1)).not.toBe(compactionIdFor('a', 'b-c', 1, 2, 1));
    // …because no tenant id holds the separator.
    expect(isTenantId('a:b')).toBe(false);
    expect(compactionIdFor('t', 'main:1-2:a1', 3, 4, 1)).toMatch(/^cmp:t:main:1-2:a1:3-4:a1$/);
  });
});

describe('sessionView', () => {
  it('answers the API view from the state', () => {
    const { state, start } = withRunningUpload();
    expect(sessionView(state)).toEqual({
      sessionId: 'demo',
      contextWindowTokens: WINDOW,
      liveTokens: 500,
      ratio: 0.5,
      thresholds: { upload: 0.5, force: 0.7 },
      keepRecentTokens: 200,
      lastSeq: 20,
      boundarySeq: 0,
      summary: null,
      upload: {
        compactionId: start.compactionId,
        fromSeq: 1,
        toSeq: 12,
        status: 'running',
        forced: false,
        trigger: 'threshold',
      },
      breaker: { state: 'closed', halfOpen: false, consecutiveFailures: 0, lastError: null },
      compactions: { total: 0, failed: 0, degraded: 0 },
      calibration: null,
    });
  });

  it('reads a half-open breaker as open', () => {
    const state = {
      ...session(),
      breaker: { state: 'half-open' as const, consecutiveFailures: 3, lastError: 'x', openedAt: 0 },
    };
    expect(sessionView(state).breaker).toMatchObject({ state: 'open', halfOpen: true });
  });
});

describe('likelyHasOversizedToolResults', () => {
  it('flags one tool result over 30% of the window', () => {
    const state = applyTurn(session(), { messages: [a(1, 1, ['c']), r(2, 301, 'c')] }).state;
    expect(likelyHasOversizedToolResults(state)).toBe(true);
  });

  it('flags medium results that together exceed half the window', () => {
    const state = { ...session(), live: [r(1, 200, 'a'), r(2, 200, 'b'), r(3, 200, 'c')] };
    expect(likelyHasOversizedToolResults(state)).toBe(true);
    expect(likelyHasOversizedToolResults({ ...state, live: [r(1, 200, 'a')] })).toBe(false);
  });
});

describe('overflow recovery counters in the session state', () => {
  it('keeps counters per agent attempt', () => {
    const counters = { compactions: 1, truncated: 0, reset: 0, steps: 1, compactionFreedNothing: false };
    const state = withRecoveryCounters(session(), 'attempt-1', counters);
    expect(recoveryCountersOf(state, 'attempt-1')).toEqual(counters);
    expect(recoveryCountersOf(state, 'attempt-2').steps).toBe(0);
  });
});
