import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrangeHits, EPISODE_RANKING, fuseRankings } from '../../context/memory/fusion.js';
import { embeddingsConfigSchema, loadEmbeddingsConfig, unitVector } from '../../llm/embeddings.js';

const entry = (id: string, recordedAt = 0) => ({ id, item: id, recordedAt });

describe('hybrid ranking (context/memory/fusion.ts)', () => {
  it('a memory only the vector list finds is still ranked, and one both lists hold beats either alone', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 20 }),
        (ids) => {
          const [both, ...rest] = ids;
          const lexical = [entry(both!), ...rest.filter((_, i) => i % 2 === 0).map((id) => entry(id))];
          const vector = [entry(both!), ...rest.filter((_, i) => i % 2 === 1).map((id) => entry(id))];
          const fused = fuseRankings(lexical, vector);
          expect(fused[0]?.id).toBe(both);
          expect(new Set(fused.map((f) => f.id))).toEqual(new Set(ids));
          // Each list's order is kept among the memories only it holds.
          const onlyLexical = fused.filter((f) => f.vectorRank === null).map((f) => f.lexicalRank!);
          expect(onlyLexical).toEqual([...onlyLexical].sort((a, b) => a - b));
        },
      ),
    );
  });

  it('between equals the newer memory wins', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 1e9 }), (t, dt) => {
        const fused = fuseRankings([entry('old', t)], [entry('new', t + dt)], 60, { lexical: 1, vector: 1 });
        expect(fused.map((f) => f.id)).toEqual(['new', 'old']);
      }),
    );
  });

  it('never buries a lexical top-10 hit under a memory only the vector list holds (the default weights)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 60 }),
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 60 }),
        (lexicalIds, vectorIds) => {
          const fused = fuseRankings(
            lexicalIds.map((id) => entry(id)),
            vectorIds.map((id) => entry(id)),
          );
          const position = new Map(fused.map((f, i) => [f.id, i]));
          for (const id of lexicalIds.slice(0, 10)) {
            const above = fused.slice(0, position.get(id)!);
            // Only lexical hits ranked above it, or memories both lists hold, come before it.
            for (const a of above) expect(a.lexicalRank).not.toBeNull();
          }
        },
      ),
    );
  });

  it('with no vector list the lexical order is unchanged (embeddings off)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 30 }), (ids) => {
        expect(
          fuseRankings(
            ids.map((id) => entry(id)),
            [],
          ).map((f) => f.id),
        ).toEqual(ids);
      }),
    );
  });
});

