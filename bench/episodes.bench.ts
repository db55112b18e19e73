/**
 * Episodes (docs/memory.md#episodes) against BM25 over the raw turns, in the same run, through the
 * real API + worker + PostgreSQL: each conversation is ingested as sessions of one user with the
 * messages' own timestamps and speakers (POST /v1/sessions/{id}/turns), the worker's episode
 * indexer makes them episodes, and each question goes to POST /v1/memories/search (limit 10).
 *
 * Parts (MOLT_BENCH_EPISODES_PARTS, comma-separated; default `people,sde`):
 * - `people`: the people-conversation corpus (bench/people-corpus.ts), tuning and held-out apart:
 *   evidence hit@5/@10 of molt and of BM25 (bench/bm25.ts, message text alone);
 * - `sde`: sde-bench (its data folder in MOLT_SDE_BENCH_DIR, bench/README.md#sde-bench; skipped with a
 *   message when unset or absent): every
 *   deciding and decoy chat as a session of one user in time order; recall@1/5/10 of the deciding
 *   chat for the conversation tasks, and for the amended tasks how often the amending chat ranks
 *   above the amended one — molt and BM25 over the raw chats;
 *
 * The cost at 100,000 episodes in one scope is bench/episodes-scale.ts.
 *
 * Run: `npx tsx bench/episodes.bench.ts` — one JSON object on stdout. The ranking's weights and
 * gates live in context/memory/fusion.ts (EPISODE_RANKING, FUSION_DEFAULTS).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  amendmentsOf,
  arrange,
  asLexical,
  DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS,
  fuseLists,
  type HybridRanked,
} from '../api/assembly/hybrid-recall.js';
import { rankMemories } from '../api/assembly/recall.js';
import { startEpisodeIndexer } from '../api/control/episode-indexer.js';
import { FUSION_DEFAULTS } from '../context/memory/fusion.js';
import { queryOfTexts, RECALL_DEFAULTS } from '../context/memory/recall.js';
import { vectorCandidates } from '../db/memory/memory-embeddings.js';
import { createEmbedder, type Embedder, loadEmbeddingsConfig } from '../llm/embeddings.js';
import { bm25Index } from './bm25.js';
import { type BenchMessage, loadSdeBench, messageBody, sdeMessages } from './episodes-data.js';
import { bm25Retriever } from './people.bench.js';
import { loadPeopleCorpus, PEOPLE_PARTS, type PeopleConversation, scoreEvidence } from './people-corpus.js';
import { type BenchStack, log, startBenchStack } from './stack.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field
type Json = Record<string, any>;

interface Ingested {
  /** `${sessionId}:${seq}` → the corpus's message id. */
  messageAt: Map<string, string>;
}

async function post(url: string, path: string, body: unknown): Promise<Json> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Json;
}

/** One session: its messages as one turn (seqs 1..n), each with its speaker and time. */
async function ingestSession(
  url: string,
  userId: string,
  sessionId: string,
  messages: readonly BenchMessage[],
  ingested: Ingested,
): Promise<void> {
  // At most 200 messages a turn: long chats go in several turns (seqs stay consecutive).
  for (let i = 0; i < messages.length; i += 200) {
    const chunk = messages.slice(i, i + 200);
    await post(url, `/v1/sessions/${encodeURIComponent(sessionId)}/turns`, {
      turnId: `t${i}`,
      userId,
      contextWindowTokens: 200_000,
      messages: chunk.map(messageBody),
    });
    for (const [j, m] of chunk.entries()) ingested.messageAt.set(`${sessionId}:${i + j + 1}`, m.id);
  }
}

