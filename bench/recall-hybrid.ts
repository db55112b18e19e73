/**
 * Hybrid recall benchmark (issue 20). Part 1, quality: paraphrase probes — each question shares
 * no content word (no analyzer term) with its memory, checked here — among distractor memories of
 * the same user; recall@5 of the lexical ranking alone against the hybrid ranking with the fake
 * concept-lexicon embedder (test/fake-embeddings), and the embedding calls per memory. Part 2,
 * latency: the time hybrid recall adds over lexical recall (the query's vector already made: the
 * provider call excluded) with 10,000 and 100,000 embedded memories in one scope, on PostgreSQL;
 * p50/p95 warm, and the first (cold) query that reads the scope's vectors.
 *
 * Run: `npx tsx bench/recall-hybrid.ts` — prints one JSON object.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { memoryEmbeddingActivities } from '../activities/memory-embedding.js';
import { rankHybrid } from '../api/assembly/hybrid-recall.js';
import { rankMemories } from '../api/assembly/recall.js';
import { queryOfTexts } from '../context/memory/recall.js';
import { textTerms } from '../context/memory/terms.js';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client.js';
import { scopeOf } from '../db/memory/memories.js';
import { memoryEmbeddings } from '../db/memory/memory-embedding-schema.js';
import { clearVectorCache } from '../db/memory/memory-embeddings.js';
import { memories } from '../db/memory/memory-schema.js';
import { commitMemory } from '../db/memory/memory-store.js';
import { ensureVectorIndex, HNSW_EF_SEARCH, hasPgvector } from '../db/memory/pgvector.js';
import { createEmbedder, unitVector } from '../llm/embeddings.js';
import { FAKE_EMBEDDING_DIMS, fakeEmbedding, startFakeEmbeddings } from '../test/fake-embeddings/server.js';
import { memoized, searchAlone } from './recall-pgvector.js';
import { adminDatabaseUrl, log, percentile, round, runAsScript } from './stack.js';

/** [memory, a question about it in other words]. */
export const PARAPHRASES: Array<[string, string]> = [
  ['My preferred code editor is Neovim', 'Which IDE do I use?'],
  ['Our kitten is called Mochi', 'What pet do I have?'],
  ['I drink two espressos every morning', 'How much coffee do I have?'],
  ['I moved to Lisbon last spring', 'Which city am I based in?'],
  ['I am a backend engineer at Globex', 'Where is my job?'],
  ['Most of my services are written in Rust', 'What programming language should examples use?'],
  ['Production data lives in PostgreSQL 16', 'Which database do we run?'],
  ['The release deadline is Friday the 14th', 'When is the meeting date for shipping?'],
  ['I play jazz guitar on weekends', 'What music do I enjoy?'],
  ['I am training for a marathon', 'Which sport keeps me busy?'],
  ['My sister Ana lives in Porto', 'Tell me about my family'],
  ['We fly to Osaka in May', 'Any trip coming up?'],
  ['I am allergic to peanuts', 'Is there a health issue to remember?'],
  ['Use four spaces for indentation', 'How should code be formatted?'],
  ['You can reach me at ana@example.com', 'What contact details do you have for me?'],
  ['My laptop runs Ubuntu 24.04', 'Which OS is on my computer?'],
  ['I am reading a Le Guin novel', 'Any book recommendations based on my taste?'],
  ['I commute by bicycle', 'How do I get to the office, car or something else?'],
  ['我的编辑器是Helix', '我用什么IDE？'],
  ['我家的猫叫小米', '我有宠物吗？'],
];

export const DISTRACTORS = [
  'The staging cluster has three nodes',
  'Deploys happen through GitHub Actions',
  'The API gateway timeout is 30 seconds',
  'Feature flags live in LaunchDarkly',
  'The design system uses Figma tokens',
  'Logs are shipped to Loki',
  'Metrics are scraped every 15 seconds',
  'The mobile app targets iOS 17',
  'Invoices are generated on the first day of the month',
  'The on-call rotation changes on Mondays',
  'Backups are kept for 35 days',
  'The README lists the setup steps',
  'Secrets are stored in Vault',
  'The frontend is built with Vite',
  'Error budgets are reviewed quarterly',
  'The search index is rebuilt nightly',
  'Customer tickets go through Zendesk',
  'The data warehouse is Snowflake',
  'Code review needs two approvals',
  'Release notes are written by the PM',
  'The QA team tests on real devices',
  'Cron jobs run in UTC',
  'The monorepo uses pnpm workspaces',
  'Terraform state is kept in S3',
  'The load balancer terminates TLS',
  'Support hours are 9 to 5 CET',
  'The SLA is 99.9 percent',
  'Dashboards are in Grafana',
  'The CDN caches images for a day',
  '支付服务由另一个团队维护',
];

const keysOf = (text: string) => new Set(textTerms(text).map((t) => t.key));

