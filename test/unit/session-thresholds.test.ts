import { describe, expect, it } from 'vitest';
import { applyTurn, compactionIdFor, createSessionState, liveTokensOf } from '../../context/index.js';
import { a, commandOf, exchanges, session, u, WINDOW, withRunningUpload } from './session-fixtures.js';

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
