/**
 * Hybrid recall on the real stack with the fake embeddings server (test/fake-embeddings): memories
 * are embedded in the background after they are stored; a question sharing no word with its memory
 * is recalled through vectors; a failing, stalling or wrong-dimension provider leaves recall
 * lexical and says so, and the failure is visible; a model change backfills every memory.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryEmbeddings } from '../../db/memory/memory-embedding-schema.js';
import { type FakeEmbeddings, startFakeEmbeddings } from '../fake-embeddings/server.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let fake: FakeEmbeddings;
const MODEL_A = 'openai-compatible:fake-a';
beforeAll(async () => {
  fake = await startFakeEmbeddings();
  h = await startHarness({
    embeddings: { baseUrl: fake.baseUrl, model: 'fake-a', queryTimeoutMs: 1_500 },
    memoryIdleMs: 2_000,
  });
});
afterAll(async () => {
  await h?.stop();
  await fake?.close();
});
beforeEach(() => fake.setBehaviour('succeed'));

const commit = async (userId: string, content: string): Promise<string> => {
  const response = await h.app.inject({ method: 'POST', url: '/v1/memories', payload: { userId, content } });
  expect(response.statusCode).toBe(201);
  return response.json().memory.id;
};
const search = async (app: Harness['app'], userId: string, query: string): Promise<Json> =>
  (await app.inject({ method: 'POST', url: '/v1/memories/search', payload: { userId, query } })).json();
const vectorOf = async (memoryId: string, model = MODEL_A) =>
  (
    await h.database.db
      .select()
      .from(memoryEmbeddings)
      .where(and(eq(memoryEmbeddings.memoryId, memoryId), eq(memoryEmbeddings.model, model)))
  )[0];

describe('hybrid recall with embeddings', () => {
  it('embeds a committed memory in the background and recalls it for a question sharing no word, per turn and in search', async () => {
    const userId = `u-${randomUUID()}`;
    const editor = await commit(userId, 'My preferred code editor is Neovim');
    await commit(userId, 'The staging database listens on port 5433');
    await eventually(
      () => vectorOf(editor),
      (row) => Boolean(row?.vector),
    );
    const found = await search(h.app, userId, 'Which IDE do I use?');
    expect(found.retrieval).toEqual({ mode: 'hybrid' });
    expect(found.items[0]?.id).toBe(editor);
    // The same ranking per turn: the turn's message is embedded when stored.
    const sessionId = uniqueSessionId('emb');
    const turn = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: { turnId: 't1', userId, messages: [{ role: 'user', content: 'Which IDE do I use?' }] },
    });
    expect(turn.statusCode).toBe(202);
    const context = (
      await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/context?explain=true` })
    ).json();
    expect(context.recall.retrieval).toEqual({ mode: 'hybrid' });
    expect(context.recall.memoryIds).toContain(editor);
    const explained = context.recall.explain.find((e: Json) => e.id === editor);
    expect(explained.matchedTerms).toEqual([]);
    expect(explained.cosine).toBeGreaterThan(0.5);
    // Recall says when each injected memory was recorded.
    expect(JSON.stringify(context.messages)).toContain('recordedAt');
  });

  it('embeds what an extraction stored (a child of the extraction workflow), with one provider text per memory', async () => {
    const userId = `u-${randomUUID()}`;
    const sessionId = uniqueSessionId('emb-x');
    const turn = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: {
        turnId: 't1',
        userId,
        messages: [
          { role: 'user', content: 'Remember that my favourite drink is matcha. Always answer in English.' },
        ],
      },
    });
    expect(turn.statusCode).toBe(202);
    const extraction = await eventually(
      async () =>
        (await h.app.inject({ method: 'GET', url: `/v1/memory-extractions?sessionId=${sessionId}` })).json(),
      (list: Json) => list.items[0]?.status === 'succeeded',
      { timeoutMs: 90_000 },
    );
    expect(extraction.items[0].counts.added).toBe(2);
    const stored = (await h.app.inject({ method: 'GET', url: `/v1/memories?userId=${userId}` })).json().items;
    for (const memory of stored) {
      await eventually(
        () => vectorOf(memory.id),
        (row) => Boolean(row?.vector),
      );
    }
    // One provider text per memory. The run's database is shared by every test file, so a
    // backfill may embed other files' memories meanwhile: count this user's texts only.
    expect(stored).toHaveLength(2);
    for (const memory of stored) {
      expect(fake.received.filter((text) => text === memory.content)).toHaveLength(1);
    }
    const found = await search(h.app, userId, 'Which tea do I like?');
    expect(found.items.map((m: Json) => m.content)).toContain('my favourite drink is matcha');
  });

  it('a failing provider: the failure is visible, recall degrades to lexical and says so', async () => {
    const userId = `u-${randomUUID()}`;
    fake.setBehaviour('fail500');
    const id = await commit(userId, 'I listen to jazz while coding');
    const failed = await eventually(
      () => vectorOf(id),
      (row) => Boolean(row?.error),
      { timeoutMs: 120_000 },
    );
    expect(failed?.vector).toBeNull();
    const status = (await h.app.inject({ method: 'GET', url: '/v1/memory-embeddings' })).json();
    expect(status.failed).toBeGreaterThanOrEqual(1);
    expect(status.lastError.error).toMatch(/fake-a/);
    const lexical = await search(h.app, userId, 'jazz while coding, which music?');
    expect(lexical.retrieval).toEqual({ mode: 'lexical', reason: 'embedding_failed' });
    expect(lexical.items[0]?.id).toBe(id); // the shared words still find it
  });

  it('a stalled provider: the query waits a bounded time and recall is lexical (embedding_timeout)', async () => {
    const userId = `u-${randomUUID()}`;
    await commit(userId, 'My sister lives in Porto');
    fake.setBehaviour('stall');
    const started = Date.now();
    const answer = await search(h.app, userId, `where does my sister live ${randomUUID()}`);
    expect(answer.retrieval).toEqual({ mode: 'lexical', reason: 'embedding_timeout' });
    expect(Date.now() - started).toBeLessThan(10_000);
    fake.releaseStalled();
  });

  it('a provider answering another dimension is refused and recorded, never mixed into the space', async () => {
    const userId = `u-${randomUUID()}`;
    const first = await commit(userId, 'I drive a blue bicycle to work');
    await eventually(
      () => vectorOf(first),
      (row) => Boolean(row?.vector),
    );
    fake.setBehaviour('wrongDims');
    const second = await commit(userId, 'I read a novel every week');
    const refused = await eventually(
      () => vectorOf(second),
      (row) => Boolean(row?.error),
      { timeoutMs: 60_000 },
    );
    expect(refused?.error).toMatch(/dimensions/);
    const dims = await h.database.db
      .select({ dims: memoryEmbeddings.dims })
      .from(memoryEmbeddings)
      .where(and(eq(memoryEmbeddings.model, MODEL_A), isNotNull(memoryEmbeddings.vector)));
    expect(new Set(dims.map((d) => d.dims)).size).toBe(1);
  });

  it('a model change backfills every current memory for the new model and recall uses it', async () => {
    const userId = `u-${randomUUID()}`;
    const pet = await commit(userId, 'Our kitten is called Mochi');
    await eventually(
      () => vectorOf(pet),
      (row) => Boolean(row?.vector),
    );
    const other = await startHarness({
      embeddings: { baseUrl: fake.baseUrl, model: 'fake-b', queryTimeoutMs: 1_500 },
    });
    try {
      await eventually(
        () => vectorOf(pet, 'openai-compatible:fake-b'),
        (row) => Boolean(row?.vector),
        { timeoutMs: 120_000 },
      );
      const found = await search(other.app, userId, 'What pet do I have?');
      expect(found.retrieval).toEqual({ mode: 'hybrid' });
      expect(found.items.map((m: Json) => m.id)).toContain(pet);
    } finally {
      await other.stop();
    }
  });
});
