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
