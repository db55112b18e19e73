/**
 * Cost of episodic recall at scale (issue 30's cost figures), through the real API + worker +
 * PostgreSQL with the default configuration (no provider: the offline `local:use-lite-512`
 * encoder, hybrid):
 *
 * - seeding: `MOLT_BENCH_EPISODES_SCALE` (default 100,000) episodes in one user's scope, and 1,000
 *   in another (the baseline), written straight into `memories`, `memory_terms` and
 *   `memory_embeddings` by batched `INSERT … SELECT … FROM json_to_recordset(…)` (`seedEpisodes`), not through
 *   the turn path. Each episode is 1–3 sentences drawn from real text (the estimator corpus, the
 *   people corpus's tuning part, sde-bench's chats when present), a speaker, a time a minute
 *   apart; its vector is the normalised sum of its sentences' vectors, each sentence embedded once
 *   by the offline encoder (so the vectors are the encoder's, clustered as its space is).
 * - search: `rankHybrid` — what `POST /v1/memories/search` calls — over varied questions (the
 *   people corpus's tuning questions, sde-bench's bug reports): p50/p95 with the question's vector
 *   ready (per-turn recall: embedded when the message was stored), lexical alone (embeddings off),
 *   and cold (the vector made within the call, as a search's first time), at 100K and 1K.
 * - `GET /context`: ten sessions of the big scope's user, each ending with a different question;
 *   recall on and off alternating, p50/p95 of each.
 *
 * Run: `npx tsx bench/episodes-scale.ts` — one JSON object on stdout. `MOLT_BENCH_EPISODES_TEMPLATE=1`
 * keeps the seeded database as a template for later runs (`seededTemplate`).
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS,
  type RecallEmbedding,
  rankHybrid,
} from '../api/assembly/hybrid-recall.js';
import { episodeId } from '../context/memory/episodes.js';
import { normalizeMemoryText } from '../context/memory/policy.js';
import { queryOfTexts, RECALL_DEFAULTS, type RecallQuery } from '../context/memory/recall.js';
import { indexTerms } from '../context/memory/terms.js';
import { EPISODE_TYPE } from '../context/memory/types.js';
import { type Database, openDatabase } from '../db/client.js';
import { searchTextOf } from '../db/memory/memories.js';
import { ensureVectorIndex } from '../db/memory/pgvector.js';
import { ensureTenant } from '../db/transcript.js';
import { createEmbedder, type Embedder, loadEmbeddingsConfig } from '../llm/embeddings.js';
import { loadCorpus } from './corpus.js';
import { loadSdeBench } from './episodes-data.js';
import { loadPeopleCorpus } from './people-corpus.js';
import { seeded } from './seeded-text.js';
import { adminDatabaseUrl, log, percentile, round, runAsScript, startBenchStack } from './stack.js';

const TENANT = 'default';
/** Rows per INSERT … SELECT statement. */
const BATCH = 1_000;

/** Sentences of real text: 20–240 characters, each once. */
export function sentencePool(): string[] {
  const texts = [
    ...loadCorpus().map((d) => d.text),
    ...loadPeopleCorpus('tuning').flatMap((c) => c.sessions.flatMap((s) => s.messages.map((m) => m.text))),
    ...(loadSdeBench()?.chats.flatMap((c) => c.turns.map((t) => t.text)) ?? []),
  ];
  const out = new Set<string>();
  for (const text of texts)
    for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
      const s = sentence.replace(/\s+/g, ' ').trim();
      if (s.length >= 20 && s.length <= 240 && /[a-z]{3}/i.test(s)) out.add(s);
    }
  return [...out];
}

/** Each pool sentence's vector (unit length), embedded once. */
async function poolVectors(embedder: Embedder, pool: readonly string[]): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < pool.length; i += 64) out.push(...(await embedder.embed(pool.slice(i, i + 64))));
  return out;
}

function sumUnit(vectors: readonly Float32Array[]): Float32Array {
  const sum = new Float32Array(vectors[0]!.length);
  for (const v of vectors) for (let d = 0; d < v.length; d++) sum[d]! += v[d]!;
  const norm = Math.hypot(...sum) || 1;
  return sum.map((x) => x / norm);
}

