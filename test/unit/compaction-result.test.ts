import { describe, expect, it } from 'vitest';
import {
  applyCompactionFinished,
  applyCompactionResult,
  applyTurn,
  createSessionState,
  type LiveMessageMeta,
  type SessionState,
} from '../../context/index.js';

/** `turns` user/assistant pairs of 500 tokens each, from seq `first`. */
function metas(first: number, turns: number): LiveMessageMeta[] {
  const out: LiveMessageMeta[] = [];
  for (let i = 0; i < turns; i++) {
    out.push(
      { seq: first + 2 * i, role: 'user', tokens: 500 },
      { seq: first + 2 * i + 1, role: 'assistant', tokens: 500 },
    );
  }
  return out;
}

/** A session whose upload is running while later turns have pushed the context past 70% again. */
function busySession(): { state: SessionState; compactionId: string } {
  let state = createSessionState({ sessionId: 's', contextWindowTokens: 20_000 });
  state = applyTurn(state, { messages: metas(1, 11) }).state;
  const compactionId = state.upload!.compactionId;
  state = applyTurn(state, { messages: metas(23, 12) }).state;
  expect(state.upload).toMatchObject({ compactionId, status: 'running' });
  return { state, compactionId };
}

describe('applyCompactionResult', () => {
  it('starts the next compaction at once when the context is still over a threshold after a success', () => {
    const { state, compactionId } = busySession();
    const result = { compactionId, status: 'succeeded' as const, summaryTokens: 300 };
    const only = applyCompactionFinished(state, result);
    expect(only.commands.some((c) => c.type === 'startCompaction')).toBe(false);

    const next = applyCompactionResult(state, result);
    expect(next.state.summary?.compactionId).toBe(compactionId);
    const started = next.commands.find((c) => c.type === 'startCompaction');
    expect(started).toBeDefined();
    expect(next.state.upload?.compactionId).not.toBe(compactionId);
  });

  it('starts nothing after a failure, leaving the next turn to decide', () => {
    const { state, compactionId } = busySession();
    const next = applyCompactionResult(state, { compactionId, status: 'failed', error: 'LLM down' });
    expect(next.commands.some((c) => c.type === 'startCompaction')).toBe(false);
    expect(next.state.upload).toMatchObject({ compactionId, status: 'failed' });
  });
});
