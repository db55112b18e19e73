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
export const MAX_MEMORY_CONCURRENCY = 64;
/** The window of a session whose agent never posted one (MOLT_DEFAULT_CONTEXT_WINDOW). */
export const DEFAULT_CONTEXT_WINDOW_TOKENS = 200_000;
/** MOLT_REQUIRE_CONTEXT_WINDOW: a turn naming no window is stored with a warning, not refused. */
export const DEFAULT_REQUIRE_CONTEXT_WINDOW = false;
/** Requests a minute per API key on /v1 and /mcp (MOLT_RATE_LIMIT_PER_MINUTE; 0: off). */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 6_000;
/**
 * Requests of one API key in flight at once per API process (MOLT_KEY_CONCURRENCY;
 * api/plugins/key-concurrency.ts). A request holds at most one of the process's
 * DEFAULT_DB_POOL_SIZE connections at a time, so one key holds at most this many of them.
 */
export const DEFAULT_KEY_CONCURRENCY = 4;
/** PostgreSQL connections of one process's pool (db/client.ts). */
export const DEFAULT_DB_POOL_SIZE = 10;
/**
 * How long a memory write waits for its scope's lock (db/scope-lock.ts), its connection given
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
