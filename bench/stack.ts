/**
 * The stack a benchmark runs on, started and stopped by the benchmark itself: a Temporal dev
 * server (headless, in memory, stopped by PID), a fresh PostgreSQL database with the migrations
 * applied (dropped at the end), the workflow bundle, and on request workers and the API on
 * loopback. Everything registered here is stopped by `stop()` in reverse order, each step bounded
 * in time, and the dev server is killed by PID on process exit as a last resort.
 *
 * Progress goes to stderr: a benchmark's stdout is its one JSON object.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, type Worker } from '@temporalio/worker';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ActivityDeps } from '../activities/index.js';
import type { ApiDeps } from '../api/deps.js';
import { buildApi } from '../api/server.js';
import { installTemporalRuntime } from '../cli/stack.js';
import { startDevServer } from '../cli/temporal-dev-server.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { DEFAULT_TENANT_ID, ensureTenant } from '../db/transcript.js';
import { ensureTemporalCli } from '../scripts/ensure-temporal.js';
import { buildWorkflowBundle } from '../worker/bundle.js';
import { createMoltWorker } from '../worker/worker.js';

/** Starting or stopping one part longer than this is a failure, not a slow benchmark. */
const STEP_TIMEOUT_MS = 120_000;

export const log = (line: string): void => {
  process.stderr.write(`[bench] ${line}\n`);
};

/** Rejects when `promise` does not settle within `ms` (the timer never keeps the process alive). */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The server to create the benchmark database on: DATABASE_URL's, or the local PostgreSQL. */
export function adminDatabaseUrl(): string {
  const base = process.env.DATABASE_URL;
  if (!base) return 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(base);
  url.pathname = '/postgres';
  return url.toString();
}

export interface BenchWorker {
  taskQueue: string;
  worker: Worker;
  stop(): Promise<void>;
}

export interface BenchApi {
  url: string;
  app: FastifyInstance;
  /** The API's own database handle (in production the API is its own process with its own pool). */
  database: DatabaseHandle;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /** A fresh queue per worker unless given. */
  taskQueue?: string;
  model?: ActivityDeps['model'];
  concurrency?: number;
  maxConcurrentActivityTaskExecutions?: number;
  /** The embedding model (the product's `molt worker` passes its configured one); absent: none. */
  embedder?: ActivityDeps['embedder'];
}

export interface ApiOptions {
  taskQueue: string;
  defaultContextWindowTokens?: number;
  /** PostgreSQL pool of the API; the product's default (10) unless given. */
  poolSize?: number;
  /** Further API settings (authentication, limits), as `molt api` would pass them. */
  deps?: Partial<Pick<ApiDeps, 'auth' | 'keyConcurrency' | 'rateLimitPerMinute'>>;
  /** Hybrid recall's query embedding (the product's `molt api` passes its configured one); absent: lexical. */
  embedding?: ApiDeps['embedding'];
}

export interface BenchStack {
  /** The workflows file bundled: molt's, or an experiment's (see StackOptions.workflowsPath). */
  workflows: string;
  address: string;
  devServerPid: number;
  namespace: string;
  /** A Temporal client for driving workflows directly. */
  client: Client;
  /** The benchmark's own database handle (the worker uses it too, as `molt worker` would). */
  database: DatabaseHandle;
  databaseUrl: string;
  startWorker(options?: WorkerOptions): Promise<BenchWorker>;
  startApi(options: ApiOptions): Promise<BenchApi>;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Pool size of the benchmark's database handle (default 10, the product's default). */
  poolSize?: number;
  /**
   * Bundle these workflows instead of molt's `workflows/index.ts` — an experiment with a patched
   * copy; `MOLT_BENCH_WORKFLOWS` sets it from the environment. Results name what ran.
   */
  workflowsPath?: string;
  /**
   * Create the benchmark database as a copy of this one (`CREATE DATABASE … TEMPLATE …`): a bench
   * that seeds for minutes seeds a template once and copies it per run. The migrations still run.
   */
  template?: string;
}

function bundleWorkflowsAt(workflowsPath: string) {
  return bundleWorkflowCode({
    workflowsPath,
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error: console.error, log() {} } as never,
  });
}

/** Stops of the stacks currently up, for a signal that ends the process early. */
const activeStacks = new Set<() => Promise<void>>();

/**
 * Starts the dev server and prepares the database and the workflow bundle. On failure, whatever
 * was started is stopped before the error is rethrown.
 */
