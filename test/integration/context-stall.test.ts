/**
 * One request cannot stall everyone (issue 19 item 6), on the real stack: while `GET /context`
 * serves sessions holding huge user messages (4–15 MiB, as a string or as text blocks, with or
 * without leading whitespace), another tenant's trivial context read answers within a bound. The
 * recall query used to join, trim, normalise and collapse the whole message on the event loop
 * (2.2 s and +300 MB a call, measured); it now reads a constant prefix.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../../db/api-keys.js';
import { scaled } from '../time-scale.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let app: FastifyInstance;
const keys = { a: '', b: '' };

beforeAll(async () => {
  h = await startHarness({ auth: 'required' });
  app = h.app;
  keys.a = (await createApiKey(h.database.db, { tenantId: `stall-a-${randomUUID()}`, role: 'agent' })).key;
  keys.b = (await createApiKey(h.database.db, { tenantId: `stall-b-${randomUUID()}`, role: 'agent' })).key;
});
afterAll(async () => {
  await h?.stop();
});

const as = (key: string) => ({ authorization: `Bearer ${key}` });

async function postTurn(key: string, sessionId: string, turnId: string, messages: unknown[]) {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    headers: as(key),
    payload: { turnId, messages, contextWindowTokens: 100_000_000 },
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(202);
  const toSeq = response.json().turn.toSeq;
  await eventually(
    async () =>
      (
        await app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/context`, headers: as(key) })
      ).json(),
    (context) => context.lastSeq >= toSeq,
    { intervalMs: 500 },
  );
}

/** Prose of `bytes` characters: words, numbers, punctuation, newlines. */
function prose(bytes: number, seed: number): string {
  const words = ['parse', 'the', 'buffer', 'window', 'token', '42', 'summary,', 'retry.', '\n'];
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const word = words[(i * 7 + seed) % words.length]!;
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(' ').slice(0, bytes);
}

const MiB = 1024 * 1024;
const shapes = [
  { name: 'a 15 MiB string', message: () => ({ role: 'user', content: prose(15 * MiB, 1) }) },
  {
    name: '12 MiB in three text blocks',
    message: () => ({
      role: 'user',
      content: [0, 1, 2].map((k) => ({ type: 'text', text: prose(4 * MiB, k) })),
    }),
  },
  {
    name: '10 MiB after 1 MiB of whitespace',
    message: () => ({ role: 'user', content: ' \n'.repeat(MiB / 2) + prose(10 * MiB, 3) }),
  },
  { name: '4 MiB as the only user message', message: () => ({ role: 'user', content: prose(4 * MiB, 4) }) },
];

it("keeps another tenant's trivial context read fast while huge user messages are served", async () => {
  const huge: string[] = [];
  for (const [n, shape] of shapes.entries()) {
    const sessionId = uniqueSessionId(`huge-${n}`);
    const messages: unknown[] = [shape.message()];
    if (n < 3)
      messages.push({ role: 'assistant', content: [{ type: 'text', text: 'ok' }], stopReason: 'stop' });
    await postTurn(keys.a, sessionId, 't1', messages);
    huge.push(sessionId);
  }
  const small = uniqueSessionId('small');
  await postTurn(keys.b, small, 't1', [
    { role: 'user', content: 'what changed in the parser since yesterday?' },
  ]);

  const read = (key: string, sessionId: string) =>
    app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/context`, headers: as(key) });
  // Warm up the small read (first-call costs are not the property).
  expect((await read(keys.b, small)).statusCode).toBe(200);

  // Each huge read of tenant A in turn; tenant B reads its small session again and again meanwhile.
  const latencies: number[] = [];
  for (const sessionId of huge) {
    let inFlight = true;
    const big = read(keys.a, sessionId).finally(() => {
      inFlight = false;
    });
    while (inFlight) {
      const started = performance.now();
      const response = await read(keys.b, small);
      latencies.push(performance.now() - started);
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answer = await big;
    expect(answer.statusCode).toBe(200);
    expect(answer.json().recall.query).not.toBeNull();
    expect(answer.json().recall.query.length).toBeLessThanOrEqual(5 * 200 + 4);
  }
  const worst = Math.max(...latencies);
  console.info(`context-stall: worst small read ${Math.round(worst)} ms over ${latencies.length} reads`);
  // Measured (a loaded two-core machine): 2,600 ms at worst before the bounded recall prefix,
  // 439–1,140 ms after (docs/limits.md). 1.5 s keeps the stall out with room for a busy box.
  expect(worst, `latencies: ${latencies.map(Math.round).join(', ')}`).toBeLessThanOrEqual(scaled(1_500));
});
