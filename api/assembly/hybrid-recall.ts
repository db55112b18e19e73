/**
 * Hybrid recall (docs/recall-and-updates.md): the one ranking behind per-turn recall, POST
 * /v1/memories/search and the agent's `search_memories`. The lexical ranking (api/assembly/recall.ts
 * rankMemories) always runs; with an embedder configured, the newest user message's vector —
 * embedded when the message was stored (`prefetchQueryEmbedding`) or within a bounded wait here —
 * finds the scope's nearest memories (db/memory/memory-embeddings.ts), and the two lists are fused
 * (context/memory/fusion.ts). When the embedder is off, slow or failing, recall is lexical and
 * says why (`retrieval`).
 */
import {
  type AmendmentLink,
  type Amendments,
  arrangeHits,
  EPISODE_RANKING,
  FUSION_DEFAULTS,
  fuseRankings,
} from '../../context/memory/fusion.js';
import type { RecallQuery } from '../../context/memory/recall.js';
import { matchedTerms, queryOfTexts } from '../../context/memory/recall.js';
import { EPISODE_TYPE } from '../../context/memory/types.js';
import { queryTime } from '../../context/time/dates.js';
import type { Database } from '../../db/client.js';
import { amendmentLinksFor } from '../../db/memory/amendments.js';
import { vectorCandidates } from '../../db/memory/memory-embeddings.js';
import { type RecallScope, scopedMemoriesByIds } from '../../db/memory/memory-recall.js';
import type { MemoryRow } from '../../db/memory/memory-schema.js';
import type { Embedder } from '../../llm/embeddings.js';
import { isToolOutput, type RankedMemory, type RankOptions, rankMemories } from './recall.js';

/** The API's embedder and how long recall waits for a query's vector (DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS). */
export interface RecallEmbedding {
  embedder: Embedder;
  queryTimeoutMs: number;
}

export const DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS = 250;

export interface Retrieval {
  mode: 'hybrid' | 'lexical';
  /** Why recall is lexical: no embedder, the query's vector came too late, or the provider failed. */
  reason?: 'embeddings_off' | 'embedding_timeout' | 'embedding_failed';
}

export interface HybridRanked extends RankedMemory {
  /** Cosine to the query, null when the vector side did not find it. */
  cosine: number | null;
  /** The lexical score (`score` is the fused score in hybrid mode). */
  lexicalScore: number | null;
  /** `episode`: what a turn said; `memory`: an extracted or committed memory. */
  kind: 'episode' | 'memory';
  /** The episodes folded into this memory (it was extracted from them): one hit, not two. */
  episodeIds: string[];
  /** A later episode that says it amends this hit, placed directly above it (newest wins). */
  amendedBy?: string;
}

export type Unarranged = Omit<HybridRanked, 'kind' | 'episodeIds' | 'amendedBy'>;

const sourceRange = (memory: MemoryRow) =>
  'fromSeq' in memory.source
    ? { sessionId: memory.source.sessionId, fromSeq: memory.source.fromSeq, toSeq: memory.source.toSeq }
    : { sessionId: null, fromSeq: null, toSeq: null };

/** What explicit amendments need at arrangement: the links of the candidates' sessions and the amending episodes not among them. */
export interface RankedAmendments {
  links: readonly AmendmentLink[];
  amending: readonly MemoryRow[];
}

const arranged = (r: Unarranged) => ({
  ...r,
  ...sourceRange(r.memory),
  id: r.memory.id,
  kind: r.memory.type === EPISODE_TYPE ? ('episode' as const) : ('memory' as const),
  time: (r.memory.occurredAt ?? r.memory.validFrom ?? r.memory.recordedAt).getTime(),
  dates: r.memory.dates ?? [],
  toolOutput: isToolOutput(r.memory),
});

/**
 * The list's final order (context/memory/fusion.ts arrangeHits): time, explicit amendments, newest
 * wins, one hit per source, tool output capped.
 */
