/**
 * A window learned from an overflow stays in force while the agent keeps posting its configured
 * window with every turn (as the OpenClaw plugin does), on the real stack; a different configured
 * window replaces both (docs/engine-rules.md, "The window").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codingTurn } from './agent-turns.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

const CONFIGURED = 200_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const view = async (sessionId: string) =>
  (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();

let turnCounter = 0;
async function turn(sessionId: string, contextWindowTokens: number): Promise<number> {
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    payload: { ...codingTurn(turnCounter++), contextWindowTokens },
  });
  expect(response.statusCode).toBe(202);
  return response.json().turn.toSeq;
}

async function settled(sessionId: string, toSeq: number) {
  return eventually(
    () => view(sessionId),
    (v) => v.lastSeq === toSeq,
  );
}

describe('the learned window', () => {
  it.each([150_000, 64_000, 8_192])(
    'a window of %i learned from an overflow survives the turns that post the configured window',
    async (learned) => {
      const sessionId = uniqueSessionId();
      await settled(sessionId, await turn(sessionId, CONFIGURED));
      const overflow = await h.app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/overflow`,
        payload: {
          attemptId: 'a1',
          error: `This model's maximum context length is ${learned} tokens. However, your messages resulted in ${learned + 900} tokens.`,
        },
      });
      expect(overflow.statusCode).toBe(200);
      expect((await view(sessionId)).contextWindowTokens).toBe(learned);

      let toSeq = 0;
      for (let i = 0; i < 4; i++) toSeq = await turn(sessionId, CONFIGURED);
      const after = await settled(sessionId, toSeq);
      expect(after.contextWindowTokens).toBe(learned);
      expect(after.ratio).toBeCloseTo(after.liveTokens / learned, 6);
    },
  );

  it('gives way to a different configured window (the agent switched models)', async () => {
    const sessionId = uniqueSessionId();
    await settled(sessionId, await turn(sessionId, CONFIGURED));
    await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/overflow`,
      payload: { attemptId: 'a1', error: 'maximum context length is 32000 tokens' },
    });
    expect((await view(sessionId)).contextWindowTokens).toBe(32_000);
    const after = await settled(sessionId, await turn(sessionId, 400_000));
    expect(after.contextWindowTokens).toBe(400_000);
  });
});
