/**
 * The `molt` command (docs/api.md#the-molt-command).
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { errorText } from '../context/error-text.js';
import { isTenantId } from '../context/session/ids.js';
import { LlmConfigError } from '../llm/config.js';
import { EmbeddingsConfigError } from '../llm/embeddings.js';
import { registerAgentCommands } from './agent-commands.js';
import { ConfigError, loadConfig } from './config.js';
import { registerMcpCommand } from './mcp-command.js';
import { registerMemoryCommands } from './memory-commands.js';
import { registerOperatorCommands } from './operator.js';

function packageVersion(): string {
  const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

function fail(error: unknown): never {
  const message = errorText(error);
  console.error(`molt: ${message}`);
  process.exit(
    error instanceof ConfigError || error instanceof LlmConfigError || error instanceof EmbeddingsConfigError
      ? 2
      : 1,
  );
}

/** Resolves when the process is asked to stop (Ctrl-C or SIGTERM). */
function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

const program = new Command('molt')
  .description('molt — a durable context engine for AI agents')
  .version(packageVersion(), '-V, --version', "print molt's version");

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
  Console      ${stack.apiUrl}/ui/
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
    installTemporalRuntime('WARN', config.MOLT_TEMPORAL_METRICS_ADDRESS);
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

const keys = program.command('keys').description('API keys (each belongs to a tenant and has a role)');
keys
  .command('create')
  .description(
    'create an API key and print it once (talks to the database: DATABASE_URL or the embedded PGlite)',
  )
  .requiredOption('--tenant <id>', 'the tenant the key belongs to (created if new)')
  .option('--role <role>', 'agent or operator', 'agent')
  .option('--name <name>', 'a label for operators')
  .option(
    '--agent <id>',
    "bind an agent key to one agent: it touches only that agent's sessions and memories",
  )
  .action(async (options: { tenant: string; role: string; name?: string; agent?: string }) => {
    const { API_KEY_ROLES, createApiKey } = await import('../db/api-keys.js');
    const role = API_KEY_ROLES.find((r) => r === options.role);
    if (!role) throw new ConfigError(`--role: must be one of ${API_KEY_ROLES.join(', ')}`);
    if (!isTenantId(options.tenant)) {
      throw new ConfigError('--tenant: letters, digits, . _ - only, at most 64');
    }
    if (
      options.agent !== undefined &&
      (role !== 'agent' || options.agent.length === 0 || options.agent.length > 200)
    ) {
      throw new ConfigError('--agent: 1 to 200 characters, for an agent key only');
    }
    const config = loadConfig();
    const { openConfiguredDatabase } = await import('./stack.js');
    const database = await openConfiguredDatabase(config);
    const created = await createApiKey(database.db, {
      tenantId: options.tenant,
      role,
      ...(options.name ? { name: options.name } : {}),
      ...(options.agent !== undefined ? { agentId: options.agent } : {}),
    });
    await database.close();
    console.log(created.key);
    console.error(`molt: ${role} key ${created.id} for tenant ${options.tenant}; it is shown only now`);
  });

keys
  .command('bootstrap')
  .description(
    "while no API key exists: create the tenant's operator key and print it once (compose's molt-init); " +
      'otherwise create nothing',
  )
  .requiredOption('--tenant <id>', 'the tenant of the first key (created if new)')
  .action(async (options: { tenant: string }) => {
    if (!isTenantId(options.tenant))
      throw new ConfigError('--tenant: letters, digits, . _ - only, at most 64');
    const { countApiKeys, createApiKey } = await import('../db/api-keys.js');
    const config = loadConfig();
    const { openConfiguredDatabase } = await import('./stack.js');
    const database = await openConfiguredDatabase(config);
    try {
      if ((await countApiKeys(database.db)) > 0) {
        console.error('molt: API keys exist already; none created (molt keys create makes more)');
        return;
      }
      const created = await createApiKey(database.db, {
        tenantId: options.tenant,
        role: 'operator',
        name: 'first operator key',
      });
      console.log(
        `molt: the first operator key of tenant ${options.tenant}, shown only now:\n\n  ${created.key}\n`,
      );
      console.log('Set MOLT_API_KEY to it for the operator commands (molt sessions list, molt keys list…).');
    } finally {
      await database.close();
    }
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
registerMemoryCommands(program);
registerAgentCommands(program);
registerMcpCommand(program);

program.parseAsync(process.argv).catch(fail);
