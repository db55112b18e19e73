/**
 * Live tokens calibrated by the provider's usage, on the real stack (API → Temporal → workflow →
 * PostgreSQL view): a turn's reported prompt size replaces molt's estimate of everything before
 * the assistant message it produced; later messages are estimated on top.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMessages } from '../../db/transcript.js';
import { codingTurn, withAnswerUsage } from './agent-turns.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const exchange = (turnId: string, usage?: Record<string, number>) => ({
  turnId,
  contextWindowTokens: 50_000,
  messages: [
    { role: 'user', content: `question ${turnId}: what does the retry budget cover?` },
    { role: 'assistant', content: [{ type: 'text', text: `answer ${turnId}: only idempotent calls.` }] },
  ],
  ...(usage ? { usage } : {}),
});

const post = async (sessionId: string, body: object) => {
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    payload: body,
  });
  expect(response.statusCode).toBe(202);
  return response.json().turn as { fromSeq: number; toSeq: number };
};
const view = async (sessionId: string) =>
  (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();
const settled = (sessionId: string, lastSeq: number) =>
  eventually(
    () => view(sessionId),
    (v) => v.lastSeq === lastSeq,
  );
/** molt's stored estimate of each message, by seq. */
const estimates = async (sessionId: string) =>
  new Map(
    (await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 })).map((row) => [
      row.seq,
      row.tokens,
    ]),
  );

describe('live tokens calibrated by usage', () => {
  it("follow the turn's reported prompt size plus the estimate of its answer", async () => {
    const sessionId = uniqueSessionId();
    await post(sessionId, exchange('t1'));
    // System prompt and tools make the prompt far larger than the two earlier messages.
    await post(sessionId, exchange('t2', { input: 1_200, cacheRead: 6_000, cacheWrite: 300, output: 40 }));
    const calibrated = await settled(sessionId, 4);
    const tokens = await estimates(sessionId);
    expect(calibrated.calibration).toEqual({ seq: 4, providerTokens: 7_500, mode: 'exact' });
    expect(calibrated.liveTokens).toBe(7_500 + tokens.get(4)!);
    expect(calibrated.ratio).toBeCloseTo(calibrated.liveTokens / 50_000);
  });

  it("add later turns' estimates to the provider's count until the next report", async () => {
    const sessionId = uniqueSessionId();
    await post(sessionId, exchange('t1', { input: 5_000 }));
    await post(sessionId, exchange('t2'));
    const later = await settled(sessionId, 4);
    const tokens = await estimates(sessionId);
    expect(later.calibration).toMatchObject({ seq: 2, providerTokens: 5_000 });
    expect(later.liveTokens).toBe(5_000 + tokens.get(2)! + tokens.get(3)! + tokens.get(4)!);
  });

  it("take an assistant message's own usage (OpenClaw's) in a turn with several calls", async () => {
    const sessionId = uniqueSessionId();
    const turn = await post(sessionId, {
      ...withAnswerUsage(codingTurn(0), { input: 250, cacheRead: 9_000 }),
      contextWindowTokens: 50_000,
    });
    const calibrated = await settled(sessionId, turn.toSeq);
    const tokens = await estimates(sessionId);
    expect(calibrated.calibration).toEqual({ seq: turn.toSeq, providerTokens: 9_250, mode: 'exact' });
    expect(calibrated.liveTokens).toBe(9_250 + tokens.get(turn.toSeq)!);
  });

  it('keep the estimate when the report cannot be the whole prompt', async () => {
    const sessionId = uniqueSessionId();
    await post(sessionId, exchange('t1'));
    // Only the uncached part: a few tokens for a prompt molt estimates at dozens.
    await post(sessionId, exchange('t2', { input: 3 }));
    const estimated = await settled(sessionId, 4);
    const tokens = await estimates(sessionId);
    expect(estimated.calibration).toBeNull();
    expect(estimated.liveTokens).toBe([...tokens.values()].reduce((sum, t) => sum + t, 0));
  });
});