async function quality(handle: DatabaseHandle, baseUrl: string, counter: { texts: number }) {
  const fake = baseUrl;
  const embedder = createEmbedder({ provider: 'openai-compatible', baseUrl: fake, model: 'fake-concepts' })!;
  const tenantId = 'bench-hybrid';
  const { userId, ids } = await seedParaphrases(handle.db, tenantId, PARAPHRASES, DISTRACTORS);
  const activities = memoryEmbeddingActivities({ db: handle.db, embedder });
  let afterId = '';
  for (;;) {
    const batch = await activities.embedMemoryBatch({ selector: { tenantId }, afterId });
    if (batch.nextAfterId === null) break;
    afterId = batch.nextAfterId;
  }
  const memoryTexts = counter.texts;
  const recallScope = { tenantId, userId, agentId: null, sessionId: null };
  let lexicalHits = 0;
  let hybridHits = 0;
  for (const [i, [, question]] of PARAPHRASES.entries()) {
    const query = queryOfTexts([question]);
    if (!query) continue;
    const lexical = await rankMemories(handle.db, recallScope, query, 0.45);
    if (lexical.slice(0, 5).some((r) => r.memory.id === ids[i])) lexicalHits += 1;
    const hybrid = await rankHybrid(handle.db, recallScope, query, 0.45, { embedder, queryTimeoutMs: 5_000 });
    if (hybrid.ranked.slice(0, 5).some((r) => r.memory.id === ids[i])) hybridHits += 1;
  }
  return {
    probes: PARAPHRASES.length,
    distractors: DISTRACTORS.length,
    recallAt5: {
      lexical: round(lexicalHits / PARAPHRASES.length, 3),
      hybrid: round(hybridHits / PARAPHRASES.length, 3),
    },
    memories: PARAPHRASES.length + DISTRACTORS.length,
    /** Texts sent to the provider for the memories (queries not counted) per memory. */
    embeddingCallsPerMemory: round(memoryTexts / (PARAPHRASES.length + DISTRACTORS.length), 3),
  };
}

async function load(handle: DatabaseHandle, tenantId: string, userId: string, n: number, model: string) {
  const now = Date.now();
  for (let start = 0; start < n; start += 2_000) {
    const rows = Array.from({ length: Math.min(2_000, n - start) }, (_, j) => {
      const i = start + j;
      const content = `${DISTRACTORS[i % DISTRACTORS.length]} (note ${i}) ${PARAPHRASES[i % PARAPHRASES.length]![0]}`;
      return { id: `mem_load_${tenantId}_${i}`, content, i };
    });
    await handle.db.insert(memories).values(
      rows.map((r) => ({
        id: r.id,
        tenantId,
        userId,
        type: 'entity' as const,
        content: r.content,
        abstract: r.content.slice(0, 200),
        normalized: r.content.toLowerCase(),
        priority: 3,
        source: { kind: 'operator' as const },
        recordedAt: new Date(now - r.i * 1000),
        validFrom: new Date(now - r.i * 1000),
        status: 'active' as const,
      })),
    );
    await handle.db.insert(memoryEmbeddings).values(
      rows.map((r) => {
        const vector = Array.from(unitVector(fakeEmbedding(r.content)));
        return { memoryId: r.id, model, tenantId, userId, dims: vector.length, vector };
      }),
    );
  }
}

async function latencyAt(handle: DatabaseHandle, baseUrl: string, n: number, rounds: number) {
  const embedder = memoized(
    createEmbedder({ provider: 'openai-compatible', baseUrl, model: 'fake-concepts' })!,
  );
  const tenantId = `bench-lat-${n}`;
  const userId = 'u-load';
  const questions = PARAPHRASES.map(([, q]) => queryOfTexts([q])!).filter(Boolean);
  // Vectors made beforehand (before a long load leaves a stale keep-alive socket): the provider call is excluded.
  for (const q of questions) await embedder.embed([q.latest]);
  log(`loading ${n} memories with vectors (${handle.kind})`);
  await load(handle, tenantId, userId, n, embedder.id);
  const pgvector = await hasPgvector(handle.db);
  let indexBuildMs: number | undefined;
  if (pgvector) {
    // Built over the loaded rows (as after a backfill), then the planner's statistics.
    const t = performance.now();
    await ensureVectorIndex(handle.db, embedder.id, FAKE_EMBEDDING_DIMS);
    indexBuildMs = round(performance.now() - t, 0);
    await handle.db.execute(sql`analyze memory_embeddings`);
  }
  const scope = { tenantId, userId, agentId: null, sessionId: null };
  const embedding = { embedder, queryTimeoutMs: 10_000 };
  for (const q of questions) await rankHybrid(handle.db, scope, q, 0.45, embedding); // query vectors cached
  clearVectorCache(); // the first query after start-up (or after the scope changed) reads every vector
  const coldStart = performance.now();
  await rankHybrid(handle.db, scope, questions[0]!, 0.45, embedding);
  const coldMs = performance.now() - coldStart;
  const lexicalMs: number[] = [];
  const hybridMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const q = questions[r % questions.length]!;
    let t = performance.now();
    await rankMemories(handle.db, scope, q, 0.45);
    lexicalMs.push(performance.now() - t);
    t = performance.now();
    await rankHybrid(handle.db, scope, q, 0.45, embedding);
    hybridMs.push(performance.now() - t);
  }
  const added = hybridMs.map((h, i) => h - lexicalMs[i]!);
  log(
    `${n}: hybrid p95 ${percentile(hybridMs, 95).toFixed(1)} ms, lexical p95 ${percentile(lexicalMs, 95).toFixed(1)} ms`,
  );
  return {
    vectorSearch: pgvector ? 'pgvector HNSW' : 'exact cosine (cached scope matrix)',
    lexical: { p50Ms: round(percentile(lexicalMs, 50), 2), p95Ms: round(percentile(lexicalMs, 95), 2) },
    hybrid: { p50Ms: round(percentile(hybridMs, 50), 2), p95Ms: round(percentile(hybridMs, 95), 2) },
    addedP95Ms: round(percentile(added, 95), 2),
    coldFirstQueryMs: round(coldMs, 1),
    ...(pgvector ? { indexBuildMs, ...(await searchAlone(handle, scope, embedder, questions, rounds)) } : {}),
    targetAddedP95Ms: 20,
    rounds,
  };
}

