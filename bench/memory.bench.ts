/**
 * Memory benchmark (issue 8). Part 1, quality: a generated corpus (several users, two sessions
 * each, CJK included, planted facts and planted noise; bench/memory-corpus.ts) is stored and each
 * session extracted once by `memoryExtractionWorkflow` with the `extractive` extractor; reported:
 * precision and recall of the planted facts, duplicates created (target 0), supersessions applied
 * correctly. Part 2, cost: the wall time of a compaction (fake LLM at 200 ms per call) alone, and
 * with the same range's extraction started at the same moment on the same worker, alternating;
 * reported: the median added time as a share of the compaction (target ≤ 10%). Part 3, recall
 * (issue 9; bench/recall.ts): recall@5 of the planted facts for probe questions, and the latency
 * recall adds to GET /context with 10,000 memories in the scope, each against recall off. Part 4,
 * updates (issue 20; bench/memory-updates.ts): update accuracy on the planted change-of-mind
 * corpus, tuned part and held-out part. Part 5, hybrid recall (issue 20; bench/recall-hybrid.ts):
 * recall@5 of paraphrase probes lexical-only against hybrid with the fake embedder, the latency
 * vectors add at 10,000 and 100,000 memories in a scope, and embedding calls per memory.
 *
 * Run: `npx tsx bench/memory.bench.ts` — prints one JSON object. `run()` returns it.
 * `MOLT_BENCH_MEMORY_PARTS=quality` runs part 1 only.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { EXTRACTIVE_VERSION } from '../context/memory/policy.js';
import { estimateMessageTokens } from '../context/tokens/index.js';
import { memories } from '../db/memory/memory-schema.js';
import { appendTurn, DEFAULT_TENANT_ID } from '../db/transcript.js';
import { createTextModel } from '../llm/providers.js';
import { startFakeLlm } from '../test/fake-llm/server.js';
import type { compactionWorkflow } from '../workflows/compaction.js';
import {
  compactionWorkflowId,
  memoryExtractionWorkflowId,
  sessionWorkflowId,
} from '../workflows/contract.js';
import type { memoryExtractionWorkflow } from '../workflows/memory.js';
import { type CorpusSession, generateCorpus } from './memory-corpus.js';
import { updateAccuracy } from './memory-updates.js';
import { recallLatency, recallQuality } from './recall.js';
import { hybridRecallBench } from './recall-hybrid.js';
import { type BenchStack, log, median, round, runAsScript, withBenchStack } from './stack.js';
import { TurnGenerator } from './transcript.js';

const USERS = 6;
const LLM_LATENCY_MS = 200;
const WINDOW = 64_000;
const COST_RANGE_TOKENS = 60_000;
const ROUNDS = 5;
const TARGET_OVERHEAD_SHARE = 0.1;
const TIMEOUT_MS = 15 * 60_000;
const RECALL_LOAD_MEMORIES = 10_000;
const RECALL_ROUNDS = 200;

async function store(
  stack: BenchStack,
  session: { sessionId: string; userId?: string; turns: CorpusSession['turns'] },
) {
  let lastSeq = 0;
  for (const turn of session.turns) {
    const tokens = turn.messages.map((m) => estimateMessageTokens(m));
    const result = await appendTurn(
      stack.database.db,
      {
        tenantId: DEFAULT_TENANT_ID,
        sessionId: session.sessionId,
        workflowId: sessionWorkflowId(DEFAULT_TENANT_ID, session.sessionId),
        turnId: turn.turnId,
        messages: turn.messages,
        tokens,
        contextWindowTokens: WINDOW,
        defaultContextWindowTokens: WINDOW,
        settings: undefined,
        usage: undefined,
        userId: session.userId,
        content: { messages: turn.messages },
      },
      async () => {},
    );
    if (result.outcome === 'conflict') throw new Error(`turn ${turn.turnId} conflicted`);
    lastSeq = result.turn.toSeq;
  }
  return lastSeq;
}

async function extract(
  stack: BenchStack,
  taskQueue: string,
  sessionId: string,
  toSeq: number,
  workflowId?: string,
) {
  const handle = await stack.client.workflow.start<typeof memoryExtractionWorkflow>(
    'memoryExtractionWorkflow',
    {
      workflowId: workflowId ?? memoryExtractionWorkflowId(DEFAULT_TENANT_ID, sessionId, 1, toSeq),
      taskQueue,
      args: [{ tenantId: DEFAULT_TENANT_ID, sessionId, fromSeq: 1, toSeq, trigger: 'upload' }],
    },
  );
  return handle.result();
}

async function quality(stack: BenchStack, taskQueue: string) {
  const corpus = generateCorpus(USERS);
  const started = performance.now();
  for (const session of corpus.sessions) {
    const lastSeq = await store(stack, session);
    const result = await extract(stack, taskQueue, session.sessionId, lastSeq);
    if (result.status !== 'succeeded') throw new Error(`extraction of ${session.sessionId} ${result.status}`);
  }
  const extractionMs = performance.now() - started;
  const rows = await stack.database.db
    .select()
    .from(memories)
    .where(and(eq(memories.tenantId, DEFAULT_TENANT_ID), inArray(memories.userId, [...corpus.facts.keys()])));
  let truePositives = 0;
  let duplicates = 0;
  let found = 0;
  let planted = 0;
  let supersessionsExpected = 0;
  let supersessionsCorrect = 0;
  const missed: string[] = [];
  const falsePositives: string[] = [];
  for (const [userId, facts] of corpus.facts) {
    const mine = rows.filter((r) => r.userId === userId);
    const quoteOf = (r: (typeof rows)[number]) => ('quote' in r.source ? r.source.quote : '');
    const byFact = new Map<string, typeof mine>();
    for (const row of mine) {
      const fact = facts.find((f) => f.utterances.includes(quoteOf(row)));
      if (!fact) {
        falsePositives.push(quoteOf(row));
        continue;
      }
      truePositives += 1;
      byFact.set(fact.id, [...(byFact.get(fact.id) ?? []), row]);
    }
    for (const fact of facts) {
      planted += 1;
      const stored = byFact.get(fact.id) ?? [];
      if (stored.length > 0) found += 1;
      else missed.push(`${userId}: ${fact.utterances[0]}`);
      duplicates += Math.max(0, stored.length - 1);
      if (fact.supersedes) {
        supersessionsExpected += 1;
        const [next] = stored;
        const [old] = byFact.get(fact.supersedes) ?? [];
        if (next?.status === 'active' && old?.status === 'superseded' && old.supersededBy === next.id) {
          supersessionsCorrect += 1;
        }
      }
    }
  }
  return {
    users: USERS,
    sessions: corpus.sessions.length,
    plantedFacts: planted,
    memoriesStored: rows.length,
    precision: round(truePositives / Math.max(1, rows.length), 3),
    recall: round(found / Math.max(1, planted), 3),
    duplicatesCreated: duplicates,
    supersessions: { expected: supersessionsExpected, correct: supersessionsCorrect },
    extractionWallMsPerSession: round(extractionMs / corpus.sessions.length),
    missed: missed.slice(0, 10),
    falsePositives: falsePositives.slice(0, 10),
  };
}

async function cost(stack: BenchStack, taskQueue: string) {
  const alone: number[] = [];
  const withExtraction: number[] = [];
  const extractionOnly: number[] = [];
  for (let round_ = 0; round_ < ROUNDS * 2 + 2; round_++) {
    const gen = new TurnGenerator(99);
    const turns: CorpusSession['turns'] = [];
    let tokens = 0;
    for (let i = 0; tokens < COST_RANGE_TOKENS; i++) {
      const messages = gen.codingTurn(i);
      tokens += messages.reduce((a, m) => a + estimateMessageTokens(m), 0);
      turns.push({ turnId: `t${i}`, messages });
      if (i % 10 === 0)
        turns.push({
          turnId: `f${i}`,
          messages: [{ role: 'user', content: `Remember that build ${i} is the baseline.` }],
        });
    }
    const sessionId = `bench-mem-cost-${round_}-${randomUUID()}`;
    const toSeq = await store(stack, { sessionId, userId: 'bench-cost', turns });
    const both = round_ % 2 === 1;
    const compactionId = `bench-mem-${round_}-${randomUUID()}`;
    const t0 = performance.now();
    const compaction = stack.client.workflow
      .start<typeof compactionWorkflow>('compactionWorkflow', {
        workflowId: compactionWorkflowId(compactionId),
        taskQueue,
        args: [
          {
            compactionId,
            tenantId: DEFAULT_TENANT_ID,
            sessionId,
            parentWorkflowId: null,
            trigger: 'threshold',
            fromSeq: 1,
            toSeq,
            contextWindowTokens: WINDOW,
            previousCompactionId: null,
          },
        ],
      })
      .then((h) => h.result());
    const extraction = both
      ? extract(stack, taskQueue, sessionId, toSeq).then(() => performance.now() - t0)
      : Promise.resolve(0);
    const result = await compaction;
    const wall = performance.now() - t0;
    const extractionWall = await extraction;
    if (result.status !== 'succeeded') throw new Error(`compaction ${result.status}`);
    log(
      `round ${round_}: compaction ${Math.round(wall)} ms${both ? ` (with extraction, which took ${Math.round(extractionWall)} ms)` : ''}`,
    );
    if (round_ < 2) continue; // warm-up, one of each
    (both ? withExtraction : alone).push(wall);
    if (both) extractionOnly.push(extractionWall);
  }
  const a = median(alone);
  const w = median(withExtraction);
  return {
    rangeTokens: COST_RANGE_TOKENS,
    llmLatencyMs: LLM_LATENCY_MS,
    compactionMedianMs: round(a),
    compactionWithExtractionMedianMs: round(w),
    extractionMedianMs: round(median(extractionOnly)),
    addedShare: round((w - a) / a, 3),
    target: TARGET_OVERHEAD_SHARE,
    met: (w - a) / a <= TARGET_OVERHEAD_SHARE,
    rounds: ROUNDS,
  };
}

export async function run(): Promise<object> {
  const fake = await startFakeLlm({ latencyMs: LLM_LATENCY_MS });
  try {
    return await withBenchStack({ timeoutMs: TIMEOUT_MS }, async (stack) => {
      const model = createTextModel({
        provider: 'openai-compatible',
        baseUrl: fake.baseUrl,
        model: 'fake',
        concurrency: 4,
        timeoutMs: 60_000,
      });
      const worker = await stack.startWorker({ model, concurrency: 4 });
      const q = await quality(stack, worker.taskQueue);
      log(`quality: precision ${q.precision}, recall ${q.recall}, duplicates ${q.duplicatesCreated}`);
      // MOLT_BENCH_MEMORY_PARTS=quality: the extraction quality alone (what extractor rule work looks at).
      if (process.env.MOLT_BENCH_MEMORY_PARTS === 'quality')
        return { extractor: EXTRACTIVE_VERSION, quality: q };
      const recallQ = await recallQuality(stack.database.db, generateCorpus(USERS));
      log(
        `recall@5: ${recallQ.recallAt5} (list search ${recallQ.listSearchAt5}) over ${recallQ.probes} probes`,
      );
      const api = await stack.startApi({ taskQueue: worker.taskQueue });
      const latency = await recallLatency(api.database.db, api.app, {
        memories: RECALL_LOAD_MEMORIES,
        rounds: RECALL_ROUNDS,
      });
      await api.stop();
      log(`recall latency: p95 on ${latency.recallOn.p95Ms} ms, off ${latency.recallOff.p95Ms} ms`);
      const updates = await updateAccuracy();
      log(`update accuracy: tuned ${updates.tuned?.accuracy}, held-out ${updates.heldOut?.accuracy}`);
      const hybrid = await hybridRecallBench();
      return {
        extractor: EXTRACTIVE_VERSION,
        quality: q,
        updates,
        hybrid,
        recall: { quality: recallQ, latency },
        cost: await cost(stack, worker.taskQueue),
      };
    });
  } finally {
    await fake.close();
  }
}

runAsScript(import.meta.url, run);
