/**
 * The `molt` command (docs/api.md#the-molt-command, docs/cli.md).
 *
 * Start-up loads only what the verb asked for needs: every top-level command is listed here with
 * its description and the module that registers it, and only the named verb's module is imported
 * (`import()`), so `molt remember` loads the HTTP client and not Fastify, Temporal or the database
 * layer, and `molt --help` loads nothing but commander. An unknown verb registers everything, so
 * commander's own error and suggestion still answer.
 */
import { Command } from 'commander';
import { moltVersion } from '../config/paths.js';
import { errorText } from '../context/error-text.js';
import { agentCommand } from '../context/memory/cli-prompt.js';
import { USAGE_ERROR_NAMES } from './errors.js';
import { exitQuietlyOnClosedPipe } from './pipe.js';

type Register = (program: Command) => void;

const GROUPS = {
  server: () => import('./server-commands.js').then((m) => m.registerServerCommands),
  keys: () => import('./keys.js').then((m) => m.registerKeyCommands),
  operator: () => import('./operator.js').then((m) => m.registerOperatorCommands),
  history: () => import('./history-command.js').then((m) => m.registerHistoryCommand),
  memory: () => import('./memory-commands.js').then((m) => m.registerMemoryCommands),
  agent: () => import('./agent-commands.js').then((m) => m.registerAgentCommands),
  mcp: () => import('./mcp-command.js').then((m) => m.registerMcpCommand),
} satisfies Record<string, () => Promise<Register>>;

type Group = keyof typeof GROUPS;

/** Every top-level command: what `molt --help` says of it, and which module registers it. */
export const COMMANDS: Record<string, { group: Group; description: string }> = {
  dev: {
    group: 'server',
    description: 'run the whole stack on this machine: Temporal dev server, database, worker and API',
  },
  worker: { group: 'server', description: 'run a Temporal worker against TEMPORAL_ADDRESS and DATABASE_URL' },
  api: { group: 'server', description: 'run the HTTP API against TEMPORAL_ADDRESS and DATABASE_URL' },
  migrate: {
    group: 'server',
    description: 'apply the database migrations (DATABASE_URL, or the embedded PGlite)',
  },
  demo: {
    group: 'server',
    description: 'start an ephemeral stack and play a long agent session through the HTTP API',
  },
  keys: { group: 'keys', description: 'API keys (each belongs to a tenant and has a role)' },
  sessions: { group: 'operator', description: 'list and inspect sessions (through the API)' },
  compactions: { group: 'operator', description: 'list, inspect and replay compactions (through the API)' },
  breaker: { group: 'operator', description: "a session's compaction circuit breaker (through the API)" },
  history: {
    group: 'history',
    description:
      "with <sessionId> (operator): the Temporal history of a session's workflow runs and its compactions; " +
      'without: this session as molt holds it, for an agent (MOLT_SESSION_ID; see `molt history --help`)',
  },
  'working-memory': {
    group: 'operator',
    description: "a session's summary in force as its working memory, with what its bounds archived",
  },
  memories: {
    group: 'memory',
    description: 'list, search, inspect and forget memories (through the API)',
  },
  recall: {
    group: 'memory',
    description: "what recall injects into a session's next context, with each memory's score (operator key)",
  },
  extractions: {
    group: 'memory',
    description: 'list, inspect and replay memory extractions (through the API)',
  },
  remember: { group: 'agent', description: agentCommand('remember').summary },
  search: { group: 'agent', description: agentCommand('search').summary },
  ls: { group: 'agent', description: agentCommand('ls').summary },
  expand: { group: 'agent', description: agentCommand('expand').summary },
  mcp: {
    group: 'mcp',
    description:
      "serve molt's memory to an MCP client on stdio (scope from MOLT_USER_ID / MOLT_AGENT_ID / MOLT_SESSION_ID)",
  },
  'bundle-workflows': {
    group: 'server',
    description: 'write the pre-built workflow bundle the production worker loads',
  },
};

function fail(error: unknown): never {
  console.error(`molt: ${errorText(error)}`);
  process.exit(error instanceof Error && USAGE_ERROR_NAMES.has(error.name) ? 2 : 1);
}

/** The verb of an argument list: its first word that is not an option (`help <verb>`: that verb). */
export function verbOf(args: readonly string[]): string | undefined {
  const words = args.filter((a) => !a.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

async function main(): Promise<void> {
  exitQuietlyOnClosedPipe();
  const program = new Command('molt')
    .description('molt — a durable context engine for AI agents')
    .version(moltVersion(), '-V, --version', "print molt's version");
  const args = process.argv.slice(2);
  const verb = verbOf(args);
  const known = verb !== undefined && Object.hasOwn(COMMANDS, verb) ? COMMANDS[verb] : undefined;
  if (verb === undefined) {
    // `molt`, `molt --help`, `molt --version`: the list of commands, nothing loaded.
    for (const [name, { description }] of Object.entries(COMMANDS))
      program.command(name).description(description);
  } else {
    const groups = known ? [known.group] : (Object.keys(GROUPS) as Group[]);
    for (const register of await Promise.all(groups.map((g) => GROUPS[g]()))) register(program);
    for (const command of program.commands) {
      const description = COMMANDS[command.name()]?.description;
      if (description) command.description(description);
    }
  }
  await program.parseAsync(process.argv);
}

main().catch(fail);
