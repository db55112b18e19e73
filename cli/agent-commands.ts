/**
 * The memory CLI an agent drives through its shell: `molt remember`, `molt search`, `molt ls` and
 * `molt history` without a session argument (with one, `molt history <sessionId>` stays the
 * operator's Temporal history). JSON on stdout when it is not a terminal (or with --json), scoped
 * by the environment (cli/agent-env.ts) and never by an argument naming a user; every HTTP call
 * goes through client/ (createMoltClient). The texts are context/memory/cli-prompt.ts's.
 */
import { type Command, Option } from 'commander';
import { createMoltClient, MoltApiError } from '../client/index.js';
import { agentMemoryView as memoryView } from '../client/responses.js';
import { agentCommand, agentCommandHelp } from '../context/memory/cli-prompt.js';
import { MEMORY_TYPES } from '../context/memory/type-names.js';
import type { AgentEnv } from './agent-env.js';
import { quickAgentEnv } from './agent-env-quick.js';
import { renderAgentAnswer } from './agent-format.js';
import { UsageError } from './errors.js';
import { nodeTransport } from './http-transport.js';
import { KEY_HINT } from './molt-address.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and passed on as JSON
type Json = Record<string, any>;

interface Output {
  json?: boolean;
}

/** At most this many memories are read for `molt ls` (pages of 200). */
const LS_MAX_MEMORIES = 2_000;

/**
 * The environment: cli/agent-env-quick.ts's answer when it has one, else cli/agent-env.ts's, whose
 * zod schema is loaded only then (a variable set oddly or wrongly; docs/cli.md#start-up).
 */
const loadAgentEnv = async (): Promise<AgentEnv> =>
  quickAgentEnv() ?? (await import('./agent-env.js')).loadAgentEnv();

const client = (env: AgentEnv) =>
  createMoltClient({
    baseUrl: env.MOLT_API_URL,
    ...(env.MOLT_API_KEY ? { apiKey: env.MOLT_API_KEY } : {}),
    timeoutMs: 30_000,
    transport: nodeTransport,
  });

/** The answer's JSON when 2xx; a MoltApiError with molt's code and message otherwise. */
function unwrap(result: { data?: unknown; error?: unknown; status: number; ok: boolean }): Json {
  if (result.ok) return result.data as Json;
  const error = (result.error as Json | undefined)?.error;
  throw new MoltApiError(
    result.status,
    error?.code ?? `http_${result.status}`,
    error?.message ?? `molt answered HTTP ${result.status}`,
  );
}

const asTerminal = (options: Output) => !options.json && process.stdout.isTTY === true;

function emit(command: string, answer: Json, options: Output): void {
  const body = { ok: true, ...answer };
  console.log(asTerminal(options) ? renderAgentAnswer(command, body) : JSON.stringify(body));
}

/** Errors as JSON on stderr; exit 2 for arguments or environment, 1 for molt's refusal or absence. */
function failWith(error: unknown, options: Output): never {
  const usage = error instanceof UsageError;
  const code = usage ? 'usage' : error instanceof MoltApiError ? error.code : 'error';
  const said = error instanceof Error ? error.message : String(error);
  // A 401 also says where the key goes (KEY_HINT: MOLT_API_KEY in each shell, how to create one).
  const message = error instanceof MoltApiError && error.status === 401 ? `${said}. ${KEY_HINT}` : said;
  const body = { ok: false, error: { code, message } };
  console.error(asTerminal(options) ? `molt: ${message}` : JSON.stringify(body));
  process.exit(usage ? 2 : 1);
}

function run<A extends unknown[]>(action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    const options = (args.find((a) => a && typeof a === 'object' && !Array.isArray(a)) ?? {}) as Output;
    try {
      await action(...args);
    } catch (error) {
      failWith(error, options);
    }
  };
}

function positiveInt(name: string, max: number) {
  return (value: string): number => {
    if (!/^[1-9]\d*$/.test(value) || Number(value) > max) {
      throw new UsageError(`${name}: must be a whole number from 1 to ${max}, got ${JSON.stringify(value)}`);
    }
    return Number(value);
  };
}

const typeOption = () => new Option('--type <type>', `a memory type: ${MEMORY_TYPES.join(', ')}`);

function checkType(type: string | undefined): void {
  if (type !== undefined && !(MEMORY_TYPES as readonly string[]).includes(type)) {
    throw new UsageError(`--type: must be one of ${MEMORY_TYPES.join(', ')}, got ${JSON.stringify(type)}`);
  }
}

