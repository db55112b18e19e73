/**
 * Coalesced turns (issue 24 item 2, docs/architecture.md#coalesced-turns): 202 means stored, and
 * the dispatcher delivers every stored turn to its session's workflow exactly once, in seq order —
 * across a dispatcher that dies between the commit and the signal, or between the signal and the
 * outbox rows' deletion, and an API started again on the same database.
 *
 * "Dies" is a fault hook of the dispatcher: a delivery throws at that point, every time, so the
 * rows stay exactly as a process killed there leaves them (committed turns, no signal; or signal
 * accepted, rows not deleted). The API is then closed and a new one started; its start-up sweep
 * must deliver what was left.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OutboxTurn } from '../../api/ingest/turn-outbox.js';
import { buildApi } from '../../api/server.js';
import { readMessages } from '../../db/transcript.js';
import { countOutboxTurns } from '../../db/turn-outbox.js';
import { scaled } from '../time-scale.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

type Crash = 'none' | 'beforeSignal' | 'beforeDelete' | 'random';
let crash: Crash = 'none';
let random = () => Math.random();
const crashes = { beforeSignal: 0, beforeDelete: 0 };
/** Batches that will die before their rows are deleted: decided when the batch was read. */
const diesBeforeDelete = new WeakSet<readonly OutboxTurn[]>();
const beforeSignal = (turns: readonly OutboxTurn[]) => {
  if (crash === 'beforeSignal' || (crash === 'random' && random() < 0.25)) {
    crashes.beforeSignal += 1;
    throw new Error('the dispatcher dies before signalling');
  }
  if (crash === 'beforeDelete' || (crash === 'random' && random() < 0.35)) diesBeforeDelete.add(turns);
};
const beforeDelete = (turns: readonly OutboxTurn[]) => {
  if (!diesBeforeDelete.has(turns)) return;
  crashes.beforeDelete += 1;
  throw new Error('the dispatcher dies before deleting the rows it signalled');
};
const faults = { beforeSignal, beforeDelete };

let h: Harness;
let restarted: FastifyInstance | undefined;

beforeAll(async () => {
  h = await startHarness({
    turnDispatch: {
      // Short: a session's next turn (or the sweep) retries what a "crash" left.
      intervalMs: 20,
      sweepMs: 300,
      faults,
    },
  });
});
afterAll(async () => {
  await restarted?.close();
  await h?.stop();
});

const turn = (turnId: string, count: number, words: number) => ({
  turnId,
  contextWindowTokens: 1_000_000,
  messages: Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? { role: 'user', content: `${turnId} question ${'word '.repeat(words)}` }
      : { role: 'assistant', content: [{ type: 'text', text: `${turnId} answer` }], stopReason: 'stop' },
  ),
});

