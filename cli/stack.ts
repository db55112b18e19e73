/**
 * Starting molt's parts from a configuration: the database, the Temporal connections, the
 * worker and the API. `molt dev`, `molt worker`, `molt api` and the tests all assemble these.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, type LogEntry, NativeConnection, Runtime, type Worker } from '@temporalio/worker';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS } from '../api/assembly/hybrid-recall.js';
import { startEpisodeIndexer } from '../api/control/episode-indexer.js';
import { startEmbeddingBackfill } from '../api/control/memory-embedding.js';
import type { AuthMode } from '../api/plugins/auth.js';
import { buildApi } from '../api/server.js';
import { tokenCounterFor } from '../config/defaults.js';
import { countApiKeys, ensureApiKey } from '../db/api-keys.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { DEFAULT_TENANT_ID, ensureTenant } from '../db/transcript.js';
import { type LlmConfig, loadLlmConfig } from '../llm/config.js';
import { createEmbedder, type EmbeddingsConfig, loadEmbeddingsConfig } from '../llm/embeddings.js';
import { createTextModel } from '../llm/providers.js';
import { loadWorkflowBundle } from '../worker/bundle.js';
import { taskQueueHasPollers } from '../worker/readiness.js';
import { createMoltWorker } from '../worker/worker.js';
import type { MoltConfig } from './config.js';
import { lockDataDir } from './data-dir-lock.js';

let runtimeInstalled = false;
/**
 * Keeps the Temporal core's own logging at warnings; call before the first connection. With a
 * `metricsAddress` (MOLT_TEMPORAL_METRICS_ADDRESS) the SDK's metrics — the workflow cache's size,
 * hits, misses and evictions among them — are served there for Prometheus.
 */
export function installTemporalRuntime(
  level: 'WARN' | 'ERROR' | 'INFO' = 'WARN',
  metricsAddress?: string,
  /** Where the SDK's entries go (cli/log.ts); with one, the native core's are forwarded there too. */
  sink?: (entry: LogEntry) => void,
): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  Runtime.install({
    logger: sink ? new DefaultLogger(level, sink) : new DefaultLogger(level),
    // molt's commands own SIGINT/SIGTERM and stop their parts in order.
    shutdownSignals: [],
    telemetryOptions: {
      logging: { filter: { core: level, other: 'ERROR' }, ...(sink ? { forward: {} } : {}) },
      ...(metricsAddress ? { metrics: { prometheus: { bindAddress: metricsAddress } } } : {}),
    },
  });
}

/** The embedded PGlite, held by this process alone while open (cli/data-dir-lock.ts). */
async function openLockedPglite(dir: string): Promise<DatabaseHandle> {
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  try {
    const handle = await openDatabase({ pgliteDir: dir });
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openConfiguredDatabase(config: MoltConfig): Promise<DatabaseHandle> {
  const handle = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL })
    : await openLockedPglite(resolve(join(config.MOLT_DATA_DIR, 'pgdata')));
  await handle.migrate();
  await ensureTenant(handle.db, DEFAULT_TENANT_ID, 'Default tenant');
  return handle;
}

export interface RunningWorker {
  worker: Worker;
  done: Promise<void>;
  connection: NativeConnection;
}

export async function startWorker(
  config: MoltConfig,
  address: string,
  database: DatabaseHandle,
  bundle?: { code: string },
  llm: LlmConfig = loadLlmConfig(),
  embeddings: EmbeddingsConfig = loadEmbeddingsConfig(),
): Promise<RunningWorker> {
  const embedder = createEmbedder(embeddings);
  const connection = await NativeConnection.connect({ address });
  const model = createTextModel(llm);
  const worker = await createMoltWorker({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    workflowBundle: bundle ?? (await loadWorkflowBundle(config.MOLT_WORKFLOW_BUNDLE)),
    workflowCacheMb: config.MOLT_WORKFLOW_CACHE_MB,
    ...(config.MOLT_WORKFLOW_CACHE_SIZE !== undefined
      ? { workflowCacheSize: config.MOLT_WORKFLOW_CACHE_SIZE }
      : {}),
    deps: {
      db: database.db,
      model,
      concurrency: llm.concurrency,
      memoryModel: config.MOLT_MEMORY_EXTRACTOR === 'llm' ? model : null,
      memoryConcurrency: config.MOLT_MEMORY_CONCURRENCY,
      embedder,
      tokenCounter: await tokenCounterFor(config.MOLT_TOKEN_COUNTER),
    },
  });
  const done = worker.run();
  return { worker, done, connection };
}

