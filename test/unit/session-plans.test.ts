import { describe, expect, it } from 'vitest';
import {
  applyCompactionFinished,
  applyTurn,
  planCompactionRange,
  planManualCompaction,
} from '../../context/index.js';
import { a, exchanges, session, u, withRunningUpload } from './session-fixtures.js';

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
    expect(planCompactionRange(state, { trigger: 'overflow' })).toEqual({ type: 'nothing', reason: 'empty' });
    const plan = planCompactionRange(state, { trigger: 'overflow', keepNothingWhenEmpty: true });
    expect(plan.type === 'started' && plan.commands[0]).toMatchObject({
      trigger: 'overflow',
      fromSeq: 1,
      toSeq: 2,
    });
  });

  it('keeps the recent turns on an overflow when older ones can be compacted', () => {
    const state = applyTurn(session(), { messages: exchanges(8) }).state;
    const withFallback = planCompactionRange(state, { trigger: 'overflow', keepNothingWhenEmpty: true });
    const without = planCompactionRange(state, { trigger: 'overflow' });
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
    expect(planCompactionRange(open, { trigger: 'overflow' })).toEqual({
      type: 'nothing',
      reason: 'breaker-open',
    });
  });

  it('replays over the failed range, ending no later than its end', () => {
    const state = applyTurn(session(), { messages: exchanges(4) }).state;
    const plan = planCompactionRange(state, { trigger: 'replay', keepRecentTokens: 0, maxToSeq: 4 });
    expect(plan.type === 'started' && plan.commands[0]).toMatchObject({
      trigger: 'replay',
      fromSeq: 1,
      toSeq: 4,
    });
  });
});
