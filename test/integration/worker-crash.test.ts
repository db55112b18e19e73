/**
 * A worker killed with SIGKILL in the middle of a compaction: another worker picks the work up
 * and the compaction finishes with exactly one summary row.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compactionChunks, summaries } from '../../db/schema.js';
import { type FakeLlm, startFakeLlm } from '../fake-llm/server.js';
import { codingTurn } from './agent-turns.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';
import { exited, workerProcesses } from './worker-process.js';

let h: Harness;
let fake: FakeLlm;
const workers = workerProcesses({
  taskQueue: () => h.taskQueue,
  llmBaseUrl: () => fake.baseUrl,
});
const startWorkerProcess = () => workers.start();

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

it('finishes a compaction whose worker was killed mid-flight, with exactly one summary row', async () => {
  const first = startWorkerProcess();
  const sessionId = uniqueSessionId();
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
    const applied = await eventually(view, (v) => v.lastSeq >= posted.json().turn.toSeq, {
      timeoutMs: 60_000,
    });
    upload = applied.upload;
  }
  const compactionId = upload.compactionId;

  // A chunk summary is in flight, held by the stalled LLM: kill the worker running it.
  await eventually(
    async () => fake.calls.length,
    (n) => n > 0,
    { timeoutMs: 60_000 },
  );
  first.kill('SIGKILL');
  await exited(first);
  fake.setBehaviour('succeed');
  fake.releaseStalled();

  startWorkerProcess();
  const done = await eventually(view, (v) => v.summary?.compactionId === compactionId, { timeoutMs: 90_000 });
  expect(done.upload.status).toBe('succeeded');

  const rows = await h.database.db.select().from(summaries).where(eq(summaries.compactionId, compactionId));
  expect(rows).toHaveLength(1);
  const chunks = await h.database.db
    .select()
    .from(compactionChunks)
    .where(eq(compactionChunks.compactionId, compactionId));
  expect(chunks.every((c) => c.status === 'done')).toBe(true);
  // The killed attempt was retried: some chunk records a second attempt.
  expect(Math.max(...chunks.map((c) => c.attempts))).toBeGreaterThan(1);
});
