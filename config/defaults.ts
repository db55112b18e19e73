/**
 * Every runtime default, once. The environment's schemas (cli/config.ts, llm/config.ts) default
 * to these values; the CLI resolves the configuration once at start-up and passes it down to the
 * API and the worker. The API and the activities fall back to the same values only when they are
 * built without them (tests, benches).
 *
 * The session workflow's own default idle time lives with the memory rules it belongs to
 * (context/memory/policy.ts DEFAULT_MEMORY_IDLE_MS) and is re-exported here: the workflow bundle
 * must not import this module (it loads the token counter).
 */
import { DEFAULT_MEMORY_IDLE_MS } from '../context/memory/policy.js';
import { createTokenCounter, type TokenCounter } from '../context/tokens/index.js';

export { DEFAULT_MEMORY_IDLE_MS };

/** Chunk summaries in flight per compaction (MOLT_LLM_CONCURRENCY): chunks are summarized in parallel. */
export const DEFAULT_LLM_CONCURRENCY = 4;
export const MAX_LLM_CONCURRENCY = 64;
/** One LLM call (MOLT_LLM_TIMEOUT_MS); a long summary from a slow model can take a minute. */
export const DEFAULT_LLM_TIMEOUT_MS = 120_000;
/** Memory extractions running their extractor at once per worker (MOLT_MEMORY_CONCURRENCY). */
export const DEFAULT_MEMORY_CONCURRENCY = 2;
/** The episode indexer's poll when nothing waits (not a setting); idle polls back off to 8×. */
export const DEFAULT_EPISODE_POLL_MS = 1_000;
export const MAX_MEMORY_CONCURRENCY = 64;
/** The window of a session whose agent never posted one (MOLT_DEFAULT_CONTEXT_WINDOW). */
export const DEFAULT_CONTEXT_WINDOW_TOKENS = 200_000;
/** MOLT_REQUIRE_CONTEXT_WINDOW: a turn naming no window is stored with a warning, not refused. */
export const DEFAULT_REQUIRE_CONTEXT_WINDOW = false;
/** Requests a minute per API key on /v1 and /mcp (MOLT_RATE_LIMIT_PER_MINUTE; 0: off). */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 6_000;
/**
 * Requests of one API key in flight at once per API process (MOLT_KEY_CONCURRENCY;
 * api/plugins/key-concurrency.ts). Most requests hold one of the process's DEFAULT_DB_POOL_SIZE
 * connections at a time; those that read in parallel hold more (docs/limits.md).
 */
export const DEFAULT_KEY_CONCURRENCY = 4;
/** A request over its key's bound is answered 429 after this pause, its Retry-After (key-concurrency.ts). */
export const KEY_REFUSAL_PAUSE_MS = 1_000;
/** Refusals pausing at once per API process; beyond, a refusal is answered at once. */
export const KEY_REFUSAL_PAUSES_MAX = 1_000;
/** PostgreSQL connections of one process's pool (db/client.ts). */
export const DEFAULT_DB_POOL_SIZE = 10;
/**
 * How long a memory write waits for its scope's lock (db/memory/scope-lock.ts), its connection given
 * back between tries, before it is answered 503 with Retry-After.
 */
export const SCOPE_LOCK_WAIT_MS = 30_000;
/** How long a request waits for Temporal before answering 503. */
export const DEFAULT_TEMPORAL_TIMEOUT_MS = 5_000;
/**
 * Coalesced turns (docs/architecture.md#coalesced-turns): after signalling a session the
 * dispatcher waits this long before its next signal to that session, and sends the turns stored
 * meanwhile as one batch. A session's first turn after a quiet spell goes at once. A batch costs
 * about 5 history events (signal, workflow task, view write), so ≤ 1 event per turn needs about 5
 * turns per interval: 1 s reaches that from 5 turns/s per session. The agent never waits for it
 * (GET /context reads PostgreSQL; updates flush first); thresholds are evaluated up to 1 s later.
 */