async function latency(
  open: () => Promise<DatabaseHandle>,
  baseUrl: string,
  sizes: readonly number[],
  rounds: number,
) {
  const out: Record<string, unknown> = {};
  for (const n of sizes) {
    // One database per size: the HNSW index is built over that size's rows.
    const handle = await open();
    try {
      await handle.migrate();
      out[String(n)] = await latencyAt(handle, baseUrl, n, rounds);
    } finally {
      await handle.close();
    }
  }
  return out;
}

export async function hybridRecallBench(
  options: { sizes?: number[]; rounds?: number; pglite?: boolean } = {},
): Promise<Record<string, unknown>> {
  const fake = await startFakeEmbeddings();
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  const names: string[] = [];
  const openPostgres = async () => {
    const name = `molt_bench_hybrid_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await admin.query(`CREATE DATABASE ${name}`);
    names.push(name);
    const url = new URL(adminDatabaseUrl());
    url.pathname = `/${name}`;
    return openDatabase({ url: url.toString() });
  };
  const sizes = options.sizes ?? [10_000, 100_000];
  const rounds = options.rounds ?? 200;
  try {
    const handle = await openPostgres();
    let q: Awaited<ReturnType<typeof quality>>;
    try {
      await handle.migrate();
      q = await quality(handle, fake.baseUrl, fake.stats);
    } finally {
      await handle.close();
    }
    log(`recall@5 lexical ${q.recallAt5.lexical}, hybrid ${q.recallAt5.hybrid}`);
    return {
      embedder: 'fake concept-lexicon (test/fake-embeddings)',
      quality: { ...q, providerRequests: fake.stats.requests },
      latency: await latency(openPostgres, fake.baseUrl, sizes, rounds),
      database: 'PostgreSQL (exact cosine over the scope vectors cached in the API process; no pgvector)',
      ...(options.pglite === false
        ? {}
        : {
            latencyPgliteHnsw: await latency(
              () => openDatabase({ pglite: 'memory' }),
              fake.baseUrl,
              sizes,
              rounds,
            ),
            databasePglite: `PGlite with pgvector (HNSW, ef_search ${HNSW_EF_SEARCH}, iterative scan)`,
          }),
    };
  } finally {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await fake.close();
  }
}

runAsScript(import.meta.url, () =>
  hybridRecallBench({
    sizes: process.env.BENCH_SIZES?.split(',').map(Number),
    rounds: process.env.BENCH_ROUNDS ? Number(process.env.BENCH_ROUNDS) : undefined,
    pglite: process.env.BENCH_PGLITE !== '0',
  }),
);

/**
 * One user's scope holding each paraphrase pair's memory (checked to share no analyzer term with
 * its question) and the distractors; the pairs' memory ids in order. Shared by the hybrid and the
 * offline-model recall benches.
 */
export async function seedParaphrases(
  db: Database,
  tenantId: string,
  pairs: ReadonlyArray<readonly [string, string]>,
  distractors: readonly string[],
): Promise<{ userId: string; ids: string[] }> {
  const userId = `u-${randomUUID()}`;
  const scope = scopeOf({ tenantId, userId });
  const ids: string[] = [];
  for (const [memory, question] of pairs) {
    const shared = [...keysOf(question)].filter((k) => keysOf(memory).has(k));
    if (shared.length > 0) throw new Error(`probe "${question}" shares ${shared.join(', ')} with its memory`);
    const stored = await commitMemory(db, scope, {
      type: 'profile',
      content: memory,
      priority: 3,
      source: { kind: 'operator' },
    });
    ids.push(stored.memory.id);
  }
  for (const content of distractors) {
    await commitMemory(db, scope, {
      type: 'entity',
      content,
      priority: 3,
      source: { kind: 'operator' },
    });
  }
  return { userId, ids };
}