export async function startBenchStack(options: StackOptions = {}): Promise<BenchStack> {
  installTemporalRuntime('ERROR');
  const stops: Array<{ what: string; stop: () => Promise<void> }> = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    activeStacks.delete(stop);
    for (const step of stops.reverse()) {
      try {
        await withTimeout(step.stop(), STEP_TIMEOUT_MS, `stopping ${step.what}`);
      } catch (error) {
        log(`while stopping ${step.what}: ${String(error)}`);
      }
    }
  };

  activeStacks.add(stop);
  const workflowsPath = options.workflowsPath ?? process.env.MOLT_BENCH_WORKFLOWS;
  try {
    const cliPath = await ensureTemporalCli(process.env, log);
    const started = Date.now();
    const [server, bundle] = await Promise.all([
      startDevServer({ cliPath, startTimeoutMs: STEP_TIMEOUT_MS }),
      workflowsPath ? bundleWorkflowsAt(resolve(workflowsPath)) : buildWorkflowBundle(),
    ]);
    // Last resort if the process exits without stop() (an uncaught error): kill by PID.
    const killOnExit = () => {
      try {
        process.kill(server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    process.once('exit', killOnExit);
    stops.push({
      what: `the Temporal dev server (pid ${server.pid})`,
      stop: async () => {
        await server.stop();
        process.off('exit', killOnExit);
      },
    });
    if (workflowsPath) log(`EXPERIMENT: workflows bundled from ${resolve(workflowsPath)}`);
    log(
      `Temporal dev server on ${server.address} (pid ${server.pid}), bundle built, ${Date.now() - started} ms`,
    );

    const admin = adminDatabaseUrl();
    const databaseName = `molt_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const adminClient = new pg.Client({ connectionString: admin });
    await adminClient.connect();
    try {
      const template = options.template ? ` TEMPLATE ${pg.escapeIdentifier(options.template)}` : '';
      await adminClient.query(`CREATE DATABASE ${databaseName}${template}`);
    } finally {
      await adminClient.end();
    }
    if (options.template) log(`database ${databaseName} copied from ${options.template}`);
    stops.push({
      what: `database ${databaseName}`,
      stop: async () => {
        const client = new pg.Client({ connectionString: admin });
        await client.connect();
        try {
          await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
        } finally {
          await client.end();
        }
      },
    });
    const databaseUrl = new URL(admin);
    databaseUrl.pathname = `/${databaseName}`;
    const database = await openDatabase(
      { url: databaseUrl.toString() },
      { poolSize: options.poolSize ?? 10 },
    );
    stops.push({ what: 'the database pool', stop: () => database.close() });
    await database.migrate();
    await ensureTenant(database.db, DEFAULT_TENANT_ID, 'Default tenant');

    const connection = await Connection.connect({ address: server.address });
    stops.push({ what: 'the Temporal client', stop: () => connection.close() });
    const client = new Client({ connection, namespace: server.namespace });

    const startWorker = async (workerOptions: WorkerOptions = {}): Promise<BenchWorker> => {
      const taskQueue = workerOptions.taskQueue ?? `molt-bench-${randomUUID()}`;
      const nativeConnection = await NativeConnection.connect({ address: server.address });
      const worker = await createMoltWorker({
        connection: nativeConnection,
        namespace: server.namespace,
        taskQueue,
        workflowBundle: bundle,
        deps: {
          db: database.db,
          ...(workerOptions.model !== undefined ? { model: workerOptions.model } : {}),
          ...(workerOptions.concurrency !== undefined ? { concurrency: workerOptions.concurrency } : {}),
          ...(workerOptions.embedder !== undefined ? { embedder: workerOptions.embedder } : {}),
        },
        ...(workerOptions.maxConcurrentActivityTaskExecutions !== undefined
          ? { maxConcurrentActivityTaskExecutions: workerOptions.maxConcurrentActivityTaskExecutions }
          : {}),
      });
      const running = worker.run();
      let workerStopped = false;
      const stopWorker = async () => {
        if (workerStopped) return;
        workerStopped = true;
        if (worker.getState() === 'RUNNING') worker.shutdown();
        await running;
        await nativeConnection.close();
      };
      stops.push({ what: `the worker on ${taskQueue}`, stop: stopWorker });
      return { taskQueue, worker, stop: stopWorker };
    };

    const startApi = async (apiOptions: ApiOptions): Promise<BenchApi> => {
      const apiDatabase = await openDatabase(
        { url: databaseUrl.toString() },
        { poolSize: apiOptions.poolSize ?? 10 },
      );
      const app = await buildApi({
        db: apiDatabase.db,
        temporal: client,
        taskQueue: apiOptions.taskQueue,
        defaultContextWindowTokens: apiOptions.defaultContextWindowTokens ?? 200_000,
        ...apiOptions.deps,
        ...(apiOptions.embedding !== undefined ? { embedding: apiOptions.embedding } : {}),
      });
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      let apiStopped = false;
      const stopApi = async () => {
        if (apiStopped) return;
        apiStopped = true;
        await app.close();
        await apiDatabase.close();
      };
      stops.push({ what: 'the API', stop: stopApi });
      return { url, app, database: apiDatabase, stop: stopApi };
    };

    return {
      workflows: workflowsPath ? relative(process.cwd(), resolve(workflowsPath)) : 'workflows/index.ts',
      address: server.address,
      devServerPid: server.pid,
      namespace: server.namespace,
      client,
      database,
      databaseUrl: databaseUrl.toString(),
      startWorker,
      startApi,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Runs `body` on a fresh stack and always stops the stack; the whole run is bounded by
 * `timeoutMs` (on timeout the stack is stopped and the error rethrown).
 */
export async function withBenchStack<T>(
  options: StackOptions & { timeoutMs: number },
  body: (stack: BenchStack) => Promise<T>,
): Promise<T> {
  const stack = await startBenchStack(options);
  try {
    return await withTimeout(body(stack), options.timeoutMs, 'the benchmark');
  } finally {
    await stack.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// running as a command

export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && fileURLToPath(moduleUrl) === resolve(process.argv[1]);
}

/**
 * Runs a benchmark as a command: prints its one JSON object on stdout, or the error on stderr with
 * exit code 1. The process exits when done, so a leaked handle cannot keep it alive.
 */
export function runAsScript(moduleUrl: string, run: () => Promise<object>): void {
  if (!isMain(moduleUrl)) return;
  // Interrupted (Ctrl-C, or bench/run.ts's timeout): stop whatever stack is up, then exit.
  const interrupt = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping`);
    void Promise.allSettled([...activeStacks].map((stop) => stop())).then(() => process.exit(1));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  run().then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`, () => process.exit(0));
    },
    (error: unknown) => {
      log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}

export { median, percentile, round } from './measure.js';