/** The scope every call names: the environment's user, agent and session. */
function scopeOf(env: AgentEnv) {
  return {
    ...(env.MOLT_USER_ID ? { userId: env.MOLT_USER_ID } : {}),
    ...(env.MOLT_AGENT_ID ? { agentId: env.MOLT_AGENT_ID } : {}),
    ...(env.MOLT_SESSION_ID ? { sessionId: env.MOLT_SESSION_ID } : {}),
  };
}

function requireScope(env: AgentEnv): void {
  if (!env.MOLT_USER_ID && !env.MOLT_AGENT_ID && !env.MOLT_SESSION_ID) {
    throw new UsageError('no scope: set MOLT_USER_ID (or MOLT_SESSION_ID) in the environment');
  }
}

function describe(command: Command, name: Parameters<typeof agentCommand>[0]): Command {
  const spec = agentCommand(name);
  return (
    command
      .description(spec.summary)
      .addHelpText('after', agentCommandHelp(spec))
      .addOption(new Option('--json', 'print JSON even on a terminal'))
      // Commander's own errors (an unknown option, a missing value) answer like the others: JSON, exit 2.
      .configureOutput({
        outputError: (text, write) =>
          write(
            process.stdout.isTTY === true
              ? text
              : `${JSON.stringify({ ok: false, error: { code: 'usage', message: text.replace(/^error: /, '').trim() } })}\n`,
          ),
      })
      .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
  );
}

/** `molt history` without a session argument: this session as molt holds it. */
export async function agentHistory(options: Output): Promise<void> {
  try {
    const env = await loadAgentEnv();
    if (!env.MOLT_SESSION_ID) throw new UsageError('no session: set MOLT_SESSION_ID in the environment');
    const molt = client(env);
    const params = { path: { sessionId: env.MOLT_SESSION_ID } };
    const [session, context] = await Promise.all([
      molt.plain.GET('/v1/sessions/{sessionId}', { params }).then(unwrap),
      molt.plain
        .GET('/v1/sessions/{sessionId}/context', { params: { ...params, query: { recall: 'false' } } })
        .then(unwrap),
    ]);
    emit(
      'history',
      {
        session: {
          id: session.sessionId,
          messages: session.transcript.messages,
          tokens: session.transcript.tokens,
          lastSeq: session.lastSeq,
          boundarySeq: session.boundarySeq,
          liveTokens: session.liveTokens,
          contextWindowTokens: session.contextWindowTokens,
          compactions: session.compactions,
        },
        summary: context.summary,
        restoredFiles: context.restored.files.map((f: Json) => ({
          path: f.path,
          seq: f.seq,
          operation: f.operation,
        })),
      },
      options,
    );
  } catch (error) {
    failWith(error, options);
  }
}

