/**
 * A worker SIGKILLed again and again in the middle of one compaction (issue 11 item 4): each
 * time the summarizer receives a new call, the worker holding it is killed and a fresh one
 * started. However many kills, the compaction ends with exactly one summary row and the session
 * attaches it. `MOLT_CHAOS_KILLS` sets the kills (2 in the integration tier; `npm run chaos`: 10);
 * each costs about one heartbeat timeout (15 s) before Temporal retries the activity elsewhere.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { summaries } from '../../db/schema.js';
import { type FakeLlm, startFakeLlm } from '../fake-llm/server.js';
import { scaled } from '../time-scale.js';
import { codingTurn } from './agent-turns.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';
import { exited, workerProcesses } from './worker-process.js';

const KILLS = Number(process.env.MOLT_CHAOS_KILLS ?? 2);

let h: Harness;
let fake: FakeLlm;
const workers = workerProcesses({ taskQueue: () => h.taskQueue, llmBaseUrl: () => fake.baseUrl });

beforeAll(async () => {
  fake = await startFakeLlm({ behaviour: 'stall' });
  h = await startHarness({ worker: false });
});
afterAll(async () => {
  await workers.stopAll();
  fake?.releaseStalled();
  await h?.stop();
  await fake?.close();
});

it(
  `finishes a compaction with one summary after ${KILLS} SIGKILLs of its worker in a row`,
  async () => {
    const started = Date.now();
    let worker = workers.start();
    const sessionId = uniqueSessionId('kills');
    const view = async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();
    let upload: { compactionId: string } | null = null;
    for (let i = 0; !upload; i++) {
      expect(i).toBeLessThan(40);
      const posted = await h.app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/turns`,
        payload: { ...codingTurn(i), contextWindowTokens: 20_000 },
      });
      expect(posted.statusCode).toBe(202);
      upload = (await eventually(view, (v) => v.lastSeq >= posted.json().turn.toSeq)).upload;
    }
    const compactionId = upload.compactionId;

    let kills = 0;
    while (kills < KILLS) {
      // Wait for a summary call in flight on this worker (the stalled LLM holds it), or for the
      // compaction to end without one (its chunks fell back to the extractive digest).
      const seen = fake.calls.length;
      const state = await eventually(
        async () => ({ calls: fake.calls.length, view: await view() }),
        (s) => s.calls > seen || s.view.summary?.compactionId === compactionId,
        { timeoutMs: 180_000 },
      );
      if (state.calls <= seen) break;
      worker.kill('SIGKILL');
      await exited(worker);
      kills += 1;
      worker = workers.start();
    }
    fake.setBehaviour('succeed');
    fake.releaseStalled();
    const done = await eventually(view, (v) => v.summary?.compactionId === compactionId, {
      timeoutMs: 180_000,
    });
    expect(['succeeded', 'degraded']).toContain(done.upload.status);
    const rows = await h.database.db.select().from(summaries).where(eq(summaries.compactionId, compactionId));
    expect(rows).toHaveLength(1);
    expect(kills).toBeGreaterThanOrEqual(Math.min(KILLS, 2));
    console.log(
      `chaos: ${kills} SIGKILLs of the worker mid-compaction; compaction ${done.upload.status} with ${rows.length} summary row; ${fake.calls.length} LLM calls; ${Math.round((Date.now() - started) / 1000)} s`,
    );
  },
  scaled(900_000),
);
