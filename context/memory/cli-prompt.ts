/**
 * The memory CLI an agent drives through its shell (`molt remember|search|ls|history`) described
 * once: the commands' usage and help texts (cli/agent-commands.ts registers them from here) and
 * the system-prompt snippet that teaches an agent to use them (`GET /v1/tools/cli-prompt`, which a
 * plugin injects). Written for a model to read: what each command is for, when to use it, what it
 * prints. Pure: the same text on every call.
 */
import { MEMORY_TYPES } from './type-names.js';

/** The environment the CLI takes its scope from; it never takes a user from an argument. */
export const AGENT_CLI_ENV = {
  url: 'MOLT_API_URL',
  key: 'MOLT_API_KEY',
  user: 'MOLT_USER_ID',
  agent: 'MOLT_AGENT_ID',
  session: 'MOLT_SESSION_ID',
} as const;

export interface AgentCommandSpec {
  name: 'remember' | 'search' | 'ls' | 'history' | 'expand';
  usage: string;
  /** One line: what it does. */
  summary: string;
  /** When an agent should run it. */
  when: string;
  /** What it prints (JSON on stdout). */
  prints: string;
  example: string;
}

export const AGENT_COMMANDS: readonly AgentCommandSpec[] = [
  {
    name: 'remember',
    usage: 'molt remember --content "<text>" [--type <type>] [--priority <1-5>] [--category <name>]',
    summary: 'Store one durable memory for this user now (deduplicated: the same fact twice is kept once).',
    when: 'the user asks you to remember something, states a lasting preference, or a decision is made that later sessions need.',
    prints:
      '{"ok":true,"duplicate":false,"memory":{"id","type","content","category","priority","recordedAt"}}',
    example: 'molt remember --content "Prefers dark mode in every UI" --type preference --priority 4',
  },
  {
    name: 'search',
    usage: 'molt search --query "<words>" [--type <type>] [--limit <n>]',
    summary:
      "Search this user's memories and everything said in earlier sessions by meaning and exact words, best match first (kind: episode is a turn, with who said it and when).",
    when: 'before answering a question that may depend on earlier sessions (preferences, past decisions, project facts); search again with other words when nothing fits.',
    prints:
      '{"ok":true,"query","memories":[{"id","type","content","category","priority","score","recordedAt","kind","speaker","occurredAt","sessionId","seq","dates"}]}',
    example: 'molt search --query "database migration decision" --limit 5',
  },
  {
    name: 'ls',
    usage: 'molt ls [--type <type>]',
    summary:
      'Show what molt holds for this user, like a directory listing: memories grouped by type and category, with counts and the newest of each.',
    when: 'at the start of a task, or to see which kinds of memory exist before searching.',
    prints:
      '{"ok":true,"scope":{"userId","agentId"},"total","directories":[{"path":"memories/<type>/","count","categories":{"<name>":n},"newest":[{"id","content"}]}]}',
    example: 'molt ls',
  },
  {
    name: 'history',
    usage: 'molt history',
    summary:
      'Show this session as molt holds it: its size, the summary of the part that was compacted away, and the key files restored after it.',
    when: 'after a compaction, to re-read what the summary says was done and what is still open.',
    prints:
      '{"ok":true,"session":{"id","messages","tokens","lastSeq","boundarySeq","liveTokens","contextWindowTokens","compactions"},"summary":{"compactionId","text"}|null,"restoredFiles":[{"path","seq","operation"}]}',
    example: 'molt history',
  },
  {
    name: 'expand',
    usage:
      'molt expand --id <hit id> [--before <n>] [--after <n>] | molt expand --compaction <id> [--after-seq <seq>]',
    summary:
      'Read the turns of an earlier conversation verbatim: around a search hit, or behind a compaction summary (bounded; page with --after-seq).',
    when: 'a search hit is close but you need what was said around it, or a summary leaves out a detail.',
    prints:
      '{"ok":true,"sessionId","fromSeq","toSeq","messages":[{"seq","role","speaker","occurredAt","message","clipped"}],"nextAfterSeq"}',
    example: 'molt expand --id ep_0123456789abcdef01234567 --before 2 --after 2',
  },
];

export function agentCommand(name: AgentCommandSpec['name']): AgentCommandSpec {
  const spec = AGENT_COMMANDS.find((c) => c.name === name);
  if (!spec) throw new Error(`no agent command ${name}`);
  return spec;
}

/** The help text printed under `molt <command> --help`. */
export function agentCommandHelp(spec: AgentCommandSpec): string {
  return [
    '',
    `When to use: ${spec.when}`,
    `Prints (JSON when stdout is not a terminal, or with --json): ${spec.prints}`,
    `On failure: {"ok":false,"error":{"code","message"}} on stderr and a non-zero exit (2: bad arguments or environment, 1: molt refused or is unreachable).`,
    `Scope: the environment (${AGENT_CLI_ENV.user}, ${AGENT_CLI_ENV.session}, ${AGENT_CLI_ENV.agent}, ${AGENT_CLI_ENV.key}); no argument names a user.`,
    `Memory types: ${MEMORY_TYPES.join(', ')}.`,
    '',
    `Example: ${spec.example}`,
  ].join('\n');
}

/** The system-prompt snippet (`GET /v1/tools/cli-prompt`): how an agent uses molt from its shell. */
export function agentCliPrompt(): string {
  const commands = AGENT_COMMANDS.flatMap((c) => [`- ${c.usage}`, `  ${c.summary} Use it when: ${c.when}`]);
  return [
    '<molt-memory-cli>',
    'You have a durable memory, molt, that lasts across sessions. Use it through your shell with the `molt` command.',
    `Your environment already names you (${AGENT_CLI_ENV.user}, ${AGENT_CLI_ENV.session}, ${AGENT_CLI_ENV.key}): never pass a user id yourself.`,
    'Each command prints one JSON object on stdout ({"ok":true,...}); on failure {"ok":false,"error":{...}} on stderr and a non-zero exit.',
    '',
    ...commands,
    '',
    `Types: ${MEMORY_TYPES.join(', ')}. Priority: 1 (minor) to 5 (critical), default 3.`,
    'Memories are hints, not ground truth: check them against the files before you act on them.',
    'Store facts, preferences and decisions, never secrets. `molt <command> --help` explains a command.',
    '</molt-memory-cli>',
  ].join('\n');
}