export interface RunningApi {
  app: FastifyInstance;
  url: string;
  client: Client;
  auth: AuthMode;
}

/** Keys are required as soon as one exists; MOLT_BOOTSTRAP_API_KEY makes sure one does. */
export async function resolveAuthMode(config: MoltConfig, database: DatabaseHandle): Promise<AuthMode> {
  if (config.MOLT_BOOTSTRAP_API_KEY) {
    await ensureApiKey(database.db, {
      key: config.MOLT_BOOTSTRAP_API_KEY,
      tenantId: DEFAULT_TENANT_ID,
      role: 'operator',
      name: 'bootstrap (MOLT_BOOTSTRAP_API_KEY)',
    });
  }
  return (await countApiKeys(database.db)) > 0 ? 'required' : 'open-until-key';
}

/** The API's log (cli/log.ts): a logger of the caller's and its request lines. */
export interface ApiLog {
  logger: FastifyBaseLogger;
  requestLog?: 'all' | 'errors' | 'off';
}

export async function startApi(
  config: MoltConfig,
  address: string,
  database: DatabaseHandle,
  embeddings: EmbeddingsConfig = loadEmbeddingsConfig(),
  log?: ApiLog,
): Promise<RunningApi> {
  const embedder = createEmbedder(embeddings);
  // The local model loads in its own thread while the API starts: the first query's vector is then on time.
  embedder?.warm?.();
  const embedding = embedder ? { embedder, queryTimeoutMs: DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS } : null;
  const auth = await resolveAuthMode(config, database);
  const connection = await Connection.connect({ address });
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const app = await buildApi(
    {
      db: database.db,
      temporal: client,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      ...(config.MOLT_TEMPORAL_UI_URL ? { temporalUiUrl: config.MOLT_TEMPORAL_UI_URL } : {}),
      defaultContextWindowTokens: config.MOLT_DEFAULT_CONTEXT_WINDOW,
      requireContextWindow: config.MOLT_REQUIRE_CONTEXT_WINDOW,
      auth,
      rateLimitPerMinute: config.MOLT_RATE_LIMIT_PER_MINUTE,
      authFailuresPerMinute: config.MOLT_AUTH_FAILURES_PER_MINUTE,
      keyConcurrency: config.MOLT_KEY_CONCURRENCY,
      memoryIdleMs: config.MOLT_MEMORY_IDLE_MS,
      recall: {
        minScore: config.MOLT_RECALL_MIN_SCORE,
        maxTokens: config.MOLT_RECALL_MAX_TOKENS,
        promptMaxTokens: config.MOLT_MEMORY_PROMPT_MAX_TOKENS,
      },
      tokenCounter: await tokenCounterFor(config.MOLT_TOKEN_COUNTER),
      embedding,
      readiness: {
        database: () => database.ping(),
        temporal: async () => {
          try {
            await connection.healthService.check({});
            return true;
          } catch {
            return false;
          }
        },
        worker: async () => {
          try {
            return await taskQueueHasPollers(
              connection,
              config.TEMPORAL_NAMESPACE,
              config.TEMPORAL_TASK_QUEUE,
            );
          } catch {
            return false;
          }
        },
      },
    },
    log
      ? { loggerInstance: log.logger, ...(log.requestLog ? { requestLog: log.requestLog } : {}) }
      : { logger: { level: config.MOLT_LOG_LEVEL } },
  );
  app.addHook('onClose', async () => connection.close());
  // A new model (or the first start with embeddings) embeds every memory without its vector.
  startEmbeddingBackfill({ temporal: client, taskQueue: config.TEMPORAL_TASK_QUEUE, embedding }, app.log);
  // Every stored message becomes an episode (docs/memory.md#episodes), indexed by the worker.
  startEpisodeIndexer({ temporal: client, taskQueue: config.TEMPORAL_TASK_QUEUE }, {}, app.log);
  const url = await app.listen({ host: config.MOLT_API_HOST, port: config.MOLT_API_PORT });
  if (auth !== 'required') {
    app.log.warn(
      'no API keys exist: the API is open (every request acts as the default tenant operator); set MOLT_BOOTSTRAP_API_KEY or run `molt keys create`',
    );
  }
  return { app, url, client, auth };
}
