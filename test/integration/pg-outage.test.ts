/**
 * PostgreSQL connections cut under the API and the worker (issue 11 item 4), through a TCP proxy
 * the test breaks and restores (test/integration/pg-proxy.ts): during turns, a compaction and a
 * memory extraction. A turn refused during the cut gets 503 with Retry-After and leaves no row;
 * after the restore, retried turns land once, the compaction and the extraction finish, and no
 * partial write is left (one summary per compaction, every memory with its event, seqs gapless).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { memories, memoryEvents, summaries } from '../../db/schema.js';
import { readMessages } from '../../db/transcript.js';
import { type FakeLlm, startFakeLlm } from '../fake-llm/server.js';
import { codingTurn } from './agent-turns.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';
import { type PgProxy, startPgProxy } from './pg-proxy.js';

let proxy: PgProxy;
let direct: DatabaseHandle;
let fake: FakeLlm;
let h: Harness;

beforeAll(async () => {
  proxy = await startPgProxy(inject('databaseUrl'));
  direct = await openDatabase({ url: inject('databaseUrl') });
  fake = await startFakeLlm();
  h = await startHarness({ databaseUrl: proxy.url, llmBaseUrl: fake.baseUrl });
});
afterAll(async () => {
  proxy?.restore();
  fake?.releaseStalled();
  await h?.stop();
  await fake?.close();
  await direct?.close();
  await proxy?.close();
});

/** Cuts the database off until the API itself reports it unavailable, then restores it. */
async function outage(): Promise<void> {
  proxy.cut();
  await eventually(
    async () => (await h.app.inject({ method: 'GET', url: '/readyz' })).statusCode,
    (status) => status === 503,
  );
  proxy.restore();
}

const post = (sessionId: string, body: Json) =>
  h.app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/turns`, payload: body });

describe('PostgreSQL connections cut', () => {
  it('refuses a turn with 503 + Retry-After and no row while cut; the retried turn lands once', async () => {
    const sessionId = uniqueSessionId('pg-cut-turns');
    for (let i = 0; i < 3; i++) expect((await post(sessionId, codingTurn(i))).statusCode).toBe(202);
    proxy.cut();
    const refused = await post(sessionId, codingTurn(3));
    proxy.restore();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error.message).toBe('the database is unavailable');
    expect(await readMessages(direct.db, 'default', sessionId, { afterSeq: 0 })).toHaveLength(3 * 6);

    await eventually(
      async () => (await post(sessionId, codingTurn(3))).statusCode,
      (status) => status === 202,
      { intervalMs: 500 },
    );
    expect((await post(sessionId, codingTurn(4))).statusCode).toBe(202);
    const stored = await readMessages(direct.db, 'default', sessionId, { afterSeq: 0 });
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 5 * 6 }, (_, i) => i + 1));
    expect(new Set(stored.map((m) => m.turnId)).size).toBe(5);
  });

  it('finishes a compaction and an extraction cut in the middle, with no partial rows', async () => {
    fake.setBehaviour('stall');
    const sessionId = uniqueSessionId('pg-cut-compaction');
    const view = async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json();
    let upload: { compactionId: string } | null = null;
    for (let i = 0; !upload; i++) {
      expect(i).toBeLessThan(40);
      const posted = await post(sessionId, {
        ...codingTurn(i),
        userId: 'pg-cut-user',
        contextWindowTokens: 20_000,
        ...(i === 0
          ? { messages: [{ role: 'user', content: 'Please remember that the cut test runs nightly.' }] }
          : {}),
      });
      expect(posted.statusCode).toBe(202);
      upload = (await eventually(view, (v) => v.lastSeq >= posted.json().turn.toSeq)).upload;
    }
    const compactionId = upload.compactionId;
    // The summary call is in flight: the database goes away under the worker, then comes back.
    await eventually(
      async () => fake.calls.length,
      (n) => n > 0,
    );
    fake.setBehaviour('succeed');
    await outage();
    fake.releaseStalled();

    const done = await eventually(view, (v) => v.summary?.compactionId === compactionId, {
      timeoutMs: 180_000,
    });
    expect(['succeeded', 'degraded']).toContain(done.upload.status);
    expect(
      await direct.db.select().from(summaries).where(eq(summaries.compactionId, compactionId)),
    ).toHaveLength(1);

    // The extraction of the uploaded range ran through the cut too: it ends, and every memory it
    // wrote has its event (verify-and-store is one transaction).
    const extractions = await eventually(
      async () =>
        (await h.app.inject({ method: 'GET', url: `/v1/memory-extractions?sessionId=${sessionId}` })).json(),
      (list) => list.items.length > 0 && list.items.every((x: Json) => x.status !== 'running'),
      { timeoutMs: 180_000 },
    );
    expect(extractions.items.every((x: Json) => x.status === 'succeeded')).toBe(true);
    const orphans = await direct.db.execute(
      // Episodes (what each turn said, docs/memory.md#episodes) are written without an event.
      sql`select count(*)::int as n from ${memories} m where m.user_id = 'pg-cut-user' and m.type <> 'episode'
        and not exists (select 1 from ${memoryEvents} e where e.memory_id = m.id)`,
    );
    expect((orphans as unknown as { rows: Json[] }).rows[0]!.n).toBe(0);
    const remembered = await direct.db.select().from(memories).where(eq(memories.userId, 'pg-cut-user'));
    expect(remembered.some((m) => m.content.includes('nightly'))).toBe(true);
  });

  it('gives the pool slot back when a connection dies between checkout and BEGIN', async () => {
    // drizzle 0.45's pooled transaction() leaked the client here (db/client.ts): with one
    // connection in the pool, the next request then waited for ever.
    const own = await startPgProxy(inject('databaseUrl'));
    const small = await openDatabase({ url: own.url }, { poolSize: 1 });
    try {
      await small.db.execute(sql`select 1`);
      own.dropOnNextQuery();
      await expect(small.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      const after = await small.db.transaction(async (tx) => tx.execute(sql`select 2 as n`));
      expect((after as unknown as { rows: Json[] }).rows[0]!.n).toBe(2);
    } finally {
      await small.close();
      await own.close();
    }
  });
});