const pgArray = (values: ArrayLike<number>): string => `{${Array.from(values).join(',')}}`;

/**
 * `count` episodes in `userId`'s scope, straight into the tables the episode indexer writes (and
 * their vectors for `model`), by batched INSERT … SELECT FROM json_to_recordset(…). Sessions of 1,000.
 */
export async function seedEpisodes(
  db: Database,
  options: {
    userId: string;
    count: number;
    seed: number;
    pool: readonly string[];
    vectors?: { model: string; of: readonly Float32Array[] };
  },
): Promise<void> {
  const { userId, count, pool } = options;
  const random = seeded(options.seed);
  await ensureTenant(db, TENANT);
  if (options.vectors) await ensureVectorIndex(db, options.vectors.model, options.vectors.of[0]!.length);
  const start = Date.parse('2025-01-01T09:00:00Z');
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => {
      const i = from + k;
      const sessionId = `${userId}-s${Math.floor(i / 1_000)}`;
      const seq = (i % 1_000) + 1;
      const picks = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        Math.floor(random() * pool.length),
      );
      const content = picks.map((p) => pool[p]).join(' ');
      const speaker = i % 2 ? 'Ana' : 'Bo';
      const source = { sessionId, fromSeq: seq, toSeq: seq, quote: '', role: 'user' };
      const at = new Date(start + i * 60_000).toISOString();
      const memory = { type: EPISODE_TYPE, content, speaker, source } as const;
      return {
        id: episodeId(TENANT, sessionId, seq, 0),
        sessionId,
        content,
        speaker,
        source,
        at,
        picks,
        memory,
      };
    });
    // One JSON parameter per statement, read back as rows (json_to_recordset): INSERT … SELECT.
    const json = (values: readonly object[]) => JSON.stringify(values);
    await db.execute(sql`insert into memories (id, tenant_id, user_id, type, content, abstract, normalized,
        priority, source, valid_from, recorded_at, status, speaker, occurred_at)
      select id, ${TENANT}, ${userId}, ${EPISODE_TYPE}, content, left(content, 200), normalized, 3,
        source, at, at, 'active', speaker, at
      from json_to_recordset(${json(
        rows.map((r) => ({
          id: r.id,
          content: r.content,
          normalized: normalizeMemoryText(r.content),
          source: r.source,
          at: r.at,
          speaker: r.speaker,
        })),
      )}::json) as t(id text, content text, normalized text, source jsonb, at timestamptz, speaker text)`);
    const terms = rows.flatMap((r) =>
      indexTerms(searchTextOf(r.memory as never)).map((term) => ({ memory_id: r.id, term })),
    );
    await db.execute(sql`insert into memory_terms (memory_id, term, tenant_id, user_id)
      select memory_id, term, ${TENANT}, ${userId}
      from json_to_recordset(${json(terms)}::json) as t(memory_id text, term text)
      on conflict do nothing`);
    if (options.vectors) {
      const { model, of } = options.vectors;
      const vectors = rows.map((r) => ({
        memory_id: r.id,
        vector: pgArray(sumUnit(r.picks.map((p) => of[p]!))),
      }));
      await db.execute(sql`insert into memory_embeddings (memory_id, model, tenant_id, user_id, dims, vector, verdict)
        select memory_id, ${model}, ${TENANT}, ${userId}, ${of[0]!.length}, vector::real[], 'embedded'
        from json_to_recordset(${json(vectors)}::json) as t(memory_id text, vector text)`);
    }
    if (from % 20_000 === 0) log(`seeded ${from + rows.length} of ${count} episodes for ${userId}`);
  }
  // Vacuumed as autovacuum would have by then: index-only scans need the visibility map.
  await db.execute(sql`vacuum analyze memories`);
  await db.execute(sql`vacuum analyze memory_terms`);
  await db.execute(sql`vacuum analyze memory_embeddings`);
}

const stats = (ms: number[]) => ({
  n: ms.length,
  p50Ms: round(percentile(ms, 50), 1),
  p95Ms: round(percentile(ms, 95), 1),
});