async function waitIndexed(stack: BenchStack, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await stack.database.db.execute(
      sql`select count(*)::int as n from sessions where last_seq > episodes_to_seq`,
    );
    const n = (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    if (n === 0) return;
    if (Date.now() > deadline) throw new Error(`${n} sessions still not indexed`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** How POST /v1/memories/search answered (hybrid, or lexical and why): counted per part. */
const retrievals = new Map<string, number>();

/** The corpus's message ids a hit covers (its source range), in order. */
function messageIdsOf(source: Json, ingested: Ingested): string[] {
  const ids: string[] = [];
  if (source.sessionId === undefined || source.fromSeq === undefined) return ids;
  for (let seq = source.fromSeq; seq <= source.toSeq; seq++) {
    const id = ingested.messageAt.get(`${source.sessionId}:${seq}`);
    if (id) ids.push(id);
  }
  return ids;
}

const uniqueIds = (lists: string[][]): string[] => [...new Set(lists.flat())];

/** molt's ranked message ids for a question (hits mapped back to the corpus's message ids). */
async function moltSearch(url: string, userId: string, query: string, ingested: Ingested): Promise<string[]> {
  const answer = await post(url, '/v1/memories/search', { query: query.slice(0, 2_000), userId, limit: 10 });
  const mode = answer.retrieval
    ? `${answer.retrieval.mode}${answer.retrieval.reason ? `:${answer.retrieval.reason}` : ''}`
    : 'none';
  retrievals.set(mode, (retrievals.get(mode) ?? 0) + 1);
  return uniqueIds((answer.items as Json[]).map((hit) => messageIdsOf(hit.source as Json, ingested)));
}

/**
 * The ranking's variants for one question, computed in process from the same two lists the API
 * fuses (lexical: rankMemories; vector: the default embedder's nearest at its floor): each list
 * alone and fused with each weight pair of FUSION_GRID (issue 30 item 5: measure each list alone
 * and fused, then choose). The query's vector is made without the API's bounded wait.
 */
const FUSION_GRID: ReadonlyArray<{ name: string; k: number; lexical: number; vector: number }> = [
  { name: 'rrf-1:1', k: 60, lexical: 1, vector: 1 },
  { name: 'rrf-1:0.5', k: 60, lexical: 1, vector: 0.5 },
  { name: 'rrf-1:0.25', k: 60, lexical: 1, vector: 0.25 },
  { name: 'rrf-0.5:1', k: 60, lexical: 0.5, vector: 1 },
  { name: 'rrf-k10-1:1', k: 10, lexical: 1, vector: 1 },
  { name: 'rrf-k10-1:0.5', k: 10, lexical: 1, vector: 0.5 },
  { name: 'rrf-k10-1:0.25', k: 10, lexical: 1, vector: 0.25 },
  { name: 'rrf-k5-1:0.5', k: 5, lexical: 1, vector: 0.5 },
];

async function variantsFor(
  db: BenchStack['database']['db'],
  embedder: Embedder,
  userId: string,
  text: string,
): Promise<Record<string, HybridRanked[]>> {
  const query = queryOfTexts(text.slice(0, 2_000).split('\n'));
  if (!query) return {};
  const scope = { tenantId: 'default', sessionId: null, userId, agentId: null };
  const now = new Date();
  const lexical = await rankMemories(db, scope, query, RECALL_DEFAULTS.minScore);
  const [vector] = await embedder.embed([query.latest], { priority: 'query' });
  const nearest = await vectorCandidates(db, scope, embedder.id, vector!, {
    limit: FUSION_DEFAULTS.vectorCandidates,
    minCosine: embedder.minCosine ?? FUSION_DEFAULTS.minCosine,
  });
  // Explicit amendments as the API places them (docs/recall-and-updates.md#newest-wins), in every variant.
  const amendments = await amendmentsOf(db, scope, [
    ...lexical.map((r) => r.memory),
    ...nearest.map((n) => n.memory),
  ]);
  const out: Record<string, HybridRanked[]> = {
    lexical: arrange(asLexical(lexical), query, now, amendments),
    vector: arrange(
      nearest.map((n) => ({
        memory: n.memory,
        score: n.cosine,
        trigram: 0,
        matched: [],
        cosine: n.cosine,
        lexicalScore: null,
      })),
      query,
      now,
      amendments,
    ),
    default: fuseLists(lexical, nearest, query, now, undefined, amendments),
  };
  for (const v of FUSION_GRID) out[v.name] = fuseLists(lexical, nearest, query, now, v, amendments);
  return out;
}

const VARIANTS = ['lexical', 'vector', 'default', ...FUSION_GRID.map((v) => v.name)];

const idsOfHits = (hits: readonly HybridRanked[], ingested: Ingested): string[] =>
  uniqueIds(hits.slice(0, 10).map((h) => messageIdsOf(h.memory.source as Json, ingested)));

/** Waits until every episode and memory has a vector of the model, or none was added for a minute. */
async function waitEmbedded(stack: BenchStack, model: string, timeoutMs = 1_800_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  let stalledSince = Date.now();
  for (;;) {
    const result = await stack.database.db.execute(
      sql`select count(*)::int as n from memories m where not exists
        (select 1 from memory_embeddings e where e.memory_id = m.id and e.model = ${model})`,
    );
    const n = (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    if (n === 0) return 0;
    if (n !== last) {
      last = n;
      stalledSince = Date.now();
    }
    if (Date.now() - stalledSince > 60_000 || Date.now() > deadline) {
      log(`embedding: ${n} memories still without a vector; going on`);
      return n;
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

async function peoplePart(stack: BenchStack, url: string, embedder: Embedder | null) {
  const out: Json = {};
  for (const part of PEOPLE_PARTS) {
    // A part not written yet (the held-out conversations are rewritten after each tuning round) is skipped, saying so.
    if (!existsSync(new URL(`people/${part}/`, import.meta.url))) {
      log(`people ${part}: bench/people/${part}/ is absent; skipped`);
      out[part] = { skipped: `bench/people/${part}/ is absent` };
      continue;
    }
    const conversations = loadPeopleCorpus(part);
    const ingested: Ingested = { messageAt: new Map() };
    const userOf = (c: PeopleConversation) => `people-${part}-${c.id}`;
    for (const conversation of conversations) {
      for (const [index, session] of conversation.sessions.entries()) {
        await ingestSession(
          url,
          userOf(conversation),
          `${userOf(conversation)}-s${index + 1}`,
          session.messages.map((m) => ({
            id: m.id,
            role: 'user' as const,
            name: m.speaker,
            text: m.text,
            at: Date.parse(m.at),
          })),
          ingested,
        );
      }
    }
    await waitIndexed(stack);
    const unembedded = embedder ? await waitEmbedded(stack, embedder.id) : null;
    retrievals.clear();
    const molt = await scoreEvidence(conversations, (c, q) =>
      moltSearch(url, userOf(c), q.question, ingested),
    );
    const modes = Object.fromEntries(retrievals);
    const bm25 = await scoreEvidence(conversations, bm25Retriever('text'));
    const variants: Json = {};
    if (embedder) {
      const cache = new Map<string, Record<string, HybridRanked[]>>();
      const listsOf = async (c: PeopleConversation, question: string) => {
        const key = `${c.id}\u0001${question}`;
        if (!cache.has(key))
          cache.set(key, await variantsFor(stack.database.db, embedder, userOf(c), question));
        return cache.get(key)!;
      };
      for (const name of VARIANTS) {
        const score = await scoreEvidence(conversations, async (c, q) =>
          idsOfHits((await listsOf(c, q.question))[name] ?? [], ingested),
        );
        // Held out: the aggregate only (nothing is tuned on it; its per-category figures are not read).
        variants[name] = part === 'held-out' ? { hitAt5: score.hitAt5, hitAt10: score.hitAt10 } : score;
      }
    }
    out[part] = {
      molt,
      retrieval: modes,
      unembedded,
      bm25,
      hitAt10Gain: Math.round((molt.hitAt10 - bm25.hitAt10) * 1000) / 1000,
      variants,
    };
    log(`people ${part}: molt hit@10 ${molt.hitAt10}, BM25 ${bm25.hitAt10}`);
    for (const [name, v] of Object.entries(variants))
      log(`  ${name}: hit@5 ${v.hitAt5}, hit@10 ${v.hitAt10}`);
  }
  return out;
}

async function sdePart(stack: BenchStack, url: string, embedder: Embedder | null) {
  const loaded = loadSdeBench();
  if (!loaded) {
    log('sde-bench: MOLT_SDE_BENCH_DIR is unset or absent (bench/README.md#sde-bench); skipped');
    return { skipped: 'sde-bench data absent (set MOLT_SDE_BENCH_DIR)' };
  }
  const { tasks, chats } = loaded;
  const userId = 'sde-user';
  const ingested: Ingested = { messageAt: new Map() };
  for (const [index, chat] of chats.entries())
    await ingestSession(url, userId, `sde-${index}`, sdeMessages(chat, index), ingested);
  await waitIndexed(stack);
  const unembedded = embedder ? await waitEmbedded(stack, embedder.id) : null;
  const bm25 = bm25Index(
    chats.flatMap((chat) =>
      chat.turns.map((turn, j) => ({ id: `${chat.id}@${j}`, text: String(turn.text) })),
    ),
  );
  const chatOf = (messageId: string) => messageId.split('@')[0]!;
  const rankChats = (ids: readonly string[]) => [...new Set(ids.map(chatOf))];
  // The sde README: an amended task's deciding chats are both (either found counts for recall@k);
  // newest first means the later chat ranks above the earlier one, or the earlier is absent.
  const tally = () => ({ at1: 0, at5: 0, at10: 0, amendedFirst: 0, amendedFirstMisses: [] as string[] });
  const score: Record<string, ReturnType<typeof tally>> = {};
  const count = (which: string, task: Json, ranked: readonly string[]) => {
    score[which] ??= tally();
    const deciding = new Set(task.conversations.map((_: unknown, i: number) => `${task.task_id}#${i}`));
    const at = (k: number) => ranked.slice(0, k).some((c) => deciding.has(c));
    score[which].at1 += at(1) ? 1 : 0;
    score[which].at5 += at(5) ? 1 : 0;
    score[which].at10 += at(10) ? 1 : 0;
    if (task.conversations.length > 1) {
      const later = ranked.indexOf(`${task.task_id}#1`);
      const earlier = ranked.indexOf(`${task.task_id}#0`);
      if (later >= 0 && (earlier < 0 || later < earlier)) score[which].amendedFirst += 1;
      else score[which].amendedFirstMisses.push(String(task.task_id));
    }
  };
  let amended = 0;
  retrievals.clear();
  for (const task of tasks) {
    count('molt', task, rankChats(await moltSearch(url, userId, task.bug_report, ingested)));
    count('bm25', task, rankChats(bm25.search(task.bug_report, 10).map((h) => h.id)));
    if (embedder) {
      const variants = await variantsFor(stack.database.db, embedder, userId, String(task.bug_report));
      for (const name of VARIANTS) count(name, task, rankChats(idsOfHits(variants[name] ?? [], ingested)));
    }
    if (task.conversations.length > 1) amended += 1;
  }
  const { molt, bm25: bm, ...variants } = score;
  log(`sde-bench: molt @5 ${molt!.at5}/${tasks.length}, BM25 @5 ${bm!.at5}/${tasks.length}`);
  for (const [name, v] of Object.entries(variants))
    log(`  ${name}: @1 ${v.at1}, @5 ${v.at5}, @10 ${v.at10}, amended first ${v.amendedFirst}`);
  return {
    tasks: tasks.length,
    amendedTasks: amended,
    chats: chats.length,
    retrieval: Object.fromEntries(retrievals),
    unembedded,
    molt,
    bm25: bm,
    variants,
  };
}

async function main() {
  const parts = (process.env.MOLT_BENCH_EPISODES_PARTS ?? 'people,sde').split(',').map((p) => p.trim());
  const stack = await startBenchStack();
  const result: Json = { bench: 'episodes', parts, at: new Date().toISOString() };
  try {
    // The default configuration: no provider configured means the offline local encoder.
    const embedder = createEmbedder(loadEmbeddingsConfig());
    embedder?.warm?.();
    result.embedder = embedder?.id ?? 'none';
    const worker = await stack.startWorker({ embedder });
    const api = await stack.startApi({
      taskQueue: worker.taskQueue,
      embedding: embedder ? { embedder, queryTimeoutMs: DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS } : null,
    });
    startEpisodeIndexer({ temporal: stack.client, taskQueue: worker.taskQueue }, { pollMs: 200 });
    if (parts.includes('people')) result.people = await peoplePart(stack, api.url, embedder);
    if (parts.includes('sde')) result.sde = await sdePart(stack, api.url, embedder);
  } finally {
    await stack.stop();
  }
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
