/**
 * Records the workflow histories the replay tests guard. Run after an intended, compatible change
 * to the workflows' behaviour (`npm run record-histories`), review the diff, commit the JSON.
 * Starts its own in-memory dev server, embedded PGlite and a worker; needs nothing else.
 */

import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { buildApi } from '../../api/server.js';
import { installTemporalRuntime } from '../../cli/stack.js';
import { startDevServer } from '../../cli/temporal-dev-server.js';
import { openDatabase } from '../../db/client.js';
import { DEFAULT_TENANT_ID, ensureTenant } from '../../db/transcript.js';
import { createTextModel } from '../../llm/providers.js';
import { ensureTemporalCli } from '../../scripts/ensure-temporal.js';
import { buildWorkflowBundle } from '../../worker/bundle.js';
import { createMoltWorker } from '../../worker/worker.js';
import { startFakeLlm } from '../fake-llm/server.js';
import { scenarios } from './scenarios.js';

const FIXTURES = new URL('../fixtures/histories/', import.meta.url);

async function main() {
  installTemporalRuntime('ERROR');
  const server = await startDevServer({ cliPath: await ensureTemporalCli() });
  const database = await openDatabase({ pglite: 'memory' });
  await database.migrate();
  const taskQueue = `record-${randomUUID()}`;
  const nativeConnection = await NativeConnection.connect({ address: server.address });
  const workflowBundle = await buildWorkflowBundle();
  const worker = await createMoltWorker({
    connection: nativeConnection,
    namespace: 'default',
    taskQueue,
    workflowBundle,
    deps: { db: database.db },
  });
  // A second worker summarises through a fake LLM the scenario steers, one chunk at a time so the
  // order of its calls (and of the history's events) does not depend on timing.
  const fake = await startFakeLlm();
  const llmTaskQueue = `${taskQueue}-llm`;
  const llmWorker = await createMoltWorker({
    connection: nativeConnection,
    namespace: 'default',
    taskQueue: llmTaskQueue,
    workflowBundle,
    deps: {
      db: database.db,
      model: createTextModel({
        provider: 'openai-compatible',
        baseUrl: fake.baseUrl,
        model: 'fake',
        concurrency: 1,
        timeoutMs: 10_000,
      }),
      concurrency: 1,
    },
  });
  const connection = await Connection.connect({ address: server.address });
  const client = new Client({ connection });
  await ensureTenant(database.db, DEFAULT_TENANT_ID);
  const app = await buildApi({
    db: database.db,
    temporal: client,
    taskQueue,
    defaultContextWindowTokens: 200_000,
  });
  mkdirSync(FIXTURES, { recursive: true });
  try {
    await worker.runUntil(() =>
      llmWorker.runUntil(async () => {
        const only = process.argv.slice(2);
        for (const scenario of scenarios.filter((s) => only.length === 0 || only.includes(s.name))) {
          const histories = await scenario.run({ client, app, llm: { fake, taskQueue: llmTaskQueue } });
          for (const [name, history] of Object.entries(histories)) {
            const file = new URL(`${name}.json`, FIXTURES);
            const parsed = JSON.parse(history) as { events: unknown[] };
            writeFileSync(file, `${JSON.stringify(parsed, null, 1)}\n`);
            console.log(`recorded ${file.pathname} (${parsed.events.length} events)`);
          }
        }
      }),
    );
  } finally {
    await app.close();
    await connection.close();
    await nativeConnection.close();
    await database.close();
    await fake.close();
    await server.stop();
  }
}

await main();
