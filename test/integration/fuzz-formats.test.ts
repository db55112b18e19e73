/**
 * Fuzzing the `openai` and `anthropic` formats (issue 19 item 8), beside fuzz.test.ts: generated
 * turns (test/fuzz/format-arbitraries.ts) are either read back identical in their own format —
 * OpenAI arguments strings byte for byte — or refused with a 400 naming the field, storing
 * nothing: one lossy field (`name`, `refusal`, `cache_control`, `citations`, an unknown key) at a
 * random place, or a number a double cannot hold written into the body.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readMessages } from '../../db/transcript.js';
import { formatTurn, lossyFormatTurn } from '../fuzz/format-arbitraries.js';
import { type Harness, startHarness, uniqueSessionId } from './harness.js';

const RUNS = Math.max(20, Math.round(Number(process.env.MOLT_FUZZ_RUNS ?? 10_000) / 100));
const SEED = Number(process.env.MOLT_FUZZ_SEED ?? 20_261_123);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const post = (sessionId: string, text: string) =>
  h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    payload: text,
    headers: { 'content-type': 'application/json' },
  });
const body = (format: string, messages: string) =>
  `{"turnId":"t1","format":"${format}","contextWindowTokens":2000000,"messages":${messages}}`;
const stored = (sessionId: string) => readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });

it(`reads ${RUNS} generated turns back identical in their own format`, async () => {
  await fc.assert(
    fc.asyncProperty(formatTurn, async (turn) => {
      const sessionId = uniqueSessionId(`fmt-${turn.format}`);
      const text = JSON.stringify(turn.messages);
      const response = await post(sessionId, body(turn.format, text));
      expect(response.statusCode, response.body.slice(0, 300)).toBe(202);
      const back = await h.app.inject({
        method: 'GET',
        url: `/v1/sessions/${sessionId}/context?format=${turn.format}&recall=false`,
      });
      expect(JSON.stringify(back.json().messages)).toBe(text);
    }),
    { numRuns: RUNS, seed: SEED },
  );
});

it(`refuses ${RUNS} turns with a field their format cannot send back, naming it`, async () => {
  await fc.assert(
    fc.asyncProperty(lossyFormatTurn, async (turn) => {
      const sessionId = uniqueSessionId(`lossy-${turn.format}`);
      const response = await post(sessionId, body(turn.format, JSON.stringify(turn.messages)));
      expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
      expect(response.json().error.message.startsWith(`${turn.path}: `), response.body).toBe(true);
      expect(await stored(sessionId)).toEqual([]);
    }),
    { numRuns: RUNS, seed: SEED },
  );
});

it(`refuses ${RUNS} turns holding a number a double cannot hold, in every format`, async () => {
  const inexact = fc.oneof(
    fc
      .bigInt({ min: 2n ** 53n + 1n, max: 10n ** 30n })
      .filter((n) => BigInt(Number(n)) !== n)
      .map(String),
    fc.constantFrom('1e400', '-1e400', '1e-400', '0.12345678901234567', '123456789.123456789'),
  );
  await fc.assert(
    fc.asyncProperty(formatTurn, inexact, fc.nat(3), async (turn, literal, at) => {
      const sessionId = uniqueSessionId(`num-${turn.format}`);
      const messages = turn.messages.map((m, i) =>
        i === at ? JSON.stringify(m).replace(/^\{/, `{"n":${literal},`) : JSON.stringify(m),
      );
      const response = await post(sessionId, body(turn.format, `[${messages.join(',')}]`));
      expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
      expect(response.json().error.message.startsWith(`body.messages.${at}.n: `), response.body).toBe(true);
      expect(await stored(sessionId)).toEqual([]);
    }),
    { numRuns: RUNS, seed: SEED },
  );
});