/** Questions people and developers ask: the people corpus's tuning questions and sde-bench's bug reports. */
function questions(): RecallQuery[] {
  const texts = [
    ...loadPeopleCorpus('tuning').flatMap((c) => c.questions.map((q) => q.question)),
    ...(loadSdeBench()?.tasks.map((t) => String(t.bug_report)) ?? []),
  ];
  return texts
    .map((t) => queryOfTexts(t.slice(0, 2_000).split('\n')))
    .filter((q): q is RecallQuery => q !== null);
}

async function searchLatency(db: Database, userId: string, embedding: RecallEmbedding, asked: RecallQuery[]) {
  const scope = { tenantId: TENANT, sessionId: null, userId, agentId: null };
  const time = async (q: RecallQuery, e: RecallEmbedding | null) => {
    const t0 = performance.now();
    const { retrieval } = await rankHybrid(db, scope, q, RECALL_DEFAULTS.minScore, e);
    return { ms: performance.now() - t0, mode: retrieval.mode };
  };
  const cold: number[] = [];
  const coldModes = new Map<string, number>();
  for (const q of asked) {
    const { ms, mode } = await time(q, embedding);
    cold.push(ms);
    coldModes.set(mode, (coldModes.get(mode) ?? 0) + 1);
  }
  const ready: number[] = [];
  const lexical: number[] = [];
  for (let round = 0; round < 2; round++)
    for (const q of asked) {
      ready.push((await time(q, embedding)).ms);
      lexical.push((await time(q, null)).ms);
    }
  return {
    vectorReady: stats(ready),
    lexicalOnly: stats(lexical),
    cold: { ...stats(cold), modes: Object.fromEntries(coldModes) },
  };
}

/** `GET /context` of sessions whose last message is a question, recall on and off alternating. */
async function contextLatency(
  app: import('fastify').FastifyInstance,
  userId: string,
  asked: RecallQuery[],
  rounds: number,
) {
  const sessions: string[] = [];
  for (const [i, q] of asked.slice(0, 10).entries()) {
    const sessionId = `scale-context-${i}-${randomUUID()}`;
    const response = await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: {
        turnId: 't1',
        userId,
        contextWindowTokens: 200_000,
        messages: [{ role: 'user', content: q.latest }],
      },
    });
    if (response.statusCode !== 202) throw new Error(`turn: HTTP ${response.statusCode}`);
    sessions.push(sessionId);
  }
  const timeOne = async (sessionId: string, recall: boolean) => {
    const t0 = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: `/v1/sessions/${sessionId}/context?recall=${recall}`,
    });
    const ms = performance.now() - t0;
    if (response.statusCode !== 200) throw new Error(`context: HTTP ${response.statusCode}`);
    return {
      ms,
      recalled: (response.json() as { recall?: { memoryIds?: string[] } }).recall?.memoryIds?.length ?? 0,
    };
  };
  for (const s of sessions) {
    await timeOne(s, true);
    await timeOne(s, false);
  }
  const on: number[] = [];
  const off: number[] = [];
  let injected = 0;
  for (let i = 0; i < rounds; i++) {
    // Session after session (each session's own vectors are a small part of their own; the
    // user's 100,000 are one part all its sessions share: db/memory/vector-cache.ts).
    const s = sessions[Math.floor((i * sessions.length) / rounds)]!;
    const first = i % 2 === 0;
    const a = await timeOne(s, first);
    const b = await timeOne(s, !first);
    (first ? on : off).push(a.ms);
    (first ? off : on).push(b.ms);
    injected += (first ? a : b).recalled;
  }
  return {
    sessions: sessions.length,
    rounds,
    meanInjected: round(injected / rounds, 1),
    recallOn: stats(on),
    recallOff: stats(off),
  };
}

/** The pool sentences the episodes are drawn from (the same for a given size, run after run). */
function seedPool(): string[] {
  const random = seeded(5);
  return sentencePool()
    .map((s) => ({ s, r: random() }))
    .sort((a, b) => a.r - b.r)
    .slice(0, Number(process.env.MOLT_BENCH_EPISODES_POOL ?? 2_000))
    .map((x) => x.s);
}

