import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBreakerReset,
  applyCompactionFinished,
  applyContextReset,
  applyObservedWindow,
  applyTurn,
  chooseCut,
  compactionIdFor,
  createSessionState,
  effectiveKeepRecentTokens,
  isTenantId,
  type LiveMessageMeta,
  likelyHasOversizedToolResults,
  liveTokensOf,
  planCompaction,
  planManualCompaction,
  recoveryCountersOf,
  resolveSessionSettings,
  type SessionCommand,
  type SessionState,
  safeRangeEnds,
  sessionView,
  updateSessionConfig,
  withRecoveryCounters,
} from '../../context/index.js';

// Metas: u = user, a = assistant (optionally with tool calls), r = tool result.
const u = (seq: number, tokens: number): LiveMessageMeta => ({ seq, tokens, role: 'user' });
const a = (seq: number, tokens: number, calls?: string[]): LiveMessageMeta =>
  calls ? { seq, tokens, role: 'assistant', toolCallIds: calls } : { seq, tokens, role: 'assistant' };
const r = (seq: number, tokens: number, id: string): LiveMessageMeta => ({
  seq,
  tokens,
  role: 'toolResult',
  toolCallId: id,
});

const WINDOW = 1_000; // keepRecentTokens defaults to 200, thresholds at 500 and 700 tokens

function session(overrides: Parameters<typeof createSessionState>[0]['settings'] = {}): SessionState {
  return createSessionState({ sessionId: 'demo', contextWindowTokens: WINDOW, settings: overrides });
}

/** Ten user/assistant exchanges of 50 tokens each (seq 1..20): 500 tokens, exactly the upload ratio. */
function exchanges(count: number, tokensEach = 25, firstSeq = 1): LiveMessageMeta[] {
  const metas: LiveMessageMeta[] = [];
  for (let i = 0; i < count; i++) {
    metas.push(u(firstSeq + 2 * i, tokensEach), a(firstSeq + 2 * i + 1, tokensEach));
  }
  return metas;
}

function commandOf<T extends SessionCommand['type']>(commands: SessionCommand[], type: T) {
  return commands.find((command) => command.type === type) as
    | Extract<SessionCommand, { type: T }>
    | undefined;
}

/** A session with a running upload over seq 1..12 (after 20 messages, 500 tokens). */
function withRunningUpload() {
  const { state, commands } = applyTurn(session(), { messages: exchanges(10) });
  const start = commandOf(commands, 'startCompaction')!;
  return { state, start };
}

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
    expect(resolveSessionSettings({ uploadRatio: 0.6, forceRatio: 0.4 }).forceRatio).toBe(0.6);
  });

  it('rejects invalid settings with a message naming the field', () => {
    expect(() => resolveSessionSettings({ uploadRatio: 2 })).toThrow(/uploadRatio/);
  });

  it('rejects a window that is not positive', () => {
    expect(() => createSessionState({ sessionId: 's', contextWindowTokens: 0 })).toThrow(RangeError);
  });
});