export const DEFAULT_TURN_DISPATCH_INTERVAL_MS = 1_000;
/** Turns a dispatcher reads from the outbox at once, and the JSON a batch signal may carry. */
export const TURN_BATCH_MAX_TURNS = 200;
export const TURN_BATCH_MAX_BYTES = 256 * 1024;
/** How often the dispatcher looks for turns left undelivered (another API died, Temporal was down). */
export const DEFAULT_TURN_OUTBOX_SWEEP_MS = 1_000;

export type TokenCounterMode = 'estimate' | 'exact';
/** MOLT_TOKEN_COUNTER: molt's fast estimator unless `exact` (o200k itself) is asked for. */
export const DEFAULT_TOKEN_COUNTER_MODE: TokenCounterMode = 'estimate';

/** The estimator, shared by every caller that was given no counter. */
export const defaultTokenCounter: TokenCounter = createTokenCounter({ mode: 'estimate' });

/** The counter of a mode; the tokenizer's tables load only when `exact` is asked for. */
export async function tokenCounterFor(mode: TokenCounterMode): Promise<TokenCounter> {
  if (mode === 'exact') return (await import('../llm/tokenizer.js')).exactTokenCounter();
  return defaultTokenCounter;
}

/**
 * The worker's sticky cache of workflows (issue 24). A cached session workflow keeps its V8
 * sandbox, the bundle's modules evaluated for it and its state in the worker's memory; an evicted
 * one costs nothing until its next task, which replays the run's history (bounded by
 * CONTINUE_AS_NEW_AT_EVENTS) into a fresh sandbox. Both the cache and the heap of the thread the
 * workflows run in are sized from one memory setting, MOLT_WORKFLOW_CACHE_MB, not from the number
 * of sessions: the worker's memory has a ceiling however many sessions are live
 * (bench/scale.bench.ts, docs/scaling.md).
 */
export const DEFAULT_WORKFLOW_CACHE_MB = 128;
/**
 * What one cached session workflow adds to a worker's resident memory, in MB: measured with every
 * session cached (bench/scale.bench.ts's baseline, 1,000 sessions: the worker went from 344.7 to
 * 620.0 MB with 1,001 workflows cached). Its heap part is 0.155 MB (bench/scale-heap.ts); the rest
 * is V8's room around it.
 */
export const CACHED_WORKFLOW_MB = 0.275;
/** The SDK's least cache when the cache is on (0 turns it off; 1 is raised to 2 with a warning). */
export const MIN_CACHED_WORKFLOWS = 2;
/**
 * The workflow thread's heap beyond the cache: the bundle, the SDK, the activations in flight and
 * the garbage of evicted sandboxes; the heap limit is this plus twice the cache's share.
 */
export const WORKFLOW_THREAD_BASE_MB = 192;

export interface WorkflowMemoryPlan {
  /** The worker's `maxCachedWorkflows`. */
  cacheSize: number;
  /** The V8 heap limit (old space, MB) of the thread the workflows run in. */
  threadHeapMb: number;
}

/**
 * The workflow cache and its thread's heap from MOLT_WORKFLOW_CACHE_MB: as many workflows as the
 * megabytes hold at CACHED_WORKFLOW_MB each, and a heap of WORKFLOW_THREAD_BASE_MB plus twice what
 * the cached workflows hold (room for V8 to collect the sandboxes it evicts without running
 * short). An explicit `size` (MOLT_WORKFLOW_CACHE_SIZE) sets the count instead; 0 turns the cache
 * off (every task replays).
 */
export function workflowMemoryPlan(options: {
  cacheMb: number;
  size?: number | undefined;
  perWorkflowMb?: number;
}): WorkflowMemoryPlan {
  const perWorkflowMb = options.perWorkflowMb ?? CACHED_WORKFLOW_MB;
  if (!(perWorkflowMb > 0)) throw new RangeError('perWorkflowMb must be positive');
  if (options.size !== undefined && !(Number.isInteger(options.size) && options.size >= 0))
    throw new RangeError('the cache size must be an integer ≥ 0');
  if (options.size === undefined && !(options.cacheMb > 0)) throw new RangeError('cacheMb must be positive');
  const cacheSize =
    options.size !== undefined
      ? options.size === 0
        ? 0
        : Math.max(MIN_CACHED_WORKFLOWS, options.size)
      : Math.max(MIN_CACHED_WORKFLOWS, Math.floor(options.cacheMb / perWorkflowMb));
  return {
    cacheSize,
    threadHeapMb: Math.ceil(WORKFLOW_THREAD_BASE_MB + 2 * cacheSize * perWorkflowMb),
  };
}

