/**
 * Plain Okapi BM25 over short documents: the lexical baseline molt's recall is compared against
 * (bench/people.bench.ts). No npm package for it is installed (checked node_modules for bm25,
 * wink, lunr, minisearch, flexsearch), so this is a short, faithful implementation of the
 * textbook formula — Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and
 * Beyond" (2009), eq. 3.15 — with Lucene's non-negative idf:
 *
 *   score(D, Q) = Σ_{t ∈ Q} idf(t) · f(t, D) · (k1 + 1) / (f(t, D) + k1 · (1 − b + b · |D| / avgdl))
 *   idf(t)      = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))
 *
 * f(t, D): occurrences of t in D; |D|: D's length in tokens; avgdl: the mean length; N: documents;
 * n(t): documents containing t. k1 = 1.2, b = 0.75. Each distinct query term counts once.
 * Tokens: lowercased (NFKC) runs of letters and digits — no stop words, no stemming ("plain").
 */

export const BM25_DEFAULTS = { k1: 1.2, b: 0.75 } as const;

export interface Bm25Document {
  id: string;
  text: string;
}

export interface Bm25Hit {
  id: string;
  score: number;
}

export interface Bm25Index {
  /** The `k` best documents with a positive score, best first; ties keep document order. */
  search(query: string, k: number): Bm25Hit[];
}

/** Lowercased runs of letters and digits. */
export function bm25Tokens(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

export function bm25Index(
  docs: readonly Bm25Document[],
  options: { k1?: number; b?: number } = {},
): Bm25Index {
  const k1 = options.k1 ?? BM25_DEFAULTS.k1;
  const b = options.b ?? BM25_DEFAULTS.b;
  /** term → (document index → occurrences) */
  const postings = new Map<string, Map<number, number>>();
  const lengths = docs.map((doc, index) => {
    const tokens = bm25Tokens(doc.text);
    for (const token of tokens) {
      let posting = postings.get(token);
      if (!posting) {
        posting = new Map();
        postings.set(token, posting);
      }
      posting.set(index, (posting.get(index) ?? 0) + 1);
    }
    return tokens.length;
  });
  const n = docs.length;
  const avgdl = n === 0 ? 0 : lengths.reduce((sum, length) => sum + length, 0) / n;

  return {
    search(query: string, k: number): Bm25Hit[] {
      if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
      const scores = new Map<number, number>();
      for (const term of new Set(bm25Tokens(query))) {
        const posting = postings.get(term);
        if (!posting) continue;
        const idf = Math.log(1 + (n - posting.size + 0.5) / (posting.size + 0.5));
        for (const [index, tf] of posting) {
          const norm = k1 * (1 - b + (b * (lengths[index] ?? 0)) / avgdl);
          scores.set(index, (scores.get(index) ?? 0) + (idf * tf * (k1 + 1)) / (tf + norm));
        }
      }
      return [...scores]
        .filter(([, score]) => score > 0)
        .sort((x, y) => y[1] - x[1] || x[0] - y[0])
        .slice(0, k)
        .map(([index, score]) => ({ id: docs[index]?.id ?? '', score }));
    },
  };
}