describe('applyTurn', () => {
  it('adds the turn to the live tokens and does nothing below the upload ratio', () => {
    const { state, commands } = applyTurn(session(), { messages: [u(1, 100), a(2, 100)] });
    expect(liveTokensOf(state)).toBe(200);
    expect(state.lastSeq).toBe(2);
    expect(commands).toEqual([]);
  });

  it('ignores a replayed turn (same seqs): same state, no commands', () => {
    const first = applyTurn(session(), { messages: [u(1, 100), a(2, 100)] });
    const replay = applyTurn(first.state, { messages: [u(1, 100), a(2, 100)] });
    expect(replay.state).toBe(first.state);
    expect(replay.commands).toEqual([]);
  });

  it('counts only the new messages of a partly replayed turn', () => {
    const first = applyTurn(session(), { messages: [u(1, 100)] });
    const next = applyTurn(first.state, { messages: [u(1, 100), a(2, 50)] });
    expect(liveTokensOf(next.state)).toBe(150);
  });

  it('marks a range and starts its compaction when the ratio reaches the upload ratio', () => {
    const { state, start } = withRunningUpload();
    expect(start).toEqual({
      type: 'startCompaction',
      compactionId: compactionIdFor(undefined, 'demo', 1, 12, 1),
      sessionId: 'demo',
      attempt: 1,
      trigger: 'threshold',
      fromSeq: 1,
      toSeq: 12,
      tokens: 300,
      previousCompactionId: null,
      replacesTokens: 300,
      contextWindowTokens: WINDOW,
    });
    expect(state.upload).toMatchObject({ status: 'running', fromSeq: 1, toSeq: 12, cleanedUp: false });
    expect(state.boundarySeq).toBe(0); // nothing is cleaned up yet
  });

  it('keeps about keepRecentTokens of the newest messages, cutting before a user message', () => {
    const { start } = withRunningUpload();
    // seq 13..20 (8 messages × 25 = 200 tokens) stay; seq 13 is a user message.
    expect(start.toSeq).toBe(12);
  });

  it('starts no second compaction while one is running', () => {
    const { state } = withRunningUpload();
    const next = applyTurn(state, { messages: [u(21, 50)] });
    expect(commandOf(next.commands, 'startCompaction')).toBeUndefined();
  });

  it('does not compact a range too small to shrink', () => {
    const big = createSessionState({ sessionId: 's', contextWindowTokens: 100_000 });
    // one huge answer must be kept; what lies before it (20 tokens) is below 2% of the window
    const { commands } = applyTurn(big, { messages: [u(1, 5), a(2, 5), u(3, 10), a(4, 60_000)] });
    expect(commands).toEqual([]);
  });

  it('force-cleans the marked range at the force ratio while its compaction still runs', () => {
    const { state } = withRunningUpload();
    const { state: next, commands } = applyTurn(state, { messages: [u(21, 100), a(22, 100)] }); // 700 tokens
    expect(commands).toEqual([
      {
        type: 'cleanup',
        compactionId: state.upload!.compactionId,
        fromSeq: 1,
        toSeq: 12,
        boundarySeq: 12,
        forced: true,
        summaryAttached: false,
      },
    ]);
    expect(next.boundarySeq).toBe(12);
    expect(next.live.map((meta) => meta.seq)).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22]);
    expect(next.summary).toBeNull();
    expect(next.upload).toMatchObject({ status: 'running', forced: true, cleanedUp: true });
  });

  it('marks and force-cleans in one turn when the ratio jumps past both thresholds', () => {
    const { state, commands } = applyTurn(session(), {
      messages: [...exchanges(10), u(21, 100), a(22, 100)],
    });
    expect(commands.map((command) => command.type)).toEqual(['startCompaction', 'cleanup']);
    expect(commandOf(commands, 'startCompaction')!.trigger).toBe('forced');
    expect(state.boundarySeq).toBe(commandOf(commands, 'startCompaction')!.toSeq);
  });

  it('starts no compaction while the breaker is open (pruning only)', () => {
    const state = {
      ...session(),
      breaker: { state: 'open' as const, consecutiveFailures: 3, lastError: 'x', openedAt: 0 },
    };
    expect(applyTurn(state, { messages: exchanges(10), now: 10 }).commands).toEqual([]);
  });
});