describe('embeddings configuration (llm/embeddings.ts)', () => {
  it('is the offline local model by default, none turns it off, and it names the wrong variable otherwise', () => {
    expect(loadEmbeddingsConfig({})).toEqual({ provider: 'local', cpuShare: 0.5 });
    expect(loadEmbeddingsConfig({ MOLT_EMBEDDINGS_PROVIDER: '' })).toEqual({
      provider: 'local',
      cpuShare: 0.5,
    });
    expect(loadEmbeddingsConfig({ MOLT_EMBEDDINGS_PROVIDER: 'none' })).toEqual({ provider: 'none' });
    expect(loadEmbeddingsConfig({ MOLT_EMBEDDINGS_LOCAL_CPU_SHARE: '0.25' })).toEqual({
      provider: 'local',
      cpuShare: 0.25,
    });
    for (const share of ['0', '-1', '1.5', 'half', '0.01'])
      expect(() => loadEmbeddingsConfig({ MOLT_EMBEDDINGS_LOCAL_CPU_SHARE: share })).toThrow(
        /MOLT_EMBEDDINGS_LOCAL_CPU_SHARE/,
      );
    expect(() =>
      loadEmbeddingsConfig({ MOLT_EMBEDDINGS_PROVIDER: 'local', MOLT_EMBEDDINGS_MODEL: 'all-minilm' }),
    ).toThrow(/MOLT_EMBEDDINGS_MODEL: the local provider has one model, use-lite-512/);
    expect(() => loadEmbeddingsConfig({ MOLT_EMBEDDINGS_PROVIDER: 'openai-compatible' })).toThrow(
      /MOLT_EMBEDDINGS_BASE_URL[\s\S]*MOLT_EMBEDDINGS_MODEL/,
    );
    expect(() =>
      loadEmbeddingsConfig({ MOLT_EMBEDDINGS_PROVIDER: 'openai', MOLT_EMBEDDINGS_MODEL: 'x' }),
    ).toThrow(/MOLT_EMBEDDINGS_API_KEY/);
    expect(() => loadEmbeddingsConfig({ MOLT_EMBEDDINGS_PROVIDER: 'cohere' })).toThrow(
      /MOLT_EMBEDDINGS_PROVIDER/,
    );
    expect(
      embeddingsConfigSchema.safeParse({
        MOLT_EMBEDDINGS_PROVIDER: 'none',
        MOLT_EMBEDDINGS_BASE_URL: 'ftp://x',
      }).success,
    ).toBe(false);
    expect(
      loadEmbeddingsConfig({
        MOLT_EMBEDDINGS_PROVIDER: 'openai-compatible',
        MOLT_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1',
        MOLT_EMBEDDINGS_MODEL: 'nomic-embed-text',
      }),
    ).toEqual({
      provider: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'nomic-embed-text',
    });
  });

  it('stores unit vectors: a dot product is the cosine', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 1, maxLength: 64 }),
        (values) => {
          const v = unitVector(values);
          const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
          if (values.some((x) => Math.abs(x) > 1e-6)) expect(norm).toBeCloseTo(1, 4);
        },
      ),
    );
  });
});

const hit = (id: string, score: number, time: number, matched: string[], toolOutput = false) => ({
  id,
  kind: 'episode' as const,
  sessionId: `s-${id}`,
  fromSeq: 1,
  toSeq: 1,
  score,
  time,
  dates: [],
  matched,
  toolOutput,
});
const noTime = { asksWhen: false, spans: [] };

describe('arranging one ranked list (context/memory/fusion.ts arrangeHits)', () => {
  it('an amending turn on the same subject ranks above the turn it amends when their scores are close', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.double({ min: 0, max: EPISODE_RANKING.newestWinsWithin * 0.99, noNaN: true }),
        fc.integer({ min: 1, max: 1e10 }),
        fc.boolean(),
        (score, gap, later, amendmentFirst) => {
          const subject = ['hotfix', 'branch', 'naming'];
          const earlier = hit('earlier', amendmentFirst ? score * (1 - gap) : score, 1_000, subject);
          const amending = hit('amending', amendmentFirst ? score : score * (1 - gap), 1_000 + later, [
            ...subject,
            'rule',
          ]);
          const other = hit('other', score * 2, 0, ['deploy']);
          const ids = arrangeHits([other, earlier, amending], noTime).map((h) => h.id);
          expect(ids.indexOf('amending')).toBeLessThan(ids.indexOf('earlier'));
          expect(ids[0]).toBe('other'); // a clearly better hit on another subject keeps its place
        },
      ),
    );
  });

  it('tool output never outranks what people said by volume: at most one tool result in a list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean()), { maxLength: 40 }),
        (specs) => {
          const hits = specs
            .map(([score, tool], i) => hit(`h${i}`, score, i, [`w${i}`], tool))
            // Ranked as the ranking ranks: by score, the newer first between equal scores.
            .sort((a, b) => b.score - a.score || b.time - a.time);
          const arranged = arrangeHits(hits, noTime);
          expect(arranged.filter((h) => h.toolOutput).length).toBeLessThanOrEqual(
            EPISODE_RANKING.maxToolOutputHits,
          );
          // What people said is all kept, in its order.
          expect(arranged.filter((h) => !h.toolOutput).map((h) => h.id)).toEqual(
            hits.filter((h) => !h.toolOutput).map((h) => h.id),
          );
        },
      ),
    );
  });
});
