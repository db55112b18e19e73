/**
 * Semantic recall with no provider configured (docs/recall-and-updates.md): molt's default
 * embedder is the offline model (llm/local-embeddings.ts). On the real stack — PostgreSQL, the
 * Temporal dev server, the real embedding workflow — committed memories get `local:use-lite-512`
 * vectors in the background, `POST /v1/memories/search` answers in hybrid mode and finds a memory
 * for a question that shares no word with it, and nothing reaches beyond this machine: the
 * process's fetch and sockets are watched, and the model's thread refuses and counts any attempt.
 */

import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryEmbeddings } from '../../db/memory/memory-embedding-schema.js';
import { loadEmbeddingsConfig } from '../../llm/embeddings.js';
import { closeLocalEmbedder, LOCAL_EMBEDDER_ID, localEmbedderStats } from '../../llm/local-embeddings.js';
import { scaled } from '../time-scale.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

const loopback = (host: string) => host === 'localhost' || host.startsWith('127.') || host === '::1';
const remoteCalls: string[] = [];
const realConnect = net.Socket.prototype.connect;

let h: Harness;
beforeAll(async () => {
  vi.stubGlobal('fetch', async (input: unknown) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (!loopback(url.hostname.replace(/^\[|\]$/g, ''))) {
      remoteCalls.push(`fetch ${url.origin}`);
      throw new Error('no network in this test');
    }
    throw new Error(`unexpected fetch of ${url.origin}`);
  });
  net.Socket.prototype.connect = function watched(this: net.Socket, ...args: unknown[]) {
    const [first] = args;
    const host =
      typeof first === 'object' && first !== null && 'host' in first ? String(first.host ?? '') : '';
    const path = typeof first === 'object' && first !== null && 'path' in first;
    if (!path && host && !loopback(host)) remoteCalls.push(`socket ${host}`);
    // biome-ignore lint/suspicious/noExplicitAny: the original's overloads, called through
    return (realConnect as any).apply(this, args);
  } as typeof realConnect;
  // No MOLT_EMBEDDINGS_* at all: molt's own default.
  expect(loadEmbeddingsConfig({})).toMatchObject({ provider: 'local' });
  h = await startHarness({ embeddings: { local: true, queryTimeoutMs: scaled(1_000) }, memoryIdleMs: 2_000 });
});
afterAll(async () => {
  await h?.stop();
  await closeLocalEmbedder();
  net.Socket.prototype.connect = realConnect;
  vi.unstubAllGlobals();
});

const commit = async (userId: string, content: string): Promise<string> => {
  const response = await h.app.inject({ method: 'POST', url: '/v1/memories', payload: { userId, content } });
  expect(response.statusCode).toBe(201);
  return response.json().memory.id;
};
const search = async (userId: string, query: string): Promise<Json> =>
  (await h.app.inject({ method: 'POST', url: '/v1/memories/search', payload: { userId, query } })).json();

describe('semantic recall with no embeddings provider configured', () => {
  it('embeds memories with the offline model in the background and finds a paraphrase sharing no word, hybrid, with no network', async () => {
    const userId = `u-${randomUUID()}`;
    const editor = await commit(userId, 'My preferred code editor is Neovim');
    const kitten = await commit(userId, 'Our kitten is called Mochi');
    const distractors = [
      'The staging database listens on port 5433',
      'Invoices are generated on the first day of the month',
      'Deploys happen through GitHub Actions',
      'The on-call rotation changes on Mondays',
    ];
    for (const d of distractors) await commit(userId, d);
    const rows = await eventually(
      () =>
        h.database.db
          .select({ memoryId: memoryEmbeddings.memoryId, dims: memoryEmbeddings.dims })
          .from(memoryEmbeddings)
          .where(
            and(
              eq(memoryEmbeddings.userId, userId),
              eq(memoryEmbeddings.model, LOCAL_EMBEDDER_ID),
              isNotNull(memoryEmbeddings.vector),
            ),
          ),
      (found) => found.length === 2 + distractors.length,
    );
    expect(new Set(rows.map((r) => r.dims))).toEqual(new Set([512]));

    const ide = await search(userId, 'Which IDE do I use?');
    expect(ide.retrieval).toEqual({ mode: 'hybrid' });
    expect(ide.items[0]?.id).toBe(editor);
    const pet = await search(userId, 'Do I have any pets?');
    expect(pet.retrieval).toEqual({ mode: 'hybrid' });
    expect(pet.items[0]?.id).toBe(kitten);

    // Per turn too: the turn's message is embedded (as a query) when it is stored.
    const sessionId = uniqueSessionId('local');
    const turn = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: { turnId: 't1', userId, messages: [{ role: 'user', content: 'Which IDE do I use?' }] },
    });
    expect(turn.statusCode).toBe(202);
    const context = (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/context` })).json();
    expect(context.recall.retrieval).toEqual({ mode: 'hybrid' });
    expect(context.recall.memoryIds).toContain(editor);

    const status = (await h.app.inject({ method: 'GET', url: '/v1/memory-embeddings' })).json();
    expect(status).toMatchObject({ provider: 'on', model: LOCAL_EMBEDDER_ID, failed: 0 });

    expect(localEmbedderStats().networkAttempts).toBe(0);
    expect(remoteCalls).toEqual([]);
  });
});
