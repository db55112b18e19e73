/**
 * Hybrid recall's ranking (docs/recall-and-updates.md), pure: the lexical list (terms + trigrams,
 * scored by `scoreMemory`, kept at or above the minimum score) and the vector list (cosine, kept
 * at or above `minCosine`) are fused by reciprocal rank fusion — each list gives a memory
 * weight / (k + rank), the weights in FUSION_DEFAULTS — so a strong semantic match with no shared word is recalled, a lexical match
 * still is when embeddings are off, and a memory both lists agree on comes first. Equal fused
 * scores go to the newer memory.
 */

export const FUSION_DEFAULTS = {
  /**
   * RRF's constant. With `vectorWeight` 0.5 a memory only the vector list holds never outranks
   * one the lexical list ranks in its top 10 (0.5 / (10 + 1) < 1 / (10 + 10)): vectors reorder
   * and add below, never bury a lexical hit unless both lists agree on the one above it.
   */
  k: 10,
  /** A vector match below this cosine is not a match (not a setting). */
  minCosine: 0.5,
  /** Vector candidates read per query. */
  vectorCandidates: 40,
  /**
   * Each list's weight: a memory gets weight / (k + rank) from it. Chosen on the people corpus's
   * tuning part and sde-bench (bench/episodes.bench.ts, 2026-11-27; docs/recall-and-updates.md#the-ranking):
   * of the grid measured, the one point at or above the better single list (lexical) on every
   * figure — people hit@5 0.788 / hit@10 0.864 against lexical 0.729 / 0.814, sde-bench deciding
   * chat @1/@5/@10 27/33/33 as lexical. Equal weights with k 60 did better at hit@10 (0.881) and
   * worse than lexical on sde-bench (@1 7, @5 27 of 33).
   */
  lexicalWeight: 1,
  vectorWeight: 0.5,
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

/**
 * The one place for how episodes (docs/memory.md#episodes) and extracted memories share a ranked
 * list: the benchmarks (bench/episodes.bench.ts) tune these, nothing else holds a copy.
 */
export const EPISODE_RANKING = {
  /** Lexical candidates read per query before scoring (episodes make a scope large). */
  candidates: 60,
  /** A tool result's episode scores this share of its score: what people said ranks first. */
  toolOutputWeight: 0.5,
  /** At most this many tool-output episodes in one result list. */
  maxToolOutputHits: 1,
  /** An extracted memory's score is multiplied by this (1: the same footing as what was said). */
  memoryWeight: 1,
  /** Hits within this share of each other's score are ordered newest first ("newest wins"). */
  newestWinsWithin: 0.1,
  /** A question naming a span: a hit whose time or dates fall in it gains this much. */
  inSpanBoost: 0.25,
  /** A "when" question: a hit that names a date gains this much. */
  datedBoost: 0.05,
  /**
   * An amendment stands above the hit it amends only when its own words (not its speaker's name)
   * hold at least this many terms of the question's newest message, or half of them when it has
   * fewer than twice this many (placeAmendments).
   */
  amendmentMinTerms: 2,
} as const;

/** What the merge needs of a hit: its id, kind and source range. */
export interface SourcedHit {
  id: string;
  kind: 'episode' | 'memory';
  sessionId: string | null;
  fromSeq: number | null;
  toSeq: number | null;
}

/**
 * One hit per thing said: an extracted memory and the episode(s) it was extracted from are one hit
 * — the memory, at the better of their positions. `hits` is ranked best first; the result keeps
 * that order, each memory carrying the ids of the episodes folded into it.
 */
export function mergeSourceEpisodes<T extends SourcedHit>(
  hits: readonly T[],
): Array<T & { episodeIds: string[] }> {
  const memories = hits.filter((h) => h.kind === 'memory' && h.sessionId !== null && h.fromSeq !== null);
  const covering = (episode: T): T | undefined =>
    memories.find(
      (m) =>
        m.sessionId === episode.sessionId &&
        episode.fromSeq !== null &&
        m.fromSeq! <= episode.fromSeq &&
        episode.fromSeq <= (m.toSeq ?? m.fromSeq!),
    );
  const out: Array<T & { episodeIds: string[] }> = [];
  const placed = new Map<string, T & { episodeIds: string[] }>();
  for (const hit of hits) {
    if (hit.kind === 'episode') {
      const memory = covering(hit);
      if (memory) {
        const existing = placed.get(memory.id);
        if (existing) existing.episodeIds.push(hit.id);
        else {
          const merged = { ...memory, episodeIds: [hit.id] };
          placed.set(memory.id, merged);
          out.push(merged);
        }
        continue;
      }
      out.push({ ...hit, episodeIds: [] });
      continue;
    }
    if (placed.has(hit.id)) continue;
    const entry = { ...hit, episodeIds: [] as string[] };
    placed.set(hit.id, entry);
    out.push(entry);
  }
  return out;
}

/** What arranging a ranked list needs of each hit. */
export interface ArrangedHit extends SourcedHit {
  score: number;
  /** When it was said or became true (ms). */
  time: number;
  /** The day spans its text names (context/time/dates.ts). */
  dates: ReadonlyArray<{ from: string; to: string }>;
  /** The query terms it matched (by key or as written). */
  matched: readonly string[];
  toolOutput: boolean;
}

/** What a question asks of time (context/time/dates.ts queryTime). */
export interface QueryTimeLike {
  asksWhen: boolean;
  spans: ReadonlyArray<{ from: string; to: string }>;
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function overlaps(a: { from: string; to: string }, b: { from: string; to: string }): boolean {
  return a.from <= b.to && b.from <= a.to;
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const set = new Set(a);
  const shared = b.filter((x) => set.has(x)).length;
  return shared / (set.size + b.length - shared);
}

/** What placing explicit amendments needs (placeAmendments): the links and the amending episodes not among the hits. */
export interface Amendments<T> {
  links: readonly AmendmentLink[];
  /** Amending episodes by id, not among the hits (read in the caller's scope). */
  extra: ReadonlyMap<string, T>;
  /** Whether an amendment speaks to the question (only then does it stand above what it amends). */
  speaksTo: (hit: T) => boolean;
}

/**
 * The final order of a ranked list (best first), pure:
 * - time: a question naming a span lifts the hits said in it or naming a date in it; a "when"
 *   question lifts hits that name a date;
 * - explicit amendments (placeAmendments): a later episode that says it amends a hit stands
 *   directly above it, the hit marked `amendedBy` it;
 * - newest wins: of two hits about the same thing (half their matched terms shared) whose scores
 *   are within `newestWinsWithin` of each other, the later one comes first;
 * - a memory and the episodes it came from are one hit (mergeSourceEpisodes);
 * - at most `maxToolOutputHits` tool-output episodes.
 */
export function arrangeHits<T extends ArrangedHit>(
  hits: readonly T[],
  time: QueryTimeLike,
  settings: Pick<
    typeof EPISODE_RANKING,
    'inSpanBoost' | 'datedBoost' | 'newestWinsWithin' | 'maxToolOutputHits'
  > = EPISODE_RANKING,
  amendments?: Amendments<T>,
): Array<T & { episodeIds: string[]; amendedBy?: string }> {
  const boosted = hits.map((hit) => {
    let factor = 1;
    if (time.spans.length > 0) {
      const day = isoDay(hit.time);
      const inSpan = time.spans.some(
        (span) => overlaps(span, { from: day, to: day }) || hit.dates.some((d) => overlaps(span, d)),
      );
      if (inSpan) factor += settings.inSpanBoost;
    }
    if (time.asksWhen && hit.dates.length > 0) factor += settings.datedBoost;
    return { ...hit, score: hit.score * factor };
  });
  boosted.sort((a, b) => b.score - a.score || b.time - a.time || a.id.localeCompare(b.id));
  const amendedBy = new Map<string, string>();
  if (amendments && amendments.links.length > 0) {
    const placed = placeAmendments(
      boosted,
      amendments.links,
      amendments.extra,
      (h) => h,
      amendments.speaksTo,
    );
    boosted.splice(0, boosted.length, ...placed.hits);
    for (const [id, by] of placed.supersededBy) amendedBy.set(id, by);
    // An amendment brought in stands in the place (and at the score) of the hit it amends.
    for (let i = 0; i < boosted.length; i++) {
      const hit = boosted[i]!;
      if (!amendments.extra.has(hit.id)) continue;
      const below = boosted.slice(i + 1).find((h) => !amendments.extra.has(h.id));
      boosted[i] = { ...hit, score: below?.score ?? hit.score };
    }
  }
  // Newest wins: one stable pass of adjacent swaps, repeated until nothing moves (bounded).
  for (let pass = 0; pass < boosted.length; pass++) {
    let moved = false;
    for (let i = 0; i + 1 < boosted.length; i++) {
      const a = boosted[i]!;
      const b = boosted[i + 1]!;
      const close = a.score - b.score <= settings.newestWinsWithin * Math.max(a.score, 1e-9);
      if (close && b.time > a.time && jaccard(a.matched, b.matched) >= 0.5) {
        boosted[i] = b;
        boosted[i + 1] = a;
        moved = true;
      }
    }
    if (!moved) break;
  }
  let toolHits = 0;
  return mergeSourceEpisodes(boosted)
    .filter((hit) => {
      if (!hit.toolOutput) return true;
      toolHits += 1;
      return toolHits <= settings.maxToolOutputHits;
    })
    .map((hit) => {
      const by = amendedBy.get(hit.id);
      return by ? { ...hit, amendedBy: by } : hit;
    });
}

/** A link from an episode that amends (context/memory/revision.ts) to the earlier messages it amends. */
export interface AmendmentLink {
  amendingId: string;
  amendingSessionId: string;
  /** The amending session's messages that stand for it (a hit among them is its representative). */
  amendingFromSeq: number;
  amendingToSeq: number;
  amendedSessionId: string;
  /** The amended session's messages the link covers. */
  amendedFromSeq: number;
  amendedToSeq: number;
}

/** Where a hit is: its id, source range and time (ms). */
export interface PlacedHit {
  id: string;
  sessionId: string | null;
  fromSeq: number | null;
  toSeq: number | null;
  time: number;
}

/** Amendment chains followed at most this deep (an amendment of an amendment of …). */
export const MAX_AMENDMENT_DEPTH = 4;

/**
 * Newest wins for explicit amendments (docs/recall-and-updates.md#newest-wins), pure: a hit that a
 * later episode amends (a link covers its session and message) gets that amendment directly above
 * it — the best hit in the list among the amending episode's neighbours, else the linked amending
 * episode itself when `extra` holds it — when that amendment `speaksTo` the question, and the hit
 * is marked `supersededBy` it. An amendment of
 * an amendment is followed (newest first, at most MAX_AMENDMENT_DEPTH deep). An amendment already
 * above the hit stays where it is; every other hit keeps its order. Links never cross scopes: the
 * caller reads them and the extra episodes in the caller's scope only.
 */
export function placeAmendments<H>(
  hits: readonly H[],
  links: readonly AmendmentLink[],
  extra: ReadonlyMap<string, H>,
  placeOf: (hit: H) => PlacedHit,
  speaksTo: (hit: H) => boolean = () => true,
): { hits: H[]; supersededBy: Map<string, string> } {
  const supersededBy = new Map<string, string>();
  if (links.length === 0) return { hits: [...hits], supersededBy };
  const bySession = new Map<string, AmendmentLink[]>();
  for (const link of links) {
    const list = bySession.get(link.amendedSessionId) ?? [];
    list.push(link);
    bySession.set(link.amendedSessionId, list);
  }
  const out = [...hits];
  const within = (at: PlacedHit, sessionId: string, from: number, to: number) =>
    at.sessionId === sessionId && at.fromSeq !== null && from <= (at.toSeq ?? at.fromSeq) && at.fromSeq <= to;
  const covers = (link: AmendmentLink, at: PlacedHit) =>
    within(at, link.amendedSessionId, link.amendedFromSeq, link.amendedToSeq);
  /** The best hit in the list among the amending episode's neighbours, else the linked episode (when given). */
  const representative = (link: AmendmentLink): H | undefined => {
    const rep =
      out.find((h) => within(placeOf(h), link.amendingSessionId, link.amendingFromSeq, link.amendingToSeq)) ??
      extra.get(link.amendingId);
    return rep !== undefined && speaksTo(rep) ? rep : undefined;
  };
  for (let i = 0; i < out.length; i++) {
    const hit = out[i]!;
    const at = placeOf(hit);
    // The amendments of this hit, and theirs (a chain), each later than what it amends.
    const amenders: H[] = [];
    const seen = new Set([at.id]);
    let frontier: Array<{ place: PlacedHit; depth: number }> = [{ place: at, depth: 0 }];
    while (frontier.length > 0) {
      const next: typeof frontier = [];
      for (const { place, depth } of frontier) {
        if (depth >= MAX_AMENDMENT_DEPTH || place.sessionId === null) continue;
        for (const link of bySession.get(place.sessionId) ?? []) {
          if (!covers(link, place)) continue;
          const rep = representative(link);
          if (rep === undefined) continue;
          const repPlace = placeOf(rep);
          if (seen.has(repPlace.id) || repPlace.time <= place.time) continue;
          seen.add(repPlace.id);
          if (place === at) supersededBy.set(at.id, supersededBy.get(at.id) ?? repPlace.id);
          amenders.push(rep);
          next.push({ place: repPlace, depth: depth + 1 });
        }
      }
      frontier = next;
    }
    // Those not already above the hit move to directly above it, newest first.
    const below = amenders.filter((h) => {
      const index = out.indexOf(h);
      return index < 0 || index > i;
    });
    if (below.length === 0) continue;
    below.sort((a, b) => placeOf(b).time - placeOf(a).time || placeOf(a).id.localeCompare(placeOf(b).id));
    for (const h of below) {
      const index = out.indexOf(h);
      if (index >= 0) out.splice(index, 1);
    }
    out.splice(i, 0, ...below);
    i += below.length;
  }
  return { hits: out, supersededBy };
}