describe('applyCompactionFinished', () => {
  it('puts the summary in force and cleans up exactly the uploaded range', () => {
    const { state, start } = withRunningUpload();
    const later = applyTurn(state, { messages: [u(21, 10)] }).state; // arrived during the upload
    const { state: next, commands } = applyCompactionFinished(later, {
      compactionId: start.compactionId,
      status: 'succeeded',
      summaryTokens: 40,
    });
    expect(commands).toEqual([
      {
        type: 'cleanup',
        compactionId: start.compactionId,
        fromSeq: 1,
        toSeq: 12,
        boundarySeq: 12,
        forced: false,
        summaryAttached: true,
      },
    ]);
    expect(next.summary).toEqual({ compactionId: start.compactionId, tokens: 40, toSeq: 12 });
    expect(next.live.map((meta) => meta.seq)).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(liveTokensOf(next)).toBe(40 + 200 + 10);
    expect(next.compactions).toEqual({ total: 1, failed: 0, degraded: 0 });
  });

  it('attaches the summary to a range the force threshold already cleaned up', () => {
    const { state, start } = withRunningUpload();
    const forced = applyTurn(state, { messages: [u(21, 100), a(22, 100)] }).state;
    const { state: next, commands } = applyCompactionFinished(forced, {
      compactionId: start.compactionId,
      status: 'succeeded',
      summaryTokens: 40,
    });
    expect(commands).toEqual([
      { type: 'attachSummary', compactionId: start.compactionId, toSeq: 12, summaryTokens: 40 },
    ]);
    expect(next.boundarySeq).toBe(12);
    expect(next.summary?.tokens).toBe(40);
  });

  it('passes the summary in force to the next compaction, which must shrink both', () => {
    const { state, start } = withRunningUpload();
    const done = applyCompactionFinished(state, {
      compactionId: start.compactionId,
      status: 'succeeded',
      summaryTokens: 40,
    });
    const { commands } = applyTurn(done.state, { messages: exchanges(6, 25, 21) });
    const next = commandOf(commands, 'startCompaction')!;
    expect(next.previousCompactionId).toBe(start.compactionId);
    expect(next.fromSeq).toBe(13);
    expect(next.replacesTokens).toBe(next.tokens + 40);
  });

  it('treats a result that is not smaller than what it replaces as a failure', () => {
    const { state, start } = withRunningUpload();
    const { state: next } = applyCompactionFinished(state, {
      compactionId: start.compactionId,
      status: 'succeeded',
      summaryTokens: 300,
    });
    expect(next.summary).toBeNull();
    expect(next.upload).toMatchObject({
      status: 'failed',
      error: 'compaction did not reduce tokens (300 >= 300)',
    });
    expect(next.breaker.consecutiveFailures).toBe(1);
    expect(next.compactions).toEqual({ total: 1, failed: 1, degraded: 0 });
  });

  it('uses the tokensBefore the compaction measured when it reports one', () => {
    const { state, start } = withRunningUpload();
    const { state: next } = applyCompactionFinished(state, {
      compactionId: start.compactionId,
      status: 'succeeded',
      summaryTokens: 250,
      tokensBefore: 240,
    });
    expect(next.upload?.status).toBe('failed');
  });

  it('restores a force-cleaned range when its compaction fails, so no message is lost uncovered', () => {
    const { state, start } = withRunningUpload();
    const forced = applyTurn(state, { messages: [u(21, 100), a(22, 100)] }).state;
    const { state: next, commands } = applyCompactionFinished(forced, {
      compactionId: start.compactionId,
      status: 'failed',
      error: 'LLM unavailable',
    });
    expect(commands[0]).toEqual({
      type: 'restore',
      compactionId: start.compactionId,
      fromSeq: 1,
      toSeq: 12,
      boundarySeq: 0,
    });
    expect(next.boundarySeq).toBe(0);
    expect(next.live.map((meta) => meta.seq)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    expect(next.upload).toMatchObject({ status: 'failed', cleanedUp: false, error: 'LLM unavailable' });
  });

  it('attaches a degraded summary but counts it as a breaker failure', () => {
    const { state, start } = withRunningUpload();
    const { state: next } = applyCompactionFinished(state, {
      compactionId: start.compactionId,
      status: 'degraded',
      summaryTokens: 60,
    });
    expect(next.summary?.tokens).toBe(60);
    expect(next.upload?.status).toBe('degraded');
    expect(next.breaker.consecutiveFailures).toBe(1);
    expect(next.compactions).toEqual({ total: 1, failed: 0, degraded: 1 });
  });

  it('ignores a stale or repeated report', () => {
    const { state, start } = withRunningUpload();
    const done = applyCompactionFinished(state, {
      compactionId: start.compactionId,
      status: 'succeeded',
      summaryTokens: 40,
    });
    const again = applyCompactionFinished(done.state, {
      compactionId: start.compactionId,
      status: 'succeeded',
      summaryTokens: 40,
    });
    expect(again.state).toBe(done.state);
    expect(again.commands).toEqual([]);
    expect(applyCompactionFinished(state, { compactionId: 'other', status: 'failed' }).state).toBe(state);
  });

  it('opens the breaker at the third consecutive failure and says so', () => {
    let state = session();
    let seq = 1;
    const commands: SessionCommand[] = [];
    for (let i = 0; i < 3; i++) {
      const turn = applyTurn(state, { messages: exchanges(10, 25, seq) });
      seq += 20;
      const start = commandOf(turn.commands, 'startCompaction')!;
      const finished = applyCompactionFinished(turn.state, {
        compactionId: start.compactionId,
        status: 'failed',
        error: `e${i}`,
      });
      state = finished.state;
      commands.push(...finished.commands);
    }
    expect(state.breaker.state).toBe('open');
    expect(commandOf(commands, 'breakerChanged')).toEqual({
      type: 'breakerChanged',
      from: 'closed',
      to: 'open',
      consecutiveFailures: 3,
      reason: 'e2',
    });
    expect(applyTurn(state, { messages: [u(seq, 10)] }).commands).toEqual([]);
  });

  it('lets one trial through after a configured cooldown and closes on its success', () => {
    const open = {
      ...session({ breaker: { cooldownMs: 1_000 } }),
      breaker: { state: 'open' as const, consecutiveFailures: 3, lastError: 'x', openedAt: 0 },
    };
    expect(applyTurn(open, { messages: exchanges(10), now: 500 }).commands).toEqual([]);
    const trial = applyTurn(open, { messages: exchanges(10), now: 1_000 });
    expect(trial.state.breaker.state).toBe('half-open');
    const start = commandOf(trial.commands, 'startCompaction')!;
    const done = applyCompactionFinished(trial.state, {
      compactionId: start.compactionId,
      status: 'succeeded',
      summaryTokens: 10,
    });
    expect(done.state.breaker.state).toBe('closed');
  });
});

describe('chooseCut', () => {
  it('cuts before the newest user message that keeps at least keepRecentTokens', () => {
    const cut = chooseCut([u(1, 10), a(2, 10), u(3, 10), a(4, 10), u(5, 10), a(6, 10)], 15);
    expect(cut).toMatchObject({ fromSeq: 1, toSeq: 4, tokens: 40, keptTokens: 20, splitTurn: false });
  });

  it('never ends a range between a tool call and its result', () => {
    const live = [u(1, 10), a(2, 10, ['c1']), r(3, 10, 'c1'), a(4, 10, ['c2']), r(5, 10, 'c2'), a(6, 10)];
    const cut = chooseCut(live, 15)!;
    expect(live[cut.endIndex + 1]?.role).not.toBe('toolResult');
    expect(cut.toSeq).toBe(3); // a split turn, ending after the first result
    expect(cut.splitTurn).toBe(true);
  });

  it('splits a long agent turn at a safe assistant boundary rather than compact almost nothing', () => {
    const live = [
      u(1, 1),
      u(2, 1),
      a(3, 100, ['c1']),
      r(4, 100, 'c1'),
      a(5, 100, ['c2']),
      r(6, 100, 'c2'),
      a(7, 50),
    ];
    const cut = chooseCut(live, 50)!;
    expect(cut.toSeq).toBe(6);
    expect(cut.splitTurn).toBe(true);
  });

  it('prefers a user-turn boundary that compacts at least half of the ideal range', () => {
    const live = [u(1, 100), a(2, 100), u(3, 10), a(4, 10, ['c']), r(5, 10, 'c'), a(6, 10)];
    expect(chooseCut(live, 10)!.toSeq).toBe(2);
  });

  it('compacts everything with keepRecentTokens 0 (/new)', () => {
    expect(chooseCut([u(1, 10), a(2, 10)], 0)).toMatchObject({ toSeq: 2, keptTokens: 0 });
  });

  it('does not end at the last message while its tool calls await their results', () => {
    const cut = chooseCut([u(1, 10), a(2, 10), u(3, 10), a(4, 10, ['c'])], 0);
    expect(cut?.toSeq).toBe(2);
  });

  it('is null when everything must be kept or nothing is live', () => {
    expect(chooseCut([u(1, 10), a(2, 10)], 100)).toBeNull();
    expect(chooseCut([], 0)).toBeNull();
  });

  it('ends no later than maxToSeq', () => {
    expect(chooseCut(exchanges(5), 0, { maxToSeq: 5 })?.toSeq).toBe(4);
  });
});

describe('safeRangeEnds', () => {
  it('never ends right before a tool result, even when the metas carry no call ids', () => {
    const live: LiveMessageMeta[] = [
      u(1, 1),
      { seq: 2, tokens: 1, role: 'assistant' },
      { seq: 3, tokens: 1, role: 'toolResult' },
      u(4, 1),
    ];
    expect(safeRangeEnds(live)).toEqual([true, false, true, true]);
  });

  it('forbids ending where a later result answers an earlier call', () => {
    // results arrive after an unrelated user message: the whole span is one group
    expect(safeRangeEnds([a(1, 1, ['c']), u(2, 1), r(3, 1, 'c'), u(4, 1)])).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('manual, overflow and replay compactions', () => {
  it('/new compacts everything, keeping nothing', () => {
    const state = applyTurn(session(), { messages: [u(1, 10), a(2, 10)] }).state;
    const plan = planManualCompaction(state, { keepRecentTokens: 0 });
    expect(plan.type).toBe('started');
    if (plan.type !== 'started') return;
    expect(plan.commands[0]).toMatchObject({
      type: 'startCompaction',
      trigger: 'manual',
      fromSeq: 1,
      toSeq: 2,
    });
  });

  it('/compact keeps the default recent tokens', () => {
    const state = applyTurn(session(), { messages: exchanges(8) }).state; // 400 tokens, below the upload ratio
    const plan = planManualCompaction(state);
    expect(plan.type === 'started' && plan.commands[0]).toMatchObject({ fromSeq: 1, toSeq: 8 });
  });

  it('waits for a running compaction instead of starting a second one', () => {
    const { state, start } = withRunningUpload();
    expect(planManualCompaction(state)).toEqual({ type: 'busy', compactionId: start.compactionId });
  });

  it('says when there is nothing to compact', () => {
    expect(planManualCompaction(session())).toEqual({ type: 'nothing', reason: 'empty' });
  });

  it('runs a manual compaction even with the breaker open, and its success closes the breaker', () => {
    const open = {
      ...applyTurn(session(), { messages: [u(1, 10), a(2, 10)] }).state,
      breaker: { state: 'open' as const, consecutiveFailures: 3, lastError: 'x', openedAt: 0 },
    };
    const plan = planManualCompaction(open, { keepRecentTokens: 0 });
    if (plan.type !== 'started') throw new Error('expected a start');
    const done = applyCompactionFinished(plan.state, {
      compactionId: plan.compactionId,
      status: 'succeeded',
      summaryTokens: 5,
    });
    expect(done.state.breaker.state).toBe('closed');
    expect(done.state.boundarySeq).toBe(2);
  });

  it('an overflow compacts the recent turns too when keeping them would leave nothing to compact', () => {
    // One live turn, larger than the keep: a threshold or manual cut keeps it whole.
    const state = applyTurn(session(), { messages: [u(1, 3_000), a(2, 10)] }).state;
    expect(planCompaction(state, { trigger: 'overflow' })).toEqual({ type: 'nothing', reason: 'empty' });
    const plan = planCompaction(state, { trigger: 'overflow', keepNothingWhenEmpty: true });
    expect(plan.type === 'started' && plan.commands[0]).toMatchObject({
      trigger: 'overflow',
      fromSeq: 1,
      toSeq: 2,
    });
  });

  it('keeps the recent turns on an overflow when older ones can be compacted', () => {
    const state = applyTurn(session(), { messages: exchanges(8) }).state;
    const withFallback = planCompaction(state, { trigger: 'overflow', keepNothingWhenEmpty: true });
    const without = planCompaction(state, { trigger: 'overflow' });
    expect(withFallback.type).toBe('started');
    expect(withFallback.type === 'started' && withFallback.commands[0]).toEqual(
      without.type === 'started' && without.commands[0],
    );
  });

  it('refuses an overflow compaction while the breaker is open', () => {
    const open = {
      ...session(),
      breaker: { state: 'open' as const, consecutiveFailures: 3, lastError: 'x', openedAt: 0 },
    };
    expect(planCompaction(open, { trigger: 'overflow' })).toEqual({
      type: 'nothing',
      reason: 'breaker-open',
    });
  });

  it('replays over the failed range, ending no later than its end', () => {
    const state = applyTurn(session(), { messages: exchanges(4) }).state;
    const plan = planCompaction(state, { trigger: 'replay', keepRecentTokens: 0, maxToSeq: 4 });
    expect(plan.type === 'started' && plan.commands[0]).toMatchObject({
      trigger: 'replay',
      fromSeq: 1,
      toSeq: 4,
    });
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
