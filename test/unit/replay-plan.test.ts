import { describe, expect, it } from 'vitest';
import {
  applyCompactionFinished,
  applyTurn,
  createSessionState,
  type LiveMessageMeta,
  planCompactionRange,
  planReplay,
  type SessionState,
} from '../../context/index.js';

/** A session of `turns` user/assistant pairs of 500 tokens each, in a 20 000-token window. */
function session(turns: number): SessionState {
  const messages: LiveMessageMeta[] = [];
  for (let i = 0; i < turns; i++) {
    messages.push(
      { seq: 2 * i + 1, role: 'user', tokens: 500 },
      { seq: 2 * i + 2, role: 'assistant', tokens: 500 },
    );
  }
  const state = createSessionState({
    sessionId: 's',
    contextWindowTokens: 20_000,
    settings: { uploadRatio: 0.9 },
  });
  return applyTurn(state, { messages }).state;
}

function compactedBy(status: 'degraded' | 'failed') {
  const plan = planCompactionRange(session(8), { trigger: 'manual', keepRecentTokens: 2_000 });
  if (plan.type !== 'started') throw new Error('expected a compaction');
  const upload = plan.state.upload!;
  const finished = applyCompactionFinished(plan.state, {
    compactionId: plan.compactionId,
    status,
    ...(status === 'degraded' ? { summaryTokens: 300 } : { error: 'LLM down' }),
  });
  return { state: finished.state, upload };
}

describe('planReplay', () => {
  it('summarises a degraded range again when its summary is still in force, without moving the boundary', () => {
    const { state, upload } = compactedBy('degraded');
    const replay = {
      compactionId: upload.compactionId,
      fromSeq: upload.fromSeq,
      toSeq: upload.toSeq,
      previousCompactionId: null,
      tokens: upload.tokens,
    };
    const plan = planReplay(state, replay);
    expect(plan.type).toBe('started');
    if (plan.type !== 'started') return;
    expect(plan.commands[0]).toMatchObject({
      type: 'startCompaction',
      trigger: 'replay',
      fromSeq: upload.fromSeq,
      toSeq: upload.toSeq,
    });
    expect(plan.state.boundarySeq).toBe(state.boundarySeq);

    const done = applyCompactionFinished(plan.state, {
      compactionId: plan.compactionId,
      status: 'succeeded',
      summaryTokens: 200,
    });
    expect(done.state.summary).toEqual({ compactionId: plan.compactionId, tokens: 200, toSeq: upload.toSeq });
    expect(done.state.boundarySeq).toBe(state.boundarySeq);
    expect(done.state.live).toEqual(state.live);
  });

  it('compacts a failed range again from the live context, ending no later than the range', () => {
    const { state, upload } = compactedBy('failed');
    expect(state.boundarySeq).toBe(0);
    const plan = planReplay(state, {
      compactionId: upload.compactionId,
      fromSeq: upload.fromSeq,
      toSeq: upload.toSeq,
      previousCompactionId: null,
      tokens: upload.tokens,
    });
    expect(plan.type).toBe('started');
    if (plan.type !== 'started') return;
    expect(plan.state.upload).toMatchObject({ trigger: 'replay', fromSeq: 1 });
    expect(plan.state.upload!.toSeq).toBeLessThanOrEqual(upload.toSeq);
  });

  it('has nothing to replay once a newer summary covers the range', () => {
    const { state, upload } = compactedBy('degraded');
    const superseded = { ...state, summary: { compactionId: 'newer', tokens: 100, toSeq: upload.toSeq + 4 } };
    expect(
      planReplay(superseded, {
        compactionId: upload.compactionId,
        fromSeq: upload.fromSeq,
        toSeq: upload.toSeq,
        previousCompactionId: null,
        tokens: upload.tokens,
      }),
    ).toEqual({
      type: 'nothing',
      reason: 'empty',
    });
  });
});
