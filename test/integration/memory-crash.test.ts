/**
 * A worker killed with SIGKILL in the middle of a memory extraction (its LLM call held by the
 * fake): another worker picks the extraction up and it finishes once — one row, one memory, one
 * event.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { memories, memoryEvents, memoryExtractions } from '../../db/memory/memory-schema.js';
import { type FakeLlm, startFakeLlm } from '../fake-llm/server.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';
import { exited, workerProcesses } from './worker-process.js';

let h: Harness;
let fake: FakeLlm;
const workers = workerProcesses({
  taskQueue: () => h.taskQueue,
  llmBaseUrl: () => fake.baseUrl,
  env: { MOLT_MEMORY_EXTRACTOR: 'llm' },
});
const startWorkerProcess = () => workers.start();

beforeAll(async () => {
  fake = await startFakeLlm({ behaviour: 'stall' });
  h = await startHarness({ worker: false, memoryIdleMs: 1_500 });
});
afterAll(async () => {
  await workers.stopAll();
  fake?.releaseStalled();
  await h?.stop();
  await fake?.close();
});

it('finishes an extraction whose worker was killed mid-call, writing once', async () => {
  const first = startWorkerProcess();
  const sessionId = uniqueSessionId('mem-crash');
  const posted = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    payload: {
      turnId: 't1',
      userId: `u-${randomUUID()}`,
      messages: [{ role: 'user', content: 'Please remember that the on-call phone is +41 44 000 00 00.' }],
    },
  });
  expect(posted.statusCode).toBe(202);
  // The idle timer started the extraction; its LLM call is held: kill the worker running it.
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
  const rows = await eventually(
    () => h.database.db.select().from(memoryExtractions).where(eq(memoryExtractions.sessionId, sessionId)),
    (r) => r.length > 0 && r[0]!.status === 'succeeded',
    { timeoutMs: 90_000 },
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.counts).toMatchObject({ added: 1, rejected: 1 });
  const stored = await h.database.db.select().from(memories).where(eq(memories.extractionId, rows[0]!.id));
  expect(stored).toHaveLength(1);
  const events = await h.database.db
    .select()
    .from(memoryEvents)
    .where(eq(memoryEvents.extractionId, rows[0]!.id));
  expect(events).toHaveLength(1);
  // The killed attempt's call and the retry's: the LLM was asked at least twice.
  expect(fake.calls.length).toBeGreaterThanOrEqual(2);
});
