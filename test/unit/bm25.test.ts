import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bm25Index, bm25Tokens } from '../../bench/bm25.js';

const word = fc.constantFrom('dog', 'shelter', 'lisbon', 'june', 'run', 'river', 'pottery', 'the', 'a', 'we');
const doc = fc.array(word, { minLength: 1, maxLength: 12 }).map((words) => words.join(' '));
const docs = fc
  .array(doc, { minLength: 1, maxLength: 30 })
  .map((texts) => texts.map((text, i) => ({ id: `d${i}`, text })));

describe('bm25Index', () => {
  it('matches the formula on a hand-computed case (k1 1.2, b 0.75, Lucene idf)', () => {
    const index = bm25Index([
      { id: 'a', text: 'Luna from the shelter' },
      { id: 'b', text: 'the shelter the shelter' },
      { id: 'c', text: 'pottery class' },
    ]);
    // N = 3, avgdl = (4 + 4 + 2) / 3; "luna" in 1 document, tf 1, |a| = 4.
    const avgdl = 10 / 3;
    const idf = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
    const expected = (idf * 1 * 2.2) / (1 + 1.2 * (1 - 0.75 + (0.75 * 4) / avgdl));
    const [hit] = index.search('Luna?', 5);
    expect(hit?.id).toBe('a');
    expect(hit?.score).toBeCloseTo(expected, 12);
  });

  it('returns at most k hits, best first, every one sharing a term with the query', () => {
    fc.assert(
      fc.property(docs, doc, fc.integer({ min: 1, max: 10 }), (corpus, query, k) => {
        const hits = bm25Index(corpus).search(query, k);
        expect(hits.length).toBeLessThanOrEqual(k);
        const terms = new Set(bm25Tokens(query));
        for (let i = 0; i < hits.length; i++) {
          if (i > 0) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
          expect(hits[i]!.score).toBeGreaterThan(0);
          const text = corpus.find((d) => d.id === hits[i]!.id)!.text;
          expect(bm25Tokens(text).some((t) => terms.has(t))).toBe(true);
        }
      }),
    );
  });

  it('ranks first a document holding a term no other document has', () => {
    fc.assert(
      fc.property(docs, fc.nat(), (corpus, pick) => {
        const target = pick % corpus.length;
        const withRare = corpus.map((d, i) => (i === target ? { ...d, text: `${d.text} zanzibar` } : d));
        expect(
          bm25Index(withRare)
            .search('zanzibar', 3)
            .map((h) => h.id),
        ).toEqual([`d${target}`]);
      }),
    );
  });

  it('finds nothing for a query with no known term, and refuses a k that is not a positive integer', () => {
    const index = bm25Index([{ id: 'a', text: 'hello there' }]);
    expect(index.search('¿qué?', 5)).toEqual([]);
    expect(bm25Index([]).search('hello', 5)).toEqual([]);
    expect(() => index.search('hello', 0)).toThrow(/positive integer/);
  });
});