/** Both scopes seeded: the big one (`episodes`) and the 1,000-episode baseline. */
async function seedBoth(db: Database, embedder: Embedder, episodes: number, small: number) {
  const pool = seedPool();
  log(`embedding ${pool.length} pool sentences`);
  const vectors = { model: embedder.id, of: await poolVectors(embedder, pool) };
  const seedStart = performance.now();
  await seedEpisodes(db, { userId: 'scale-big', count: episodes, seed: 11, pool, vectors });
  const seconds = round((performance.now() - seedStart) / 1000, 1);
  await seedEpisodes(db, { userId: 'scale-small', count: small, seed: 12, pool, vectors });
  return { poolSentences: pool.length, seconds };
}

/**
 * `MOLT_BENCH_EPISODES_TEMPLATE=1`: the seeded database is kept as a template named after what
 * was seeded (episodes, pool size, model) and copied by later runs, which then skip the minutes of
 * seeding. It is seeded under another name and renamed when complete, so a run cut short leaves no
 * half-seeded template. Drop it with `dropdb <name>`.
 */
async function seededTemplate(embedder: Embedder, episodes: number, small: number) {
  const pool = Number(process.env.MOLT_BENCH_EPISODES_POOL ?? 2_000);
  const model = embedder.id.replace(/[^a-z0-9]+/gi, '_').toLowerCase();
  const name = `molt_bench_scale_${episodes}_${pool}_${model}`.slice(0, 63);
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return { name, seeding: { template: name, reused: true } };
    const partial = `${name.slice(0, 55)}_partial`;
    await admin.query(`drop database if exists ${pg.escapeIdentifier(partial)} with (force)`);
    await admin.query(`create database ${pg.escapeIdentifier(partial)}`);
    const url = new URL(adminDatabaseUrl());
    url.pathname = `/${partial}`;
    const database = await openDatabase({ url: url.toString() }, { poolSize: 4 });
    let seeding: object;
    try {
      await database.migrate();
      await ensureTenant(database.db, TENANT, 'Default tenant');
      seeding = { episodes, ...(await seedBoth(database.db, embedder, episodes, small)), template: name };
    } finally {
      await database.close();
    }
    await admin.query(
      `alter database ${pg.escapeIdentifier(partial)} rename to ${pg.escapeIdentifier(name)}`,
    );
    return { name, seeding };
  } finally {
    await admin.end();
  }
}

async function main(): Promise<object> {
  const episodes = Number(process.env.MOLT_BENCH_EPISODES_SCALE ?? 100_000);
  const small = 1_000;
  const embedder = createEmbedder(loadEmbeddingsConfig());
  if (!embedder) throw new Error('this bench measures the default configuration: an embedder');
  const template =
    process.env.MOLT_BENCH_EPISODES_TEMPLATE === '1' ? await seededTemplate(embedder, episodes, small) : null;
  const stack = await startBenchStack(template ? { template: template.name } : {});
  try {
    const worker = await stack.startWorker({ embedder });
    const embedding = { embedder, queryTimeoutMs: DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS };
    const api = await stack.startApi({ taskQueue: worker.taskQueue, embedding });
    const db = stack.database.db;
    const seeding = template
      ? template.seeding
      : { episodes, ...(await seedBoth(db, embedder, episodes, small)) };
    const asked = questions();
    log(`search: ${asked.length} questions`);
    const big = await searchLatency(db, 'scale-big', embedding, asked);
    const baseline = await searchLatency(db, 'scale-small', embedding, asked);
    log(
      `search p95 ready ${big.vectorReady.p95Ms} ms at ${episodes}, ${baseline.vectorReady.p95Ms} ms at ${small}`,
    );
    const context = await contextLatency(api.app, 'scale-big', asked, 200);
    log(`GET /context p95 on ${context.recallOn.p95Ms} ms, off ${context.recallOff.p95Ms} ms`);
    return {
      bench: 'episodes-scale',
      at: new Date().toISOString(),
      load: loadavg().map((l) => round(l, 2)),
      embedder: embedder.id,
      database: stack.database.kind,
      seeding,
      search: { episodes, ...big },
      baseline: { episodes: small, ...baseline },
      context: { episodesInScope: episodes, ...context },
    };
  } finally {
    await stack.stop();
  }
}

runAsScript(import.meta.url, main);
