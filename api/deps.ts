/** What every route needs, injected by whoever builds the API (the CLI, or a test). */
import type { Client } from '@temporalio/client';
import type { TokenCounter } from '../context/tokens/index.js';
import type { Database } from '../db/client.js';
import type { RecallEmbedding } from './assembly/hybrid-recall.js';
import type { RecallSettings } from './assembly/recall.js';
import type { TurnDispatcher, TurnDispatcherOptions } from './ingest/turn-dispatcher.js';
import type { AuthMode } from './plugins/auth.js';
import type { ApiMetrics } from './plugins/metrics.js';

export interface ApiDeps {
  db: Database;
  temporal: Client;
  taskQueue: string;
  /** The Temporal Web UI that workflow histories link to (MOLT_TEMPORAL_UI_URL); absent: no link. */
  temporalUiUrl?: string;
  defaultContextWindowTokens: number;
  /** Refuse a turn without `contextWindowTokens` (MOLT_REQUIRE_CONTEXT_WINDOW) instead of warning. */
  requireContextWindow?: boolean;
  /** How long a request waits for Temporal before answering 503 (default 5 s). */
  temporalTimeoutMs?: number;
  /** Dependency checks for /readyz. */
  readiness?: {
    database(): Promise<boolean>;
    temporal(): Promise<boolean>;
    /** Whether a worker polls molt's task queue (cli/readiness.ts taskQueueHasPollers). */
    worker?(): Promise<boolean>;
  };
  /** `required` (default when any key exists) or `open` (no keys: every request is the default tenant's operator). */
  auth?: AuthMode;
  /** How message tokens are counted (MOLT_TOKEN_COUNTER); the worker must use the same. */
  tokenCounter?: TokenCounter;
  /** Requests per minute per API key on /v1 (MOLT_RATE_LIMIT_PER_MINUTE); unset or 0: no limit. */
  rateLimitPerMinute?: number;
  /** Failed authentications per minute per client address (MOLT_AUTH_FAILURES_PER_MINUTE); unset or 0: no limit. */
  authFailuresPerMinute?: number;
  /** Requests of one key in flight at once (MOLT_KEY_CONCURRENCY); unset or 0: no bound. */
  keyConcurrency?: number;
  /** A session idle this long extracts its unextracted tail (MOLT_MEMORY_IDLE_MS; default 30 min). */
  memoryIdleMs?: number;
  /** Recall's threshold and token caps (MOLT_RECALL_*, MOLT_MEMORY_PROMPT_MAX_TOKENS). */
  recall?: RecallSettings;
  /** Hybrid recall's embedder (MOLT_EMBEDDINGS_*); absent or null: lexical recall. */
  embedding?: RecallEmbedding | null;
  /** The API instance's Prometheus metrics; set by `buildApi`. */
  metrics?: ApiMetrics;
  /** The dispatcher's interval, sweep and (tests) fault hooks (docs/architecture.md#coalesced-turns). */
  turnDispatch?: Pick<TurnDispatcherOptions, 'intervalMs' | 'sweepMs' | 'faults'>;
  /** The API instance's turn dispatcher; set by `buildApi`, started with it and stopped on close. */
  turnDispatcher?: TurnDispatcher;
}
