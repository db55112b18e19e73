/**
 * The offline embedder (llm/local-embeddings.ts): the real model from the npm package's files, in
 * its thread. Vectors are 512-d, unit length and deterministic; a batch gives what single calls
 * give; no input crashes it and a long one is cut, not refused; it never touches the network; a
 * query goes before queued background work, and background work rests to its CPU share.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LOCAL_EMBEDDING_CHUNK_TEXTS,
  LOCAL_EMBEDDING_MAX_CHARS,
  LOCAL_EMBEDDING_QUEUE_TEXTS,
} from '../../config/defaults.js';
import { createEmbedder, type Embedder } from '../../llm/embeddings.js';
import {
  closeLocalEmbedder,
  LOCAL_EMBEDDER_ID,
  LOCAL_EMBEDDING_DIMS,
  localEmbedderStats,
  localModelText,
} from '../../llm/local-embeddings.js';

let embedder: Embedder;
const fetchCalls: string[] = [];
beforeAll(() => {
  // The main thread's fetch is refused too: nothing here may reach out.
  vi.stubGlobal('fetch', async (input: unknown) => {
    fetchCalls.push(String(input));
    throw new Error('network refused in this test');
  });
  embedder = createEmbedder({ provider: 'local', cpuShare: 1 })!;
});
afterEach(() => {
  createEmbedder({ provider: 'local', cpuShare: 1 });
});
afterAll(async () => {
  await closeLocalEmbedder();
  vi.unstubAllGlobals();
});

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const maxDiff = (a: Float32Array, b: Float32Array) => Math.max(...a.map((x, i) => Math.abs(x - b[i]!)));

describe('the local embedder', () => {
  it('answers one 512-d unit vector per text, the same each time, from the package files with no network', async () => {
    expect(embedder.id).toBe(LOCAL_EMBEDDER_ID);
    const texts = ['I moved to Lisbon last spring', 'Which city am I based in?', 'ok'];
    const first = await embedder.embed(texts);
    expect(first).toHaveLength(3);
    for (const v of first) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(LOCAL_EMBEDDING_DIMS);
      expect(Math.abs(norm(v) - 1)).toBeLessThan(1e-4);
    }
    // Deterministic, and again after the model's thread is stopped and loaded anew.
    expect(maxDiff((await embedder.embed([texts[0]!]))[0]!, first[0]!)).toBe(0);
    await closeLocalEmbedder();
    expect(maxDiff((await embedder.embed([texts[0]!]))[0]!, first[0]!)).toBe(0);
    const stats = localEmbedderStats();
    expect(stats.loaded).toBe(true);
    expect(stats.networkAttempts).toBe(0);
    expect(fetchCalls).toEqual([]);
  });

  it('finds a paraphrase that shares no word nearer than an unrelated statement', async () => {
    const [editor, ide, port, pet, kitten] = await embedder.embed([
      'My preferred code editor is Neovim',
      'Which IDE do I use?',
      'The staging database listens on port 5433',
      'What pet do I have?',
      'Our kitten is called Mochi',
    ]);
    expect(dot(editor!, ide!)).toBeGreaterThan(dot(port!, ide!));
    expect(dot(kitten!, pet!)).toBeGreaterThan(dot(editor!, pet!));
  });

  it('gives in a batch exactly what it gives one text at a time, whatever the batch holds', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constantFrom('', '   ', '\n\t', '🙂🎉👍🏽', '我更喜欢用Tab而不是空格', '私の趣味は釣りです', 'ok'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 6 }), async (texts) => {
        // One model call for the whole batch (a query), and the background's chunks.
        const batch = await embedder.embed(texts, { priority: 'query' });
        const chunked = await embedder.embed(texts);
        expect(batch).toHaveLength(texts.length);
        expect(chunked).toHaveLength(texts.length);
        for (const [i, t] of texts.entries()) {
          const [single] = await embedder.embed([t]);
          expect(maxDiff(batch[i]!, single!)).toBeLessThan(1e-5);
          expect(maxDiff(chunked[i]!, single!)).toBeLessThan(1e-5);
          expect(Math.abs(norm(single!) - 1)).toBeLessThan(1e-4);
        }
      }),
      { numRuns: 10 },
    );
  });

  it('never crashes on empty, blank, emoji, CJK, control characters or lone surrogates', async () => {
    const odd = [
      '',
      ' ',
      '\u0000\u0007',
      '\ud800',
      '🙂',
      '😀'.repeat(5_000),
      '漢字かなカナ한국어',
      'a\u0301\u200d',
    ];
    const vectors = await embedder.embed(odd);
    for (const v of vectors) {
      expect(v.length).toBe(LOCAL_EMBEDDING_DIMS);
      expect(v.every(Number.isFinite)).toBe(true);
      expect(Math.abs(norm(v) - 1)).toBeLessThan(1e-4);
    }
    // Blank is embedded as a single space, alone or in a batch.
    expect(maxDiff(vectors[0]!, (await embedder.embed(['\n\t ']))[0]!)).toBe(0);
  });

  it('cuts a text over the limit to its first characters instead of refusing it', async () => {
    const head = 'We agreed to ship the release on Friday after the security review. ';
    const long = head.repeat(2_000); // 136,000 characters
    const [cut] = await embedder.embed([long]);
    const [prefix] = await embedder.embed([Array.from(long).slice(0, LOCAL_EMBEDDING_MAX_CHARS).join('')]);
    expect(maxDiff(cut!, prefix!)).toBe(0);
    // The cut counts code points: an emoji is never split in half.
    const emoji = '👍'.repeat(LOCAL_EMBEDDING_MAX_CHARS + 10);
    expect(Array.from(localModelText(emoji))).toHaveLength(LOCAL_EMBEDDING_MAX_CHARS);
    expect(localModelText(emoji)).toBe('👍'.repeat(LOCAL_EMBEDDING_MAX_CHARS));
  });

  it('serves a query before queued background work', async () => {
    const order: string[] = [];
    const background = Array.from(
      { length: 48 },
      (_, i) => `Background memory number ${i}: the team discussed the quarterly roadmap again`,
    );
    const bulk = embedder.embed(background).then(() => order.push('background'));
    const query = embedder
      .embed(['What did we decide?'], { priority: 'query' })
      .then(() => order.push('query'));
    await Promise.all([bulk, query]);
    expect(order).toEqual(['query', 'background']);
  });

  it('rests between background chunks so it keeps to its CPU share', async () => {
    const share = 0.25;
    const slow = createEmbedder({ provider: 'local', cpuShare: share })!;
    const texts = Array.from({ length: 40 }, (_, i) => `A long enough sentence about topic ${i} to encode`);
    const before = localEmbedderStats();
    const started = performance.now();
    await slow.embed(texts);
    const wall = performance.now() - started;
    const encodeMs = localEmbedderStats().backgroundEncodeMs - before.backgroundEncodeMs;
    // Short texts: 20 chunks of LOCAL_EMBEDDING_CHUNK_TEXTS; after each but the last the thread
    // rested 3 × that chunk's encode time, so the run took about 4 × the encode time (without
    // rests it would take about 1 ×). 3 × leaves room for a last chunk slower than the rest.
    expect(Math.ceil(texts.length / LOCAL_EMBEDDING_CHUNK_TEXTS)).toBeGreaterThanOrEqual(10);
    expect(wall).toBeGreaterThanOrEqual((encodeMs / share) * 0.75);
  });

  it('refuses background work past its queue bound with a message that says so, and keeps serving', async () => {
    const tooMany = Array.from({ length: LOCAL_EMBEDDING_QUEUE_TEXTS + 1 }, (_, i) => `t${i}`);
    await expect(embedder.embed(tooMany)).rejects.toThrow(/local embedding model is busy/);
    const [v] = await embedder.embed(['still here'], { priority: 'query' });
    expect(v!.length).toBe(LOCAL_EMBEDDING_DIMS);
  });

  it('refuses background work it could not finish within the embedding activity timeout', async () => {
    const slow = createEmbedder({ provider: 'local', cpuShare: 0.05 })!;
    await slow.embed(['a background text, so the mean time per text is known']);
    // 1,000 queued texts at 5% of a core: far more than a minute ahead of the next one.
    const first = slow.embed(Array.from({ length: 1_000 }, (_, i) => `queued text number ${i}`));
    first.catch(() => {});
    await expect(slow.embed(['one more'])).rejects.toThrow(
      /local embedding model is busy \(\d+ texts queued\)/,
    );
    // A query is still served, ahead of the queue.
    const [v] = await slow.embed(['still answering?'], { priority: 'query' });
    expect(v!.length).toBe(LOCAL_EMBEDDING_DIMS);
    await closeLocalEmbedder();
    await expect(first).rejects.toThrow(/closed/);
  });
});
