/**
 * Hybrid recall's ranking (docs/recall-and-updates.md), pure: the lexical list (terms + trigrams,
 * scored by `scoreMemory`, kept at or above the minimum score) and the vector list (cosine, kept
 * at or above `minCosine`) are fused by reciprocal rank fusion — each list gives a memory
 * weight / (k + rank), the weights in FUSION_DEFAULTS — so a strong semantic match with no shared word is recalled, a lexical match
 * still is when embeddings are off, and a memory both lists agree on comes first. Equal fused
 * scores go to the newer memory.
 */

export const FUSION_DEFAULTS = {
  /** RRF's constant: the usual 60 flattens the head less than small k would. */
  k: 60,
  /** A vector match below this cosine is not a match (MOLT_RECALL_MIN_COSINE). */
  minCosine: 0.5,
  /** Vector candidates read per query. */
  vectorCandidates: 40,
  /**
   * Each list's weight: a memory gets weight / (k + rank) from it. Equal today; the one place to
   * change them (issue 30 chooses them from measurements on the episode benchmarks).
   */
  lexicalWeight: 1,
  vectorWeight: 1,
} as const;

export interface FusionInput<T> {
  id: string;
  item: T;
  recordedAt: number;
}

export interface Fused<T> {
  id: string;
  item: T;
  /** The fused score (sum of 1 / (k + rank) over the lists that hold it). */
  score: number;
  /** 1-based rank in each list, null when absent. */
  lexicalRank: number | null;
  vectorRank: number | null;
}

/**
 * Fuses ranked lists (best first, already thresholded). A memory in only one list keeps that
 * list's contribution; ties are broken by recency (newer first), then id.
 */
export function fuseRankings<T>(
  lexical: ReadonlyArray<FusionInput<T>>,
  vector: ReadonlyArray<FusionInput<T>>,
  k: number = FUSION_DEFAULTS.k,
  weights: { lexical: number; vector: number } = {
    lexical: FUSION_DEFAULTS.lexicalWeight,
    vector: FUSION_DEFAULTS.vectorWeight,
  },
): Fused<T>[] {
  const out = new Map<string, Fused<T> & { recordedAt: number }>();
  const add = (list: ReadonlyArray<FusionInput<T>>, which: 'lexicalRank' | 'vectorRank', weight: number) => {
    list.forEach((entry, index) => {
      const existing = out.get(entry.id) ?? {
        id: entry.id,
        item: entry.item,
        score: 0,
        lexicalRank: null,
        vectorRank: null,
        recordedAt: entry.recordedAt,
      };
      if (existing[which] !== null) return;
      existing[which] = index + 1;
      existing.score += weight / (k + index + 1);
      out.set(entry.id, existing);
    });
  };
  add(lexical, 'lexicalRank', weights.lexical);
  add(vector, 'vectorRank', weights.vector);
  return [...out.values()]
    .sort((a, b) => b.score - a.score || b.recordedAt - a.recordedAt || a.id.localeCompare(b.id))
    .map(({ recordedAt: _, ...fused }) => fused);
}
