/**
 * An LLM outage never ends a session (issue 32 items 1 and 2): with the summarizer refusing
 * connections, a session of a 4K window runs 100 turns; compactions degrade to the digest, the
 * breaker opens and compactions go on offline; the overflow tree never answers `give_up` while an
 * offline compaction can shrink the context; `GET /context` never serves more than the window; the
 * degraded compaction's row names the provider's error; turns and contexts say the breaker is open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../cli/temporal-dev-server.js';
import { codingTurn } from './agent-turns.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

const WINDOW = 4_000;
let h: Harness;
beforeAll(async () => {
  // Nothing listens on this port: every summarizer call is refused (connect ECONNREFUSED).
  const refused = await freePort();
  h = await startHarness({ llmBaseUrl: `http://127.0.0.1:${refused}/v1`, llmTimeoutMs: 2_000 });
});
afterAll(async () => {
  await h?.stop();
});

const get = async (url: string): Promise<Json> => (await h.app.inject({ method: 'GET', url })).json();

describe('a 4K session while the LLM refuses connections', () => {
  it('runs 100 turns without give_up, never serves more than the window, and says why', async () => {
    const sessionId = uniqueSessionId('llm-down');
    const warnings = new Set<string>();
    const answers: string[] = [];
    for (let i = 0; i < 100; i++) {
      const turn = await h.app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/turns`,
        payload: { ...codingTurn(i, { resultWords: 40 }), contextWindowTokens: WINDOW },
      });
      expect(turn.statusCode, turn.body).toBe(202);
      for (const w of turn.json().warnings) warnings.add(w.code);
      const context = await get(`/v1/sessions/${sessionId}/context`);
      expect(context.estimatedTokens).toBeLessThanOrEqual(WINDOW);
      for (const w of context.warnings) warnings.add(w.code);
      if (i % 25 === 24) {
        // The agent's provider refused the prompt: the session must compact, not give up.
        const overflow = await h.app.inject({
          method: 'POST',
          url: `/v1/sessions/${sessionId}/overflow`,
          payload: {
            attemptId: `a${i}`,
            error: `prompt is too long: ${WINDOW + 200} tokens > ${WINDOW} maximum`,
          },
        });
        expect(overflow.statusCode, overflow.body).toBe(200);
        answers.push(overflow.json().action);
      }
    }
    expect(answers).not.toContain('give_up');

    const view = await eventually(
      () => get(`/v1/sessions/${sessionId}`),
      (v) => v.lastSeq > 0 && v.upload?.status !== 'running' && v.breaker.state === 'open',
    );
    // The breaker opened after three degraded compactions, and compactions went on offline.
    expect(view.compactions.total).toBeGreaterThan(3);
    expect(view.breaker.lastError).toMatch(/ECONNREFUSED|fetch failed|connect/i);
    expect(warnings).toContain('breaker_open');

    const list = await get(`/v1/compactions?sessionId=${sessionId}&limit=200`);
    const verdicts = list.items.map((c: Json) => c.verdict);
    expect(verdicts).toContain('degraded');
    expect(verdicts).toContain('offline');
    // A degraded compaction's row names the provider's error, once.
    const degraded = list.items.find((c: Json) => c.verdict === 'degraded');
    expect(degraded.cause).toMatch(/ECONNREFUSED|fetch failed|connect/i);
    const detail = await get(`/v1/compactions/${degraded.id}`);
    expect(detail.cause).toBe(degraded.cause);
  });
});
