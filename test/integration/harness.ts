/**
 * A molt stack for one test file: the shared dev server and database (from global setup), a
 * worker on the file's own task queue, and the API served in-process.
 */
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApi } from '../../api/server.js';
import { installTemporalRuntime } from '../../cli/stack.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { DEFAULT_TENANT_ID, ensureTenant } from '../../db/transcript.js';
import { createMoltWorker } from '../../worker/worker.js';

export interface Harness {
  app: FastifyInstance;
  client: Client;
  database: DatabaseHandle;
  taskQueue: string;
  worker: Worker;
  stop(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  installTemporalRuntime('ERROR');
  const address = inject('temporalAddress');
  const taskQueue = `molt-test-${randomUUID()}`;
  const database = await openDatabase({ url: inject('databaseUrl') }, { poolSize: 5 });
  await ensureTenant(database.db, DEFAULT_TENANT_ID);
  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  const nativeConnection = await NativeConnection.connect({ address });
  const worker = await createMoltWorker({
    connection: nativeConnection,
    namespace: 'default',
    taskQueue,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    deps: { db: database.db },
  });
  const running = worker.run();
  const app = await buildApi({
    db: database.db,
    temporal: client,
    taskQueue,
    defaultContextWindowTokens: 200_000,
  });
  return {
    app,
    client,
    database,
    taskQueue,
    worker,
    async stop() {
      await app.close();
      worker.shutdown();
      await running;
      await nativeConnection.close();
      await connection.close();
      await database.close();
    },
  };
}

/** Polls `read` until `done` holds or the deadline passes; never a blind sleep. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 20_000, intervalMs = 50 } = {},
): Promise<T> {
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
