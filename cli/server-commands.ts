/**
 * The commands that run molt itself: `molt dev`, `molt worker`, `molt api`, `molt migrate`,
 * `molt demo`, `molt bundle-workflows` (docs/api.md#the-molt-command). Each loads the stack when it
 * runs, never when `molt` starts.
 */
import type { Command } from 'commander';
import { loadConfig } from './config.js';
import { ConfigError } from './errors.js';
import { logSettings } from './log-settings.js';

/** Resolves when the process is asked to stop (Ctrl-C or SIGTERM). */
function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

export function registerServerCommands(program: Command): void {
  program.command('dev').action(async () => {
    const config = loadConfig();
    const [{ startStack }, { writeDevMarker }] = await Promise.all([
      import('./dev.js'),
      import('./dev-marker.js'),
    ]);
    const log = (line: string) => console.error(line);
    const logs = logSettings(config, { command: 'dev', isTTY: process.stdout.isTTY === true });
    const stack = await startStack(config, { persistent: true, ui: true, log, logs });
    const removeMarker = writeDevMarker(config.MOLT_DATA_DIR, stack.apiUrl);
    console.log(`molt dev is running
  API          ${stack.apiUrl}
  Console      ${stack.apiUrl}/ui/
  Temporal     ${stack.temporalAddress}${stack.temporalUiUrl ? `\n  Temporal UI  ${stack.temporalUiUrl}` : ''}
  database     ${stack.databaseKind === 'pglite' ? `embedded PGlite in ${config.MOLT_DATA_DIR}/pgdata` : 'PostgreSQL (DATABASE_URL)'}
Ctrl-C stops everything.`);
    const signal = await untilSignal();
    console.error(`molt: ${signal}, stopping…`);
    removeMarker();
    await stack.stop();
    process.exit(0);
  });

  program.command('worker').action(async () => {
    const config = loadConfig();
    if (!config.TEMPORAL_ADDRESS)
      throw new ConfigError('TEMPORAL_ADDRESS: required by molt worker (molt dev starts a server)');
    if (!config.DATABASE_URL)
      throw new ConfigError('DATABASE_URL: required by molt worker (embedded PGlite belongs to molt dev)');
    const [
      { installTemporalRuntime, openConfiguredDatabase, startWorker },
      { createLogger, temporalLogSink },
    ] = await Promise.all([import('./stack.js'), import('./log.js')]);
    const logs = logSettings(config, { command: 'worker', isTTY: process.stdout.isTTY === true });
    installTemporalRuntime(
      'WARN',
      config.MOLT_TEMPORAL_METRICS_ADDRESS,
      temporalLogSink(createLogger(logs), logs),
    );
    const database = await openConfiguredDatabase(config);
    const running = await startWorker(config, config.TEMPORAL_ADDRESS, database);
    console.error(
      `molt worker polling task queue ${config.TEMPORAL_TASK_QUEUE} on ${config.TEMPORAL_ADDRESS}`,
    );
    void untilSignal().then(() => running.worker.shutdown());
    await running.done;
    await running.connection.close();
    await database.close();
  });

  program.command('api').action(async () => {
    const config = loadConfig();
    if (!config.TEMPORAL_ADDRESS)
      throw new ConfigError('TEMPORAL_ADDRESS: required by molt api (molt dev starts a server)');
    if (!config.DATABASE_URL)
      throw new ConfigError('DATABASE_URL: required by molt api (embedded PGlite belongs to molt dev)');
    const [{ openConfiguredDatabase, startApi }, { apiRequestLog, createLogger }] = await Promise.all([
      import('./stack.js'),
      import('./log.js'),
    ]);
    const logs = logSettings(config, { command: 'api', isTTY: process.stdout.isTTY === true });
    const database = await openConfiguredDatabase(config);
    const api = await startApi(config, config.TEMPORAL_ADDRESS, database, undefined, {
      logger: createLogger(logs),
      ...apiRequestLog(config, logs),
    });
    console.error(`molt api listening on ${api.url}`);
    await untilSignal();
    await api.app.close();
    await database.close();
  });

  program.command('migrate').action(async () => {
    const config = loadConfig();
    const { openConfiguredDatabase } = await import('./stack.js');
    const database = await openConfiguredDatabase(config);
    console.log(`migrations applied (${database.kind})`);
    await database.close();
  });

  program
    .command('demo')
    .option('--turns <n>', 'how many turns to play', (v) => Number.parseInt(v, 10))
    .action(async (options: { turns?: number }) => {
      const { runDemo } = await import('./demo.js');
      await runDemo(loadConfig(), { turns: options.turns });
      process.exit(0);
    });

  program
    .command('bundle-workflows')
    .requiredOption('--out <file>', 'where to write it')
    .action(async (options: { out: string }) => {
      const { writeWorkflowBundle } = await import('../worker/bundle.js');
      await writeWorkflowBundle(options.out);
      console.log(`workflow bundle written to ${options.out}`);
    });
}