export function arrange(
  ranked: readonly Unarranged[],
  query: RecallQuery,
  now: Date,
  amendments?: RankedAmendments,
): HybridRanked[] {
  const time = queryTime(query.latest, now);
  const hits = ranked.map(arranged);
  let placing: Amendments<(typeof hits)[number]> | undefined;
  if (amendments && amendments.links.length > 0) {
    // An amendment speaks to the question when its words (not its speaker's name) hold enough of
    // the newest message's terms: amendmentMinTerms, or half of them for a question of fewer.
    const full = query.terms.filter((t) => t.weight === 1).length;
    const needed = Math.max(1, Math.min(EPISODE_RANKING.amendmentMinTerms, Math.ceil(full / 2)));
    placing = {
      links: amendments.links,
      extra: new Map(
        amendments.amending.map((memory) => [
          memory.id,
          arranged({ memory, score: 0, trigram: 0, matched: [], cosine: null, lexicalScore: null }),
        ]),
      ),
      speaksTo: (h) =>
        matchedTerms(query.terms, h.memory.content).filter((t) => t.weight === 1).length >= needed,
    };
  }
  return arrangeHits(hits, time, EPISODE_RANKING, placing).map(
    ({ id: _i, sessionId: _s, fromSeq: _f, toSeq: _t, time: _m, dates: _d, toolOutput: _o, ...hit }) => hit,
  );
}

/**
 * The amendment links of the candidates' sessions (by index seek, chains followed) and the amending
 * episodes not among the candidates, read in `scope` (never another's): what `arrange` needs.
 */
export async function amendmentsOf(
  db: Database,
  scope: RecallScope,
  candidates: readonly MemoryRow[],
  options: RankOptions = {},
): Promise<RankedAmendments> {
  const none = { links: [], amending: [] };
  if (options.episodes === false) return none;
  const sessions = [
    ...new Set(candidates.map((m) => sourceRange(m).sessionId).filter((s): s is string => s !== null)),
  ];
  if (sessions.length === 0) return none;
  const links = await amendmentLinksFor(db, scope.tenantId, sessions);
  if (links.length === 0) return none;
  const present = new Set(candidates.map((m) => m.id));
  const excluded = new Set(options.excludeIds ?? []);
  const missing = [...new Set(links.map((l) => l.amendingId))].filter(
    (id) => !present.has(id) && !excluded.has(id),
  );
  return { links, amending: await scopedMemoriesByIds(db, scope, missing) };
}

// Query vectors by (model, text): a message stored a moment ago is not embedded again.
const QUERY_CACHE_SIZE = 2_000;
const queryCache = new Map<string, Promise<Float32Array>>();

function queryVector(embedding: RecallEmbedding, text: string): Promise<Float32Array> {
  const key = `${embedding.embedder.id}\u0001${text}`;
  const cached = queryCache.get(key);
  if (cached) return cached;
  const pending = embedding.embedder.embed([text], { priority: 'query' }).then(([vector]) => {
    if (!vector) throw new Error('no vector');
    return vector;
  });
  pending.catch(() => queryCache.delete(key)); // a failure is not cached
  if (queryCache.size >= QUERY_CACHE_SIZE) queryCache.delete(queryCache.keys().next().value!);
  queryCache.set(key, pending);
  return pending;
}

/** Embeds a stored user message's recall text in the background (turns route): GET /context then finds it ready. */
export function prefetchQueryEmbedding(embedding: RecallEmbedding | null | undefined, text: string): void {
  if (!embedding) return;
  const latest = queryOfTexts([text])?.latest;
  if (latest) queryVector(embedding, latest).catch(() => {});
}

type Waited = { vector: Float32Array } | { reason: 'embedding_timeout' | 'embedding_failed' };