const post = (app: FastifyInstance, sessionId: string, body: object) =>
  app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/turns`, payload: body });

/** The workflow applied every stored seq once: lastSeq and live tokens equal the transcript's. */
async function expectAppliedOnce(app: FastifyInstance, sessionId: string): Promise<void> {
  const stored = await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
  expect(stored.map((m) => m.seq)).toEqual(stored.map((_, i) => i + 1));
  const tokens = stored.reduce((sum, m) => sum + m.tokens, 0);
  const view = await eventually(
    async () => (await app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json(),
    (v) => v.lastSeq === stored.length,
    { timeoutMs: 120_000 },
  );
  // A seq applied twice would count its tokens twice; one skipped or out of order, not at all.
  expect(view.liveTokens, sessionId).toBe(tokens);
  // A batch signalled by a dispatcher that died before deleting its rows is sent again (and skipped).
  await eventually(
    () => countOutboxTurns(h.database.db, 'default', sessionId),
    (n) => n === 0,
  );
}

it(
  'loses no turn and applies none twice when the dispatcher dies between commit and signal, or before deleting',
  async () => {
    const sessions = Array.from({ length: 4 }, (_, i) => uniqueSessionId(`outbox-crash-${i}`));
    // Phase 1: signals go out but the rows are never deleted (a crash right after the signal).
    crash = 'beforeDelete';
    for (let t = 0; t < 3; t++) {
      const answers = await Promise.all(sessions.map((s) => post(h.app, s, turn(`a${t}`, 2, 5))));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(202);
    }
    // Every workflow has seen phase 1 (its rows stay: each batch was read to die before deleting).
    for (const sessionId of sessions) {
      await eventually(
        async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json(),
        (v) => v.lastSeq === 6,
      );
    }
    // Phase 2: the dispatcher dies after every commit, before any signal.
    crash = 'beforeSignal';
    for (let t = 0; t < 3; t++) {
      const answers = await Promise.all(sessions.map((s) => post(h.app, s, turn(`b${t}`, 3, 7))));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(202);
    }
    await eventually(
      async () => crashes.beforeSignal,
      (n) => n >= sessions.length,
    );
    // Every turn is stored and still in the outbox; no workflow has seen phase 2.
    for (const sessionId of sessions) {
      expect(await countOutboxTurns(h.database.db, 'default', sessionId)).toBe(6);
      const view = (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();
      expect(view.lastSeq).toBe(6);
    }

    // The API goes away and a new one starts on the same database and task queue.
    await h.app.close();
    crash = 'none';
    restarted = await buildApi({
      db: h.database.db,
      temporal: h.client,
      taskQueue: h.taskQueue,
      defaultContextWindowTokens: 200_000,
    });
    for (const sessionId of sessions) await expectAppliedOnce(restarted, sessionId);
    // Phase 1's batches reached the workflows twice: the second copy was skipped.
    expect(crashes.beforeDelete).toBeGreaterThan(0);
  },
  scaled(300_000),
);

it(
  'applies concurrent turns to many sessions in seq order exactly once, whatever the dispatcher drops',
  async () => {
    crash = 'none';
    // An API of its own with the fault hooks (the harness's may be closed by the test above; if
    // not, its dispatcher sweeps the same task queue: two dispatchers, as with two API processes).
    const faulty = await buildApi({
      db: h.database.db,
      temporal: h.client,
      taskQueue: h.taskQueue,
      defaultContextWindowTokens: 200_000,
      turnDispatch: {
        intervalMs: 20,
        sweepMs: 300,
        faults,
      },
    });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.array(fc.record({ count: fc.integer({ min: 0, max: 4 }), replay: fc.boolean() }), {
              minLength: 1,
              maxLength: 8,
            }),
            { minLength: 2, maxLength: 8 },
          ),
          fc.integer(),
          async (plan, seed) => {
            let state = seed;
            random = () => {
              state = (Math.imul(state, 1_103_515_245) + 12_345) | 0;
              return ((state >>> 8) & 0xffff) / 0x10000;
            };
            crash = 'random';
            const run = randomUUID().slice(0, 8);
            const sessions = plan.map((turns, i) => ({
              sessionId: uniqueSessionId(`outbox-p-${run}-${i}`),
              turns,
            }));
            // Every session's turns at once: several in flight per session, all sessions together.
            await Promise.all(
              sessions.flatMap(({ sessionId, turns }) =>
                turns.map(async ({ count, replay }, t) => {
                  const body = turn(`t${t}`, count, 3 + t);
                  const first = await post(faulty, sessionId, body);
                  expect(first.statusCode, first.body).toBe(202);
                  if (replay) expect((await post(faulty, sessionId, body)).statusCode).toBe(202);
                }),
              ),
            );
            crash = 'none';
            for (const { sessionId, turns } of sessions) {
              if (turns.every((x) => x.count === 0)) continue; // no seq: nothing to apply
              await expectAppliedOnce(faulty, sessionId);
            }
          },
        ),
        { numRuns: 6 },
      );
      expect(crashes.beforeSignal + crashes.beforeDelete).toBeGreaterThan(0);
    } finally {
      crash = 'none';
      await faulty.close();
    }
  },
  scaled(600_000),
);
