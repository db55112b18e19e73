/**
 * The LLM fault matrix (issue 11 item 4): a compaction whose summarizer answers 500, 429 with
 * Retry-After, stalls past the call deadline, returns garbage, reports an overflow, or refuses
 * the key — each on the real stack. The README's "LLM faults" table states these outcomes; this
 * test is what keeps it true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, type FakeLlmBehaviour, rateLimit, startFakeLlm } from '../fake-llm/server.js';
import { codingTurn } from './agent-turns.js';
import { type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
  // A 3 s call deadline so that a stalled call fails (and is retried) within the test.
  h = await startHarness({ llmBaseUrl: fake.baseUrl, llmTimeoutMs: 3_000 });
});
afterAll(async () => {
  fake?.releaseStalled();
  await h?.stop();
  await fake?.close();
});

interface Outcome {
  status: string;
  /** The fallback level every chunk ended at (1 whole, 2 without oversized, 3 extractive). */
  level: number;
  /** Calls the summarizer received: the attempts of the LLM levels (3 for a retried fault). */
  llmCalls: number;
  breakerFailures: number;
}

async function compactWith(behaviour: FakeLlmBehaviour): Promise<Outcome> {
  fake.setBehaviour(behaviour);
  const sessionId = uniqueSessionId('llm-fault');
  for (let i = 0; i < 3; i++) {
    const turn = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: { ...codingTurn(i, { resultWords: 150 }), contextWindowTokens: 200_000 },
    });
    expect(turn.statusCode).toBe(202);
  }
  const before = fake.calls.length;
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/compact`,
    payload: { keepRecentTokens: 0 },
  });
  fake.releaseStalled();
  expect(response.statusCode, response.body).toBe(200);
  const compaction: Json = response.json();
  const view: Json = (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();
  return {
    status: compaction.status,
    level: Math.max(...compaction.chunks.map((c: Json) => c.level)),
    llmCalls: fake.calls.length - before,
    breakerFailures: view.breaker.consecutiveFailures,
  };
}

describe('LLM fault matrix (README "LLM faults")', () => {
  it.each<[string, FakeLlmBehaviour, Partial<Outcome>]>([
    ['success', 'succeed', { status: 'succeeded', level: 1, llmCalls: 1, breakerFailures: 0 }],
    ['500', 'fail500', { status: 'degraded', level: 3, llmCalls: 3, breakerFailures: 1 }],
    ['429 + Retry-After', rateLimit(1), { status: 'degraded', level: 3, llmCalls: 3, breakerFailures: 1 }],
    ['stall past the deadline', 'stall', { status: 'degraded', level: 3, llmCalls: 3, breakerFailures: 1 }],
    ['garbage', 'garbage', { status: 'degraded', level: 3, llmCalls: 3, breakerFailures: 1 }],
    ['overflow', 'overflow', { status: 'degraded', level: 3, llmCalls: 2, breakerFailures: 1 }],
    ['auth', 'auth', { status: 'degraded', level: 3, llmCalls: 1, breakerFailures: 1 }],
  ])('%s', async (name, behaviour, expected) => {
    const outcome = await compactWith(behaviour);
    console.log(`LLM fault ${name}: ${JSON.stringify(outcome)}`);
    expect(outcome).toMatchObject(expected);
  });
});