async function boundedQueryVector(embedding: RecallEmbedding, text: string): Promise<Waited> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Waited>((resolve) => {
    timer = setTimeout(() => resolve({ reason: 'embedding_timeout' }), embedding.queryTimeoutMs);
  });
  try {
    return await Promise.race([
      queryVector(embedding, text).then(
        (vector): Waited => ({ vector }),
        (): Waited => ({ reason: 'embedding_failed' }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const asLexical = (ranked: RankedMemory[]): Unarranged[] =>
  ranked.map((r) => ({ ...r, cosine: null, lexicalScore: r.score }));

/** The scope's memories for a query, best first: fused when the vector side answers, lexical otherwise. */
export async function rankHybrid(
  db: Database,
  scope: RecallScope,
  query: RecallQuery,
  minScore: number,
  embedding: RecallEmbedding | null | undefined,
  minCosine: number = embedding?.embedder.minCosine ?? FUSION_DEFAULTS.minCosine,
  options: RankOptions = {},
): Promise<{ ranked: HybridRanked[]; retrieval: Retrieval }> {
  const now = new Date();
  const lexicalPromise = rankMemories(db, scope, query, minScore, options);
  if (!embedding) {
    const lexical = await lexicalPromise;
    const amendments = await amendmentsOf(
      db,
      scope,
      lexical.map((r) => r.memory),
      options,
    );
    return {
      ranked: arrange(asLexical(lexical), query, now, amendments),
      retrieval: { mode: 'lexical', reason: 'embeddings_off' },
    };
  }
  // The vector side runs beside the lexical one: it adds only what it takes beyond it.
  const vectorSide = boundedQueryVector(embedding, query.latest).then(async (waited) =>
    'vector' in waited
      ? {
          nearest: await vectorCandidates(db, scope, embedding.embedder.id, waited.vector, {
            limit: FUSION_DEFAULTS.vectorCandidates,
            minCosine,
          }),
        }
      : waited,
  );
  const [lexical, side] = await Promise.all([lexicalPromise, vectorSide]);
  if (!('nearest' in side))
    return {
      ranked: arrange(
        asLexical(lexical),
        query,
        now,
        await amendmentsOf(
          db,
          scope,
          lexical.map((r) => r.memory),
          options,
        ),
      ),
      retrieval: { mode: 'lexical', reason: side.reason },
    };
  const excluded = new Set(options.excludeIds ?? []);
  const nearest = side.nearest.filter(
    (n) => !excluded.has(n.memory.id) && (options.episodes !== false || n.memory.type !== EPISODE_TYPE),
  );
  const amendments = await amendmentsOf(
    db,
    scope,
    [...lexical.map((r) => r.memory), ...nearest.map((n) => n.memory)],
    options,
  );
  return {
    ranked: fuseLists(lexical, nearest, query, now, undefined, amendments),
    retrieval: { mode: 'hybrid' },
  };
}

/**
 * The lexical and vector lists of one query fused (context/memory/fusion.ts fuseRankings, the
 * weights in FUSION_DEFAULTS unless given) and arranged: the hybrid ranking without its reads.
 */
export function fuseLists(
  lexical: readonly RankedMemory[],
  nearest: ReadonlyArray<{ memory: MemoryRow; cosine: number }>,
  query: RecallQuery,
  now: Date,
  settings: { k: number; lexical: number; vector: number } = {
    k: FUSION_DEFAULTS.k,
    lexical: FUSION_DEFAULTS.lexicalWeight,
    vector: FUSION_DEFAULTS.vectorWeight,
  },
  amendments?: RankedAmendments,
): HybridRanked[] {
  const lexicalById = new Map(lexical.map((r) => [r.memory.id, r]));
  const cosineById = new Map(nearest.map((n) => [n.memory.id, n.cosine]));
  const fused = fuseRankings(
    lexical.map((r) => ({ id: r.memory.id, item: r.memory, recordedAt: r.memory.recordedAt.getTime() })),
    nearest.map((n) => ({ id: n.memory.id, item: n.memory, recordedAt: n.memory.recordedAt.getTime() })),
    settings.k,
    settings,
  );
  const ranked = fused.map((f): Unarranged => {
    const lex = lexicalById.get(f.id);
    return {
      memory: f.item,
      score: f.score,
      trigram: lex?.trigram ?? 0,
      matched: lex?.matched ?? [],
      cosine: cosineById.get(f.id) ?? null,
      lexicalScore: lex?.score ?? null,
    };
  });
  return arrange(ranked, query, now, amendments);
}