export function registerAgentCommands(program: Command): void {
  describe(program.command('remember'), 'remember')
    .addOption(new Option('--content <text>', 'what to remember, one self-contained statement'))
    .addOption(typeOption())
    .addOption(new Option('--priority <1-5>', '1 (minor) to 5 (critical); default 3'))
    .addOption(new Option('--category <name>', 'a short label to group it under, e.g. ui or deploy'))
    .action(
      run(
        async (
          options: Output & { content?: string; type?: string; priority?: string; category?: string },
        ) => {
          const env = await loadAgentEnv();
          if (!options.content?.trim()) throw new UsageError('--content: required, the text to remember');
          checkType(options.type);
          const priority =
            options.priority === undefined ? undefined : positiveInt('--priority', 5)(options.priority);
          requireScope(env);
          const result = await client(env).plain.POST('/v1/memories', {
            body: {
              content: options.content,
              ...(options.type ? { type: options.type as (typeof MEMORY_TYPES)[number] } : {}),
              ...(priority !== undefined ? { priority } : {}),
              ...(options.category ? { category: options.category } : {}),
              ...scopeOf(env),
            },
          });
          const answer = unwrap(result);
          emit('remember', { duplicate: result.status === 200, memory: memoryView(answer.memory) }, options);
        },
      ),
    );

  describe(program.command('search'), 'search')
    .addOption(new Option('--query <words>', 'what to look for'))
    .addOption(typeOption())
    .addOption(new Option('--limit <n>', 'at most this many memories (1–50, default 5)'))
    .action(
      run(async (options: Output & { query?: string; type?: string; limit?: string }) => {
        const env = await loadAgentEnv();
        if (!options.query?.trim()) throw new UsageError('--query: required, the words to search for');
        checkType(options.type);
        const limit = options.limit === undefined ? 5 : positiveInt('--limit', 50)(options.limit);
        requireScope(env);
        const answer = unwrap(
          await client(env).plain.POST('/v1/memories/search', {
            // With a type, read the most there are and keep that type's best.
            body: { query: options.query, limit: options.type ? 50 : limit, ...scopeOf(env) },
          }),
        );
        const items = (answer.items as Json[]).filter((m) => !options.type || m.type === options.type);
        emit('search', { query: options.query, memories: items.slice(0, limit).map(memoryView) }, options);
      }),
    );

  describe(program.command('expand'), 'expand')
    .addOption(new Option('--id <id>', 'a search hit (episode or memory)'))
    .addOption(new Option('--compaction <id>', "a compaction: its summary's turns"))
    .addOption(new Option('--before <n>', 'turns before the hit (0–20, default 3)'))
    .addOption(new Option('--after <n>', 'turns after the hit (0–20, default 3)'))
    .addOption(new Option('--after-seq <seq>', "page through a compaction's turns after this seq"))
    .action(
      run(
        async (
          options: Output & {
            id?: string;
            compaction?: string;
            before?: string;
            after?: string;
            afterSeq?: string;
          },
        ) => {
          const env = await loadAgentEnv();
          if (!options.id === !options.compaction) {
            throw new UsageError('--id or --compaction: name exactly one (a search hit or a compaction)');
          }
          const around = (name: string, value: string | undefined) =>
            value === undefined ? undefined : value === '0' ? 0 : positiveInt(name, 20)(value);
          const before = around('--before', options.before);
          const after = around('--after', options.after);
          const afterSeq =
            options.afterSeq === undefined
              ? undefined
              : positiveInt('--after-seq', 2 ** 31 - 1)(options.afterSeq);
          requireScope(env);
          const answer = unwrap(
            await client(env).plain.POST('/v1/memories/expand', {
              body: {
                ...(options.id ? { id: options.id } : { compactionId: options.compaction! }),
                ...(before !== undefined ? { before } : {}),
                ...(after !== undefined ? { after } : {}),
                ...(afterSeq !== undefined ? { afterSeq } : {}),
                ...scopeOf(env),
              },
            }),
          );
          emit('expand', answer, options);
        },
      ),
    );

  describe(program.command('ls'), 'ls')
    .addOption(typeOption())
    .action(
      run(async (options: Output & { type?: string }) => {
        const env = await loadAgentEnv();
        checkType(options.type);
        const molt = client(env);
        let userId = env.MOLT_USER_ID;
        const agentId = env.MOLT_AGENT_ID;
        if (!userId && !agentId && env.MOLT_SESSION_ID) {
          const session = unwrap(
            await molt.plain.GET('/v1/sessions/{sessionId}', {
              params: { path: { sessionId: env.MOLT_SESSION_ID } },
            }),
          );
          userId = session.userId ?? undefined;
        }
        if (!userId && !agentId) throw new UsageError('no user: set MOLT_USER_ID in the environment');
        const memories: Json[] = [];
        let cursor: string | undefined;
        do {
          const page = unwrap(
            await molt.plain.GET('/v1/memories', {
              params: {
                query: {
                  status: 'active',
                  limit: 200,
                  ...(userId ? { userId } : { agentId }),
                  ...(options.type ? { type: options.type as (typeof MEMORY_TYPES)[number] } : {}),
                  ...(cursor ? { cursor } : {}),
                },
              },
            }),
          );
          memories.push(...page.items);
          cursor = page.nextCursor ?? undefined;
        } while (cursor && memories.length < LS_MAX_MEMORIES);
        emit(
          'ls',
          listing(memories, { userId: userId ?? null, agentId: agentId ?? null }, Boolean(cursor)),
          options,
        );
      }),
    );
}

/** Memories (newest first) as a directory listing: one directory per type, in MEMORY_TYPES order. */
export function listing(
  memories: readonly Json[],
  scope: { userId: string | null; agentId: string | null },
  more: boolean,
) {
  const directories = MEMORY_TYPES.flatMap((type) => {
    const ofType = memories.filter((m) => m.type === type);
    if (ofType.length === 0) return [];
    const categories: Record<string, number> = {};
    for (const m of ofType) if (m.category) categories[m.category] = (categories[m.category] ?? 0) + 1;
    return [
      {
        path: `memories/${type}/`,
        count: ofType.length,
        categories,
        newest: ofType.slice(0, 3).map((m) => ({ id: m.id, content: m.abstract || m.content })),
      },
    ];
  });
  return { scope, total: memories.length, ...(more ? { truncated: true } : {}), directories };
}
