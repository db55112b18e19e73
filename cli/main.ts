/**
 * The `molt` command (CONTRACT.md §4).
 */
import { Command } from 'commander';
import { LlmConfigError } from '../llm/config.js';
import { ConfigError, loadConfig } from './config.js';
import { registerOperatorCommands } from './operator.js';

function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`molt: ${message}`);
  process.exit(error instanceof ConfigError || error instanceof LlmConfigError ? 2 : 1);
}

/** Resolves when the process is asked to stop (Ctrl-C or SIGTERM). */
function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

const program = new Command('molt').description('molt — a durable context engine for AI agents');

program
  .command('dev')
  .description('run the whole stack on this machine: Temporal dev server, database, worker and API')
  .action(async () => {
    const config = loadConfig();
    const { startStack } = await import('./dev.js');
    const log = (line: string) => console.error(line);
    const stack = await startStack(config, { persistent: true, ui: true, log });
    console.log(`molt dev is running
  API          ${stack.apiUrl}
  Temporal     ${stack.temporalAddress}${stack.temporalUiUrl ? `\n  Temporal UI  ${stack.temporalUiUrl}` : ''}
  database     ${stack.databaseKind === 'pglite' ? `embedded PGlite in ${config.MOLT_DATA_DIR}/pgdata` : 'PostgreSQL (DATABASE_URL)'}
Ctrl-C stops everything.`);
    const signal = await untilSignal();
    console.error(`molt: ${signal}, stopping…`);
    await stack.stop();
    process.exit(0);
  });

program
  .command('worker')
  .description('run a Temporal worker against TEMPORAL_ADDRESS and DATABASE_URL')
  .action(async () => {
    const config = loadConfig();
    if (!config.TEMPORAL_ADDRESS)
      throw new ConfigError('TEMPORAL_ADDRESS: required by molt worker (molt dev starts a server)');
    if (!config.DATABASE_URL)
      throw new ConfigError('DATABASE_URL: required by molt worker (embedded PGlite belongs to molt dev)');
    const { installTemporalRuntime, openConfiguredDatabase, startWorker } = await import('./stack.js');
    installTemporalRuntime();
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

program
  .command('api')
  .description('run the HTTP API against TEMPORAL_ADDRESS and DATABASE_URL')
  .action(async () => {
    const config = loadConfig();
    if (!config.TEMPORAL_ADDRESS)
      throw new ConfigError('TEMPORAL_ADDRESS: required by molt api (molt dev starts a server)');
    if (!config.DATABASE_URL)
      throw new ConfigError('DATABASE_URL: required by molt api (embedded PGlite belongs to molt dev)');
    const { openConfiguredDatabase, startApi } = await import('./stack.js');
    const database = await openConfiguredDatabase(config);
    const api = await startApi(config, config.TEMPORAL_ADDRESS, database);
    console.error(`molt api listening on ${api.url}`);
    await untilSignal();
    await api.app.close();
    await database.close();
  });

program
  .command('migrate')
  .description('apply the database migrations (DATABASE_URL, or the embedded PGlite)')
  .action(async () => {
    const config = loadConfig();
    const { openConfiguredDatabase } = await import('./stack.js');
    const database = await openConfiguredDatabase(config);
    console.log(`migrations applied (${database.kind})`);
    await database.close();
  });

program
  .command('demo')
  .description('start an ephemeral stack and play a long agent session through the HTTP API')
  .option('--turns <n>', 'how many turns to play', (v) => Number.parseInt(v, 10))
  .action(async (options: { turns?: number }) => {
    const { runDemo } = await import('./demo.js');
    await runDemo(loadConfig(), { turns: options.turns });
    process.exit(0);
  });

program
  .command('bundle-workflows')
  .description('write the pre-built workflow bundle the production worker loads')
  .requiredOption('--out <file>', 'where to write it')
  .action(async (options: { out: string }) => {
    const { writeWorkflowBundle } = await import('../worker/bundle.js');
    await writeWorkflowBundle(options.out);
    console.log(`workflow bundle written to ${options.out}`);
  });

registerOperatorCommands(program);

program.parseAsync(process.argv).catch(fail);
