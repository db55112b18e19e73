/**
 * The worker SIGKILLed in the middle of a compaction, round after round (issue 11 item 4): each
 * round starts a compaction whose summary call the stalled LLM holds, kills the worker holding
 * it, starts a fresh one and lets the LLM answer; every compaction must end with exactly one
 * summary row, attached to its session. `MOLT_CHAOS_KILLS` sets the rounds (2 in the integration
 * tier; `npm run chaos`: 10); each costs about one heartbeat timeout (15 s) before Temporal
 * retries the activity on the new worker.
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
  `SIGKILLs the worker in the middle of ${KILLS} compactions in a row: exactly one summary each`,
  async () => {
    const started = Date.now();
    let worker = workers.start();
    const outcomes: string[] = [];
    for (let round = 0; round < KILLS; round++) {
      fake.setBehaviour('stall');
      const sessionId = uniqueSessionId(`kills-${round}`);
      const view = async () =>
        (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();
      const seen = fake.calls.length;
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
      // A chunk summary is in flight on this worker, held by the stalled LLM: kill the worker.
      await eventually(
        async () => fake.calls.length,
        (n) => n > seen,
        { timeoutMs: 120_000 },
      );
      worker.kill('SIGKILL');
      await exited(worker);
      worker = workers.start();
      fake.setBehaviour('succeed');
      fake.releaseStalled();
      const done = await eventually(view, (v) => v.summary?.compactionId === compactionId, {
        timeoutMs: 180_000,
      });
      const rows = await h.database.db
        .select()
        .from(summaries)
        .where(eq(summaries.compactionId, compactionId));
      expect(rows, `round ${round}`).toHaveLength(1);
      outcomes.push(done.upload.status);
    }
    expect(outcomes.every((status) => status === 'succeeded' || status === 'degraded')).toBe(true);
    console.log(
      `chaos: ${KILLS} compactions, the worker SIGKILLed in the middle of each; each ended with exactly one summary row (${outcomes.join(', ')}); ${Math.round((Date.now() - started) / 1000)} s`,
    );
  },
  scaled(1_800_000),
);
