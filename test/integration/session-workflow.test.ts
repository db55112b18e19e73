import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionWorkflowId, stateQuery, type TurnSignal, turnSignal } from '../../workflows/contract.js';
import type { sessionWorkflow } from '../../workflows/session/session.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const turn = (turnId: string, seq: number, tokens: number): TurnSignal => ({
  turnId,
  messages: [{ seq, role: 'user', tokens }],
});

describe('sessionWorkflow', () => {
  it('keeps every turn, once, across continue-as-new', async () => {
    const sessionId = uniqueSessionId();
    const workflowId = sessionWorkflowId('default', sessionId);
    const start = (signal: TurnSignal) =>
      h.client.workflow.signalWithStart<typeof sessionWorkflow, [TurnSignal]>('sessionWorkflow', {
        workflowId,
        taskQueue: h.taskQueue,
        // A small cap forces several continue-as-new runs within a short test.
        args: [{ tenantId: 'default', sessionId, contextWindowTokens: 100_000, maxHistoryEvents: 40 }],
        signal: turnSignal,
        signalArgs: [signal],
      });
    const firstRunId = (await start(turn('t1', 1, 1))).signaledRunId;
    let expectedTokens = 1;
    for (let seq = 2; seq <= 60; seq++) {
      expectedTokens += seq;
      await start(turn(`t${seq}`, seq, seq));
      // Every tenth turn is delivered twice, as an API retry would: it must count once.
      if (seq % 10 === 0) await start(turn(`t${seq}`, seq, seq));
    }
    const handle = h.client.workflow.getHandle(workflowId);
    const state = await eventually(
      () => handle.query(stateQuery),
      (s) => s.lastSeq === 60,
    );
    expect(state.liveTokens).toBe(expectedTokens);
    // The history cap forced at least one continue-as-new: the current run is not the first.
    await eventually(
      () => handle.describe(),
      (d) => d.runId !== firstRunId,
    );
    expect((await handle.query(stateQuery)).liveTokens).toBe(expectedTokens);
  });
});
