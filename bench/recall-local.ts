/**
 * Semantic recall with no provider configured (issue 30 item 4): the offline model
 * (llm/local-embeddings.ts, `local:use-lite-512`) that molt uses by default.
 *
 * Part 1, quality, on PostgreSQL: two paraphrase probes — the 20 of bench/recall-hybrid.ts among
 * its 30 distractors, and the 46 conversational pairs of bench/paraphrase-corpus.ts among its 30
 * distractors, and 20 held-out pairs (written after the model's relevance floor was chosen, reported
 * apart) — each question sharing no analyzer term with its memory (checked). The memories go
 * through the real embedding activity; recall@1/@5 of the lexical ranking alone (the baseline), of
 * the vector side alone (no floor), and of hybrid recall as the API runs it: with the query's
 * vector ready (per-turn recall: the turns route embeds a message when it is stored) and cold,
 * within the default 250 ms wait (POST /v1/memories/search; `modes` counts the answers that came
 * back lexical because the vector was late).
 *
 * Part 2, cost, in this process: the model's load (time, resident memory); a query's vector
 * (a short question; a conversational turn) p50/p95 on an idle model; background embedding of
 * conversational turns in batches of 64 (as the activity sends them) at the default CPU share and
 * unthrottled (share 1, the baseline): turns/s, CPU ms per turn (the process's CPU time, all
 * threads, queries made meanwhile included), and the share of the run the model's thread spent on
 * background texts; and a query's latency and the
 * main thread's event-loop delay while background embedding runs, against the idle figures.
 *
 * Run: `npx tsx bench/recall-local.ts` — prints one JSON object.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { EMBEDDING_BATCH, memoryEmbeddingActivities } from '../activities/memory-embedding.js';
import { DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS, rankHybrid } from '../api/assembly/hybrid-recall.js';
import { rankMemories } from '../api/assembly/recall.js';
import { DEFAULT_LOCAL_EMBEDDINGS_CPU_SHARE } from '../config/defaults.js';
import { queryOfTexts } from '../context/memory/recall.js';
import { textTerms } from '../context/memory/terms.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { vectorCandidates } from '../db/memory/memory-embeddings.js';
import { createEmbedder, type Embedder } from '../llm/embeddings.js';
import { closeLocalEmbedder, localEmbedderStats } from '../llm/local-embeddings.js';
import {
  CONVERSATIONAL_DISTRACTORS,
  CONVERSATIONAL_PARAPHRASES,
  HELD_OUT_DISTRACTORS,
  HELD_OUT_PARAPHRASES,
} from './paraphrase-corpus.js';
import { DISTRACTORS, PARAPHRASES, seedParaphrases } from './recall-hybrid.js';
import { adminDatabaseUrl, log, percentile, round, runAsScript } from './stack.js';

const MIN_SCORE = 0.45;
const _keysOf = (text: string) => new Set(textTerms(text).map((t) => t.key));

async function probe(
  handle: DatabaseHandle,
  embedder: Embedder,
  name: string,
  pairs: ReadonlyArray<[string, string]>,
  distractors: readonly string[],
) {
  const tenantId = `bench-local-${name}-${randomUUID().slice(0, 8)}`;
  const { userId, ids } = await seedParaphrases(handle.db, tenantId, pairs, distractors);
  // The real activity, batch by batch, as the embedding workflow runs it.
  const activities = memoryEmbeddingActivities({ db: handle.db, embedder });
  let afterId = '';
  for (;;) {
    const batch = await activities.embedMemoryBatch({ selector: { tenantId }, afterId });
    if (batch.nextAfterId === null) break;
    afterId = batch.nextAfterId;
  }
  const recallScope = { tenantId, userId, agentId: null, sessionId: null };
  const hits = { lexical: [0, 0], vector: [0, 0], hybrid: [0, 0], hybridCold: [0, 0] };
  const modes: Record<string, number> = {};
  const count = (which: keyof typeof hits, list: string[], id: string) => {
    if (list[0] === id) hits[which][0]! += 1;
    if (list.slice(0, 5).includes(id)) hits[which][1]! += 1;
  };
  for (const [i, [, question]] of pairs.entries()) {
    const query = queryOfTexts([question]);
    if (!query) continue;
    const lexical = await rankMemories(handle.db, recallScope, query, MIN_SCORE);
    count(
      'lexical',
      lexical.map((r) => r.memory.id),
      ids[i]!,
    );
    // As POST /v1/memories/search does it: the query's vector made now (cold), waited for at
    // most the default 250 ms; on a busy box it can come too late, and the answer is lexical.
    const cold = await rankHybrid(handle.db, recallScope, query, MIN_SCORE, {
      embedder,
      queryTimeoutMs: DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS,
    });
    const mode = cold.retrieval.reason ?? cold.retrieval.mode;
    modes[mode] = (modes[mode] ?? 0) + 1;
    count(
      'hybridCold',
      cold.ranked.map((r) => r.memory.id),
      ids[i]!,
    );
    // As per-turn recall does it: the turn's message was embedded when it was stored (the
    // turns route's prefetch), so the vector is ready when GET /context ranks.
    const [vector] = await embedder.embed([query.latest], { priority: 'query' });
    const ready = await rankHybrid(handle.db, recallScope, query, MIN_SCORE, {
      embedder,
      queryTimeoutMs: 60_000,
    });
    if (ready.retrieval.mode !== 'hybrid')
      throw new Error(`hybrid recall answered ${ready.retrieval.reason}`);
    count(
      'hybrid',
      ready.ranked.map((r) => r.memory.id),
      ids[i]!,
    );
    const nearest = await vectorCandidates(handle.db, recallScope, embedder.id, vector!, {
      limit: 5,
      minCosine: -1,
    });
    count(
      'vector',
      nearest.map((n) => n.memory.id),
      ids[i]!,
    );
  }
  const rate = ([at1, at5]: number[]) => ({
    recallAt1: round(at1! / pairs.length, 3),
    recallAt5: round(at5! / pairs.length, 3),
  });
  return {
    probes: pairs.length,
    memories: pairs.length + distractors.length,
    lexicalAlone: rate(hits.lexical),
    vectorAlone: rate(hits.vector),
    hybridQueryVectorReady: rate(hits.hybrid),
    hybridColdAtDefaultWait: { ...rate(hits.hybridCold), modes },
    vectorMinCosine: embedder.minCosine,
  };
}

/** Conversational turns: the English prose corpus in groups of sentences up to ~300 characters, and chat lines. */
function conversationalTurns(n: number): string[] {
  const prose = readFileSync(new URL('./corpus/english-prose.txt', import.meta.url), 'utf8');
  const sentences = prose
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const turns: string[] = [];
  let turn = '';
  for (const s of sentences) {
    if (turn && turn.length + s.length > 300) {
      turns.push(turn);
      turn = '';
    }
    turn = turn ? `${turn} ${s}` : s;
  }
  if (turn) turns.push(turn);
  const chat = readFileSync(new URL('./corpus/emoji-chat.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.replace(/^\[[^\]]*\]\s*/, '').trim())
    .filter((l) => l.length > 20);
  const all = [...turns, ...chat];
  return Array.from({ length: n }, (_, i) => `${all[i % all.length]!}${i >= all.length ? ` (${i})` : ''}`);
}

async function timed<T>(f: () => Promise<T>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

const stats = (ms: number[]) => ({
  p50Ms: round(percentile(ms, 50), 1),
  p95Ms: round(percentile(ms, 95), 1),
  n: ms.length,
});

async function background(share: number, turns: string[]) {
  const embedder = createEmbedder({ provider: 'local', cpuShare: share })!;
  const before = localEmbedderStats();
  const cpu = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < turns.length; i += EMBEDDING_BATCH)
    await embedder.embed(turns.slice(i, i + EMBEDDING_BATCH));
  const wallMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const encodeMs = localEmbedderStats().backgroundEncodeMs - before.backgroundEncodeMs;
  return {
    cpuShare: share,
    turns: turns.length,
    turnsPerSecond: round(turns.length / (wallMs / 1000), 1),
    cpuMsPerTurn: round((used.user + used.system) / 1000 / turns.length, 1),
    /** The share of the run the model's thread spent on background texts (queries not counted). */
    backgroundBusyShareOfOneCore: round(encodeMs / wallMs, 2),
  };
}

async function cost(turnCount: number) {
  await closeLocalEmbedder();
  const rssBefore = process.memoryUsage().rss;
  const embedder = createEmbedder({ provider: 'local', cpuShare: DEFAULT_LOCAL_EMBEDDINGS_CPU_SHARE })!;
  const coldMs = await timed(() => embedder.embed(['hello'], { priority: 'query' }));
  const load = {
    firstCallMs: round(coldMs, 0),
    modelLoadMs: round(localEmbedderStats().loadMs ?? Number.NaN, 0),
    residentMemoryAddedMb: round((process.memoryUsage().rss - rssBefore) / 1e6, 0),
  };
  log(`model loaded in ${load.modelLoadMs} ms (+${load.residentMemoryAddedMb} MB resident)`);
  const questions = [...PARAPHRASES, ...CONVERSATIONAL_PARAPHRASES].map(([, q]) => q);
  const turns = conversationalTurns(turnCount);
  const idleQuery: number[] = [];
  for (const q of questions) idleQuery.push(await timed(() => embedder.embed([q], { priority: 'query' })));
  const idleTurn: number[] = [];
  for (const t of turns.slice(0, 40))
    idleTurn.push(await timed(() => embedder.embed([t], { priority: 'query' })));
  log(
    `idle: query p50 ${percentile(idleQuery, 50).toFixed(1)} ms, turn p50 ${percentile(idleTurn, 50).toFixed(1)} ms`,
  );

  const unthrottled = await background(1, turns);
  log(`background share 1: ${unthrottled.turnsPerSecond} turns/s`);
  const idleLoop = monitorEventLoopDelay({ resolution: 10 });
  idleLoop.enable();
  await new Promise((r) => setTimeout(r, 2_000));
  idleLoop.disable();

  // The default share, with queries arriving meanwhile (as the API's recall does).
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const busyQuery: number[] = [];
  let done = false;
  const bulk = background(DEFAULT_LOCAL_EMBEDDINGS_CPU_SHARE, turns).finally(() => {
    done = true;
  });
  for (let i = 0; !done; i++) {
    busyQuery.push(
      await timed(() => embedder.embed([questions[i % questions.length]!], { priority: 'query' })),
    );
    await new Promise((r) => setTimeout(r, 150));
  }
  const atDefault = await bulk;
  loop.disable();
  log(`background share ${DEFAULT_LOCAL_EMBEDDINGS_CPU_SHARE}: ${atDefault.turnsPerSecond} turns/s`);
  const meanTurnChars = round(turns.reduce((n, t) => n + t.length, 0) / turns.length, 0);
  return {
    load,
    queryVector: {
      shortQuestionIdle: stats(idleQuery),
      conversationalTurnIdle: { ...stats(idleTurn), meanChars: meanTurnChars },
      shortQuestionDuringBackground: stats(busyQuery),
      apiWaitMs: DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS,
    },
    backgroundEmbedding: {
      meanTurnChars,
      batch: EMBEDDING_BATCH,
      atDefaultShare: atDefault,
      unthrottledBaseline: unthrottled,
    },
    mainThreadEventLoopDelay: {
      idleP99Ms: round(idleLoop.percentile(99) / 1e6, 1),
      duringBackgroundP99Ms: round(loop.percentile(99) / 1e6, 1),
    },
    networkAttempts: localEmbedderStats().networkAttempts,
  };
}

export async function localRecallBench(options: { turns?: number } = {}): Promise<Record<string, unknown>> {
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  const name = `molt_bench_local_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminDatabaseUrl());
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString() });
    let quality: Record<string, unknown>;
    try {
      await handle.migrate();
      const embedder = createEmbedder({ provider: 'local', cpuShare: DEFAULT_LOCAL_EMBEDDINGS_CPU_SHARE })!;
      embedder.warm?.();
      const original = await probe(handle, embedder, 'hybrid20', PARAPHRASES, DISTRACTORS);
      log(
        `20-probe recall@5: lexical ${original.lexicalAlone.recallAt5}, hybrid ${original.hybridQueryVectorReady.recallAt5}`,
      );
      const conversational = await probe(
        handle,
        embedder,
        'conv46',
        CONVERSATIONAL_PARAPHRASES,
        CONVERSATIONAL_DISTRACTORS,
      );
      log(
        `46-probe recall@5: lexical ${conversational.lexicalAlone.recallAt5}, hybrid ${conversational.hybridQueryVectorReady.recallAt5}`,
      );
      const heldOut = await probe(handle, embedder, 'heldout20', HELD_OUT_PARAPHRASES, HELD_OUT_DISTRACTORS);
      log(
        `held-out 20-probe recall@5: lexical ${heldOut.lexicalAlone.recallAt5}, hybrid ${heldOut.hybridQueryVectorReady.recallAt5}`,
      );
      quality = {
        embedder: 'local:use-lite-512 (the default with no provider configured)',
        database: 'PostgreSQL',
        minScore: MIN_SCORE,
        recallHybrid20: original,
        conversational46: conversational,
        heldOut20: heldOut,
        goalRecallAt5: 0.8,
      };
    } finally {
      await handle.close();
    }
    return { quality, cost: await cost(options.turns ?? 256) };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await closeLocalEmbedder();
  }
}

runAsScript(import.meta.url, () =>
  localRecallBench({ turns: process.env.BENCH_TURNS ? Number(process.env.BENCH_TURNS) : undefined }),
);
