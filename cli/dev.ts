/**
 * `molt dev` and the demo's stack: a Temporal dev server (unless TEMPORAL_ADDRESS is set), the
 * database (PostgreSQL or embedded PGlite), the worker and the API, in one process.
 */
import { join, resolve } from 'node:path';
import { ensureTemporalCli } from '../scripts/ensure-temporal.js';
import type { MoltConfig } from './config.js';
import { apiRequestLog, createLogger, type LogSettings, temporalLogSink } from './log.js';
import { installTemporalRuntime, openConfiguredDatabase, startApi, startWorker } from './stack.js';
import { type DevServer, freePort, startDevServer } from './temporal-dev-server.js';

export interface Stack {
  apiUrl: string;
  temporalAddress: string;
  temporalUiUrl: string | undefined;
  databaseKind: 'postgres' | 'pglite';
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Keep Temporal's state in a SQLite file under MOLT_DATA_DIR (dev) or in memory (demo). */
  persistent: boolean;
  ui: boolean;
  log: (line: string) => void;
  /** How the API and the Temporal SDK log (cli/log.ts); unset: Fastify's JSON, the SDK's own. */
  logs?: LogSettings;
}

async function portOr(preferred: number): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolveP) => {
    const server = createServer();
    server.once('error', () => freePort().then(resolveP));
    server.listen(preferred, '127.0.0.1', () => server.close(() => resolveP(preferred)));
  });
}

export async function startStack(config: MoltConfig, options: StackOptions): Promise<Stack> {
  const logs = options.logs;
  const logger = logs ? createLogger(logs) : undefined;
  installTemporalRuntime(
    'WARN',
    config.MOLT_TEMPORAL_METRICS_ADDRESS,
    logger && logs ? temporalLogSink(logger, logs) : undefined,
  );
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) {
      try {
        await fn();
      } catch (error) {
        options.log(`molt: while stopping: ${String(error)}`);
      }
    }
  };
  try {
    let devServer: DevServer | undefined;
    let address = config.TEMPORAL_ADDRESS;
    if (!address) {
      const cliPath = await ensureTemporalCli(process.env, options.log);
      devServer = await startDevServer({
        cliPath,
        port: await portOr(7233),
        uiPort: options.ui ? await portOr(8233) : undefined,
        namespace: config.TEMPORAL_NAMESPACE,
        dbFilename: options.persistent ? resolve(join(config.MOLT_DATA_DIR, 'temporal.sqlite')) : undefined,
      });
      stops.push(() => devServer!.stop());
      address = devServer.address;
    }
    const database = await openConfiguredDatabase(config);
    stops.push(() => database.close());
    const worker = await startWorker(config, address, database);
    stops.push(async () => {
      worker.worker.shutdown();
      await worker.done;
      await worker.connection.close();
    });
    const api = await startApi(
      config.MOLT_TEMPORAL_UI_URL || !devServer?.uiUrl
        ? config
        : { ...config, MOLT_TEMPORAL_UI_URL: devServer.uiUrl },
      address,
      database,
      undefined,
      logger && logs ? { logger, ...apiRequestLog(config, logs) } : undefined,
    );
    stops.push(() => api.app.close());
    return {
      apiUrl: api.url,
      temporalAddress: address,
      temporalUiUrl: devServer?.uiUrl,
      databaseKind: database.kind,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
