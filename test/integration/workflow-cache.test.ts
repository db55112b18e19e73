/**
 * The worker's workflow cache is bounded (issue 24): with a cache of 3 and a dozen live sessions
 * (some compacting, their compaction children sharing the cache), the worker never holds more than
 * 3 workflows, so sessions are evicted and brought back by replaying their history many times over;
 * every session still applies every turn exactly once, its compactions land, and the state a
 * replayed workflow answers its query with is the state it persisted.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID } from '../../db/transcript.js';
import { type SessionView, sessionWorkflowId, stateQuery } from '../../workflows/contract.js';
import { codingTurn } from './agent-turns.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

const CACHE = 3;
const SESSIONS = 12;
const ROUNDS = 6;
// About 1,000 tokens a turn (agent-turns.ts): the 50% threshold falls by the third or fourth turn.
const COMPACTING_WINDOW = 6_000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ workflowCacheSize: CACHE });
});
afterAll(async () => {
  await h?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: the session view as JSON, read field by field
type View = Record<string, any>;
const view = async (sessionId: string): Promise<View> =>
  (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();

it('holds at most the configured number of workflows, and evicted sessions come back with their state', async () => {
  const worker = h.worker!;
  let mostCached = 0;
  const sampler = setInterval(() => {
    mostCached = Math.max(mostCached, worker.getStatus().numCachedWorkflows);
  }, 5);
  // Half the sessions with a window their turns fill several times over: they compact.
  const sessions = Array.from({ length: SESSIONS }, (_, i) => ({
    id: uniqueSessionId('cache'),
    window: i % 2 === 0 ? COMPACTING_WINDOW : 200_000,
    lastSeq: 0,
  }));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Every session gets a turn each round, in an order that changes: the least recently used
      // workflow is never the next one asked for.
      const order = round % 2 === 0 ? sessions : [...sessions].reverse();
      for (const session of order) {
        const response = await h.app.inject({
          method: 'POST',
          url: `/v1/sessions/${session.id}/turns`,
          payload: { ...codingTurn(round), contextWindowTokens: session.window },
        });
        expect(response.statusCode, response.body.slice(0, 300)).toBe(202);
        session.lastSeq = response.json().turn.toSeq;
      }
    }
    for (const session of sessions) {
      const persisted = await eventually(
        () => view(session.id),
        (v) => v.lastSeq === session.lastSeq && v.upload?.status !== 'running',
        { timeoutMs: 120_000 },
      );
      // The query needs the workflow in the cache: an evicted one replays its history first.
      const answered: SessionView = await h.client.workflow
        .getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, session.id))
        .query(stateQuery);
      expect(answered.lastSeq).toBe(session.lastSeq);
      for (const field of ['lastSeq', 'boundarySeq', 'liveTokens', 'compactions', 'summary', 'breaker'])
        expect(answered[field as keyof SessionView], `${session.id} ${field}`).toEqual(persisted[field]);
      if (session.window === COMPACTING_WINDOW) expect(persisted.compactions.total).toBeGreaterThanOrEqual(1);
      expect(persisted.compactions.failed).toBe(0);
      expect(persisted.breaker.state).toBe('closed');
    }
  } finally {
    clearInterval(sampler);
  }
  expect(mostCached).toBeGreaterThan(0);
  expect(mostCached).toBeLessThanOrEqual(CACHE);
}, 600_000);
