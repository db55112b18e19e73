/**
 * The pgvector side of bench/recall-hybrid.ts: on a database with the extension, the vector search
 * alone through HNSW against the exact scan, and how many of the exact top 10 HNSW found.
 */
import type { RecallQuery } from '../context/memory/recall.js';
import type { DatabaseHandle } from '../db/client.js';
import { vectorCandidates } from '../db/memory/memory-embeddings.js';
import type { RecallScope } from '../db/memory/memory-recall.js';
import type { Embedder } from '../llm/embeddings.js';
import { percentile, round } from './stack.js';

/** The embedder with each text's vector kept: query vectors are made once, before the timed part. */
export function memoized(embedder: Embedder): Embedder {
  const known = new Map<string, Float32Array>();
  return {
    id: embedder.id,
    embed: async (texts) => {
      const missing = texts.filter((t) => !known.has(t));
      if (missing.length > 0) {
        const vectors = await embedder.embed(missing);
        for (const [i, v] of vectors.entries()) known.set(missing[i]!, v);
      }
      return texts.map((t) => known.get(t)!);
    },
  };
}

/** On a database with pgvector: the vector search alone, HNSW against the exact scan, and HNSW's top-10 recall. */
export async function searchAlone(
  handle: DatabaseHandle,
  scope: RecallScope,
  embedder: Embedder,
  questions: RecallQuery[],
  rounds: number,
) {
  const times: Record<'pgvector' | 'exact', number[]> = { pgvector: [], exact: [] };
  let overlap = 0;
  for (let r = 0; r < rounds; r++) {
    const [vector] = await embedder.embed([questions[r % questions.length]!.latest]);
    const cosines: Record<string, number[]> = {};
    for (const search of ['pgvector', 'exact'] as const) {
      const t = performance.now();
      const found = await vectorCandidates(handle.db, scope, embedder.id, vector!, {
        limit: 10,
        minCosine: -1,
        search,
      });
      times[search].push(performance.now() - t);
      cosines[search] = found.map((f) => f.cosine);
    }
    // Tie-aware (the load repeats texts, so many cosines are equal): a hit counts when its cosine reaches the exact 10th.
    const floor = (cosines.exact!.at(-1) ?? 1) - 1e-6;
    overlap += cosines.pgvector!.filter((c) => c >= floor).length / Math.max(1, cosines.exact!.length);
  }
  const stats = (ms: number[]) => ({
    p50Ms: round(percentile(ms, 50), 2),
    p95Ms: round(percentile(ms, 95), 2),
  });
  return {
    vectorSearchAlone: { pgvector: stats(times.pgvector), exactWarm: stats(times.exact) },
    top10RecallVsExact: round(overlap / rounds, 3),
  };
}