/**
 * The offline embedding model (MOLT_EMBEDDINGS_PROVIDER=local, the default when no provider is
 * configured; llm/local-embeddings.ts, docs/recall-and-updates.md). Background embedding may keep
 * the model's thread busy for at most this share of one core (MOLT_EMBEDDINGS_LOCAL_CPU_SHARE):
 * after encoding a chunk that took t ms it rests t × (1 − share) / share ms. A query's vector (the
 * API's, on a request's path) is never made to rest and goes before queued background chunks.
 */
export const DEFAULT_LOCAL_EMBEDDINGS_CPU_SHARE = 0.5;
export const MIN_LOCAL_EMBEDDINGS_CPU_SHARE = 0.05;
/**
 * A text is cut to this many characters (code points) before the local model sees it: the model's
 * tokenizer grows faster than linearly with length (a 64,000-character text took 43 s, 4,000
 * took 0.35 s), and a sentence encoder's vector of a long text says little about any one part.
 */
export const LOCAL_EMBEDDING_MAX_CHARS = 2_000;
/**
 * Background texts go to the model in chunks of at most this many texts and characters, so a
 * query waits behind one chunk at most. The model gains little from larger batches (a turn costs
 * about the same alone or in a batch of 16), and with 8 texts a chunk a query's p95 reached 1.7 s
 * while background embedding ran on a loaded box (bench/recall-local.ts).
 */
export const LOCAL_EMBEDDING_CHUNK_TEXTS = 2;
export const LOCAL_EMBEDDING_CHUNK_CHARS = 500;
/**
 * The local model's relevance floor for hybrid recall: a memory whose cosine to the question is
 * below it is not a vector match. This model's cosines run lower than the 0.5 floor set for
 * remote providers (FUSION_DEFAULTS.minCosine): on the 66 paraphrase probes of
 * bench/recall-local.ts a question and its memory had a cosine of 0.26 at the least and 0.45–0.47
 * at the median, a question and an unrelated memory 0.13–0.15 at the median and 0.32–0.33 at
 * p95; 0.3 kept 65 of 66 pairs and 8% of unrelated pairs (fusion ranks them below what both lists
 * hold). Chosen on those probes, not on held-out ones.
 */
export const LOCAL_EMBEDDINGS_MIN_COSINE = 0.3;
/**
 * Background texts queued at once, and the longest a newly queued text may expect to wait (from
 * the texts ahead of it, the model's mean time per text so far and the CPU share): beyond either a
 * call is refused as busy and the activity's retry policy tries again later. The wait's bound is
 * half the embedding activity's 2-minute start-to-close timeout, so a queued call finishes in it.
 */
export const LOCAL_EMBEDDING_QUEUE_TEXTS = 1_024;
export const LOCAL_EMBEDDING_MAX_QUEUE_WAIT_MS = 60_000;

/**
 * A list's `total` (GET /v1/sessions, /v1/memories, /v1/memory-extractions, /v1/compactions and a
 * session's timeline) counts the matching rows up to this many; past it the answer says
 * `totalCapped: true` and `total` is this cap, so a huge table never costs a full count per page.
 */
export const LIST_TOTAL_CAP = 10_000;

/**
 * The Temporal Web UI that workflow histories link to (MOLT_TEMPORAL_UI_URL, e.g.
 * `http://127.0.0.1:8233`). None by default: no link is shown. `molt dev` with its UI on links
 * to its own dev server's UI.
 */
export const DEFAULT_TEMPORAL_UI_URL: string | undefined = undefined;
