import { describe, expect, it } from 'vitest';
import {
  applyCompactionFinished,
  applyTurn,
  liveTokensOf,
  type SessionCommand,
} from '../../context/index.js';
import { a, commandOf, exchanges, session, u, withRunningUpload } from './session-fixtures.js';

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
