/**
 * A molt stack for one test file: the shared dev server and database (from global setup), a
 * worker on the file's own task queue, and the API served in-process.
 */
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import { DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS } from '../../api/assembly/hybrid-recall.js';
import { startEpisodeIndexer } from '../../api/control/episode-indexer.js';
import { startEmbeddingBackfill } from '../../api/control/memory-embedding.js';
import type { ApiDeps } from '../../api/deps.js';
import { buildApi } from '../../api/server.js';
import { installTemporalRuntime } from '../../cli/stack.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { DEFAULT_TENANT_ID, ensureTenant } from '../../db/transcript.js';
import { createEmbedder, loadEmbeddingsConfig } from '../../llm/embeddings.js';
import { createTextModel } from '../../llm/providers.js';
import { createMoltWorker } from '../../worker/worker.js';
import { scaled } from '../time-scale.js';

export interface Harness {
  app: FastifyInstance;
  client: Client;
  database: DatabaseHandle;
  taskQueue: string;
  /** Absent when the harness runs no in-process worker. */
  worker: Worker | undefined;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** Summarise through this fake LLM; the offline extractive summarizer when omitted. */
  llmBaseUrl?: string;
  /** One LLM call's deadline (MOLT_LLM_TIMEOUT_MS); 60 s unless given. */
  llmTimeoutMs?: number;
  concurrency?: number;
  /** MOLT_MEMORY_IDLE_MS for the sessions this harness starts. */
  memoryIdleMs?: number;
  /** Extract memories through this fake LLM instead of the extractive rules. */
  memoryLlmBaseUrl?: string;
  /** false: no in-process worker (the test runs its own, e.g. in a child process). */
  worker?: boolean;
  /** A Temporal server of the test's own instead of the run's (e.g. one it kills and restarts). */
  temporalAddress?: string;
  /** How long the API waits for Temporal before answering 503 (5 s unless given). */
  temporalTimeoutMs?: number;
  /** A database URL of the test's own (e.g. through a proxy it can cut) instead of the run's. */
  databaseUrl?: string;
  /**
   * Embed memories and queries through this fake embeddings server (worker and API), or `local`:
   * molt's default with no provider configured (the offline model); off when omitted.
   */
  embeddings?:
    | { baseUrl: string; model?: string; queryTimeoutMs?: number }
    | { local: true; queryTimeoutMs?: number };
  /** 'required': the harness's API asks every /v1 request for a key (open when omitted). */
  auth?: 'required';
  /** Workflows the in-process worker keeps cached (MOLT_WORKFLOW_CACHE_SIZE); molt's default otherwise. */
  workflowCacheSize?: number;
  /** MOLT_REQUIRE_CONTEXT_WINDOW: refuse turns that name no window. */
  requireContextWindow?: boolean;
  /** false: no episode indexer (docs/memory.md#episodes) for this harness's task queue. */
  episodes?: boolean;
  /** The episode indexer's poll (200 ms unless given). */
  episodePollMs?: number;
  /** The turn dispatcher's interval, sweep and fault hooks (api/ingest/turn-dispatcher.ts). */
  turnDispatch?: ApiDeps['turnDispatch'];
  /** MOLT_TEMPORAL_UI_URL: workflow histories link to this Temporal Web UI. */
  temporalUiUrl?: string;
  /** The task queue (a fresh one unless given): a harness started again on the same queue is the same molt restarted. */
  taskQueue?: string;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  installTemporalRuntime('ERROR');
  const address = options.temporalAddress ?? inject('temporalAddress');
  const taskQueue = options.taskQueue ?? `molt-test-${randomUUID()}`;
  const database = await openDatabase({ url: options.databaseUrl ?? inject('databaseUrl') }, { poolSize: 5 });
  await ensureTenant(database.db, DEFAULT_TENANT_ID);
  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  const nativeConnection = await NativeConnection.connect({ address });
  const embedder = !options.embeddings
    ? null
    : 'local' in options.embeddings
      ? createEmbedder(loadEmbeddingsConfig({}))
      : createEmbedder({
          provider: 'openai-compatible',
          baseUrl: options.embeddings.baseUrl,
          model: options.embeddings.model ?? 'fake-embed',
        });
  embedder?.warm?.();
  const embedding = embedder
    ? { embedder, queryTimeoutMs: options.embeddings?.queryTimeoutMs ?? DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS }
    : null;
  const worker =
    options.worker === false
      ? undefined
      : await createMoltWorker({
          connection: nativeConnection,
          namespace: 'default',
          taskQueue,
          workflowBundle: { codePath: inject('workflowBundlePath') },
          ...(options.workflowCacheSize !== undefined
            ? { workflowCacheSize: options.workflowCacheSize }
            : {}),
          deps: {
            db: database.db,
            model: options.llmBaseUrl
              ? createTextModel({
                  provider: 'openai-compatible',
                  baseUrl: options.llmBaseUrl,
                  model: 'fake',
                  concurrency: options.concurrency ?? 4,
                  timeoutMs: options.llmTimeoutMs ?? 60_000,
                })
              : null,
            concurrency: options.concurrency ?? 4,
            memoryModel: options.memoryLlmBaseUrl
              ? createTextModel({
                  provider: 'openai-compatible',
                  baseUrl: options.memoryLlmBaseUrl,
                  model: 'fake',
                  concurrency: 2,
                  timeoutMs: 60_000,
                })
              : null,
            embedder,
          },
        });
  const running = worker ? worker.run() : Promise.resolve();
  const app = await buildApi({
    db: database.db,
    temporal: client,
    taskQueue,
    defaultContextWindowTokens: 200_000,
    readiness: { database: () => database.ping(), temporal: async () => true },
    embedding,
    ...(options.memoryIdleMs !== undefined ? { memoryIdleMs: options.memoryIdleMs } : {}),
    ...(options.temporalTimeoutMs !== undefined ? { temporalTimeoutMs: options.temporalTimeoutMs } : {}),
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.requireContextWindow ? { requireContextWindow: true } : {}),
    ...(options.turnDispatch ? { turnDispatch: options.turnDispatch } : {}),
    ...(options.temporalUiUrl ? { temporalUiUrl: options.temporalUiUrl } : {}),
  });
  startEmbeddingBackfill({ temporal: client, taskQueue, embedding });
  if (options.worker !== false && options.episodes !== false) {
    startEpisodeIndexer({ temporal: client, taskQueue }, { pollMs: options.episodePollMs ?? 200 });
  }
  return {
    app,
    client,
    database,
    taskQueue,
    worker,
    async stop() {
      await app.close();
      if (worker) {
        worker.shutdown();
        await running;
      }
      await nativeConnection.close();
      await connection.close();
      await database.close();
    },
  };
}

/**
 * Polls `read` until `done` holds or the deadline passes; never a blind sleep. The deadline is
 * scaled by MOLT_TEST_TIME_SCALE (test/time-scale.ts); the 60 s default holds on a busy 2-core box.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs: unscaledMs = 60_000, intervalMs = 50 } = {},
): Promise<T> {
  const timeoutMs = scaled(unscaledMs);
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    last = await read();
  }
  return last;
}

export const uniqueSessionId = (prefix = 's') => `${prefix}-${randomUUID()}`;

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field
export type Json = Record<string, any>;

/** One request to the in-process API, answered as status, body and its JSON (read on demand). */
export function caller(app: FastifyInstance) {
  return async (method: string, url: string, payload?: unknown) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
    return { status: response.statusCode, body: response.body, json: (): Json => response.json() };
  };
}

/** A DELETE (an erasure) with the given key, which must answer 200: its receipt. */
export async function eraseWith(app: FastifyInstance, key: string, url: string): Promise<Json> {
  const response = await app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${key}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
