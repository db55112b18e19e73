/**
 * The `molt` context engine: OpenClaw's context-engine slot backed by molt's HTTP API through
 * client/. Every method bounds its call; when molt is down or slow it logs one clear line and
 * carries on without it for that call: `assemble` goes on from the summary molt assembled last for
 * the session and the messages after it, pruned to the window (kept.ts, fallback.ts), `compact`
 * runs OpenClaw's own compaction (compact.ts), and a turn molt does not take is kept and sent
 * when molt answers again (backlog.ts), so that OpenClaw never queues it and keeps asking `assemble`.
 */
import { randomUUID } from 'node:crypto';
import { createMoltClient, MoltApiError, type MoltClient } from '../../../client/index.js';
import { errorText } from '../../../context/error-text.js';
import { type Backlogs, backlogs as processBacklogs } from './backlog.js';
import { type CompactParams, compactSession, unreachable } from './compact.js';
import type { PluginConfig } from './config.js';
import { fallbackContext } from './fallback.js';
import { identityOf } from './identity.js';
import { type KeptContexts, keptContexts, keptFrom } from './kept.js';
import {
  type AgentMessageLike,
  fingerprint,
  fromMoltContext,
  roughTokens,
  toMoltMessages,
} from './messages.js';
import { ASSEMBLE_FALLBACK, turnStore } from './store.js';
import { MEMORY_TOOL_NAMES } from './tools.js';
import { createTrace } from './trace.js';

export const ENGINE_ID = 'molt';
export const ENGINE_VERSION = '0.2.0';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The parts of OpenClaw's runtime settings/context the engine reads. */
interface RuntimeParams {
  tokenBudget?: number;
  runtimeSettings?: { limits?: { promptTokenBudget?: number | null } };
  runtimeContext?: { tokenBudget?: number; currentTokenCount?: number; forceReason?: string };
}

type SessionParams = { sessionId: string; sessionKey?: string };

/** The turn id of the empty turn that opens a session in molt with its identity and window. */
export const OPEN_TURN_ID = 'openclaw-session-open';

/** The first characters of the user's message: all recall reads of it (api/schemas/context.ts, contextQuerySchema). */
export const PROMPT_CHARS = 2_000;

/** molt session ids are `[A-Za-z0-9._:@-]{1,128}`; OpenClaw's are UUIDs, mapped as they are. */
export function moltSessionId(sessionId: string): string {
  return sessionId.replace(/[^A-Za-z0-9._:@-]/g, '_').slice(0, 128) || 'openclaw';
}

export function windowOf(params: RuntimeParams): number | undefined {
  const window =
    params.tokenBudget ??
    params.runtimeContext?.tokenBudget ??
    params.runtimeSettings?.limits?.promptTokenBudget;
  return typeof window === 'number' && window >= 1_000 ? Math.floor(window) : undefined;
}

function describe(error: unknown): string {
  if (error instanceof MoltApiError)
    return `${error.code}${error.status ? ` (${error.status})` : ''}: ${error.message}`;
  return errorText(error);
}

/** A client per timeout, as the engine and the memory tools use them. */
export function moltClients(config: PluginConfig, createClient = createMoltClient) {
  const client = (timeoutMs: number): MoltClient =>
    createClient({
      baseUrl: config.apiUrl,
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      timeoutMs,
      retries: 1,
    });
  return { fast: client(config.timeouts.requestMs), slow: client(config.timeouts.compactMs) };
}

export function createMoltEngine(
  config: PluginConfig,
  logger: Logger,
  createClient = createMoltClient,
  kept: KeptContexts = keptContexts,
  backlogs: Backlogs = processBacklogs,
) {
  const { fast, slow } = moltClients(config, createClient);
  /** One overflow "attempt" per engine instance (one agent run): molt counts its recovery steps. */
  const attemptPrefix = randomUUID();
  let downUntil = 0;
  const trace = createTrace();

  /** Runs a call to molt; on failure logs why and what OpenClaw does instead, then rethrows. */
  async function call<T>(method: string, fallback: string, run: () => Promise<T>): Promise<T> {
    if (Date.now() < downUntil) {
      const error = new Error(`molt ${method} skipped: molt did not answer a moment ago, ${fallback}`);
      logger.warn(`[molt] ${method} skipped: molt did not answer a moment ago, ${fallback}`);
      throw error;
    }
    try {
      return await run();
    } catch (error) {
      // 404 (a session molt has not seen) and 409 (nothing to compact) are answers, not failures.
      if (error instanceof MoltApiError && (error.status === 404 || error.status === 409)) throw error;
      if (error instanceof MoltApiError && (error.status === 0 || error.status >= 500)) {
        downUntil = Date.now() + config.timeouts.downForMs;
      }
      logger.warn(`[molt] ${method} failed, ${fallback}: ${describe(error)}`);
      throw error;
    }
  }

  /** The turn's session fields: the window, settings and the session's identity (identity.ts). */
  function sessionFields(params: SessionParams & RuntimeParams) {
    const window = windowOf(params);
    return {
      format: 'openclaw' as const,
      ...(window ? { contextWindowTokens: window } : {}),
      ...(config.settings ? { settings: config.settings as never } : {}),
      ...identityOf(config, params),
    };
  }

  const { storeTurn, catchUp } = turnStore({
    call,
    fast,
    logger,
    backlogs,
    sessionFields,
    describe,
    moltSessionId,
  });

  /**
   * A session molt has not seen yet is opened with an empty turn naming its identity and window,
   * so that its first turn already gets the user's profile and recall, and its memory tools a
   * session to scope to. Idempotent (a fixed turn id); a 409 means another run opened it first.
   */
  async function openSession(params: SessionParams & RuntimeParams): Promise<void> {
    await call('assemble', ASSEMBLE_FALLBACK, () =>
      fast.postTurn(moltSessionId(params.sessionId), {
        turnId: OPEN_TURN_ID,
        messages: [],
        ...sessionFields(params),
      }),
    ).catch((error: unknown) => {
      if (!(error instanceof MoltApiError && error.status === 409)) throw error;
    });
  }

  /** A turn id from the messages themselves, for hosts that give no advancement key. */
  function contentTurnId(prefix: string, messages: readonly unknown[]): string {
    return `${prefix}-${fingerprint(messages)}`;
  }

  return {
    info: {
      id: ENGINE_ID,
      name: 'molt',
      version: ENGINE_VERSION,
      ownsCompaction: true,
      transcriptSemantics: {
        currentTurnFence: 'before-current-turn-entry-v1',
        turnAdvancementIdempotency: 'atomic-idempotent-v1',
      },
    },

    async bootstrap(params: SessionParams) {
      trace('bootstrap', params);
      return { bootstrapped: true };
    },

    async maintain(params: SessionParams) {
      trace('maintain', params);
      return {
        changed: false,
        bytesFreed: 0,
        rewrittenEntries: 0,
        reason: 'molt compacts in its own service',
      };
    },

    async commitTurn(
      params: SessionParams & RuntimeParams & { advancementKey: string; messages: unknown[] },
    ) {
      trace('commitTurn', params, { ...identityOf(config, params) });
      const status = await storeTurn('commitTurn', params, params.advancementKey, params.messages);
      return { status: status === 'duplicate' ? ('duplicate' as const) : ('committed' as const) };
    },

    async afterTurn(
      params: SessionParams & RuntimeParams & { messages: unknown[]; prePromptMessageCount: number },
    ) {
      trace('afterTurn', params);
      const turnMessages = params.messages.slice(params.prePromptMessageCount);
      await storeTurn('afterTurn', params, contentTurnId('after', turnMessages), turnMessages);
    },

    async ingest(params: SessionParams & { message: unknown }) {
      trace('ingest', params);
      const status = await storeTurn('ingest', params, contentTurnId('msg', [params.message]), [
        params.message,
      ]);
      return { ingested: status === 'committed' || status === 'held' };
    },

    async ingestBatch(params: SessionParams & { messages: unknown[] }) {
      trace('ingestBatch', params);
      const status = await storeTurn(
        'ingestBatch',
        params,
        contentTurnId('batch', params.messages),
        params.messages,
      );
      const stored = status === 'committed' || status === 'held';
      return { ingestedCount: stored ? toMoltMessages(params.messages).messages.length : 0 };
    },

    async assemble(
      params: SessionParams &
        RuntimeParams & { messages: AgentMessageLike[]; prompt?: string; availableTools?: Set<string> },
    ) {
      const budget = windowOf(params);
      // Recall names search_memories only when OpenClaw offers it to the model in this run.
      const memoryTools = MEMORY_TOOL_NAMES.every((name) => params.availableTools?.has(name) ?? false);
      const prompt = params.prompt ? Array.from(params.prompt).slice(0, PROMPT_CHARS).join('') : undefined;
      const getContext = () =>
        call('assemble', ASSEMBLE_FALLBACK, () =>
          fast.getContext(moltSessionId(params.sessionId), {
            format: 'openclaw',
            ...(budget ? { budget } : {}),
            ...(config.recall ? {} : { recall: 'false' as const }),
            ...(prompt ? { prompt } : {}),
            ...(memoryTools ? {} : { memoryTools: 'false' as const }),
          }),
        );
      try {
        let opened = false;
        const first = await getContext().catch(async (error: unknown) => {
          if (!(error instanceof MoltApiError && error.status === 404)) throw error;
          await openSession(params);
          opened = true;
          return getContext();
        });
        // A session opened just now keeps OpenClaw's history as its context (below); otherwise molt
        // is caught up first when it may lack turns.
        if (opened) backlogs.settle(moltSessionId(params.sessionId));
        const { context, caughtUp } = opened
          ? { context: first, caughtUp: 0 }
          : await catchUp(params, first, getContext);
        trace('assemble', params, {
          caughtUp,
          memoryTools,
          prompt: prompt !== undefined,
          opened,
          recalled: context.recall.memoryIds.length,
          systemPromptAddition: context.systemPromptAddition !== null,
        });
        // Opened just now while OpenClaw already has history (the plugin enabled mid-session):
        // OpenClaw's history stays the context until its turns reach molt.
        if (opened && params.messages.length > 0) {
          return {
            messages: params.messages,
            estimatedTokens: roughTokens(params.messages),
            ...(context.systemPromptAddition ? { systemPromptAddition: context.systemPromptAddition } : {}),
          };
        }
        kept.set(moltSessionId(params.sessionId), keptFrom(context, params.messages));
        return {
          messages: fromMoltContext(context),
          estimatedTokens: context.estimatedTokens,
          ...(context.systemPromptAddition ? { systemPromptAddition: context.systemPromptAddition } : {}),
        };
      } catch (error) {
        if (!unreachable(error)) throw error;
        // Unchecked sessions stay so: a commit waits for an assemble that reaches molt (backlog.ts).
        const session = moltSessionId(params.sessionId);
        if (!backlogs.get(session)) backlogs.set(session, { checked: false, pending: [] });
        // molt is down or hung: its last summary for the session and the messages after it (or,
        // with none kept, OpenClaw's own), never more than the window (fallback.ts).
        const fallback = fallbackContext({
          messages: params.messages,
          kept: kept.get(moltSessionId(params.sessionId)),
          window: budget,
        });
        trace('assemble', params, {
          fallback: fallback.source,
          dropped: fallback.dropped,
          estimatedTokens: fallback.estimatedTokens,
        });
        return {
          messages: fallback.messages,
          estimatedTokens: fallback.estimatedTokens,
          // Without a window nothing was fitted: OpenClaw's overflow precheck measures its history.
          ...(budget === undefined ? { promptAuthority: 'preassembly_may_overflow' as const } : {}),
        };
      }
    },

    async compact(params: CompactParams) {
      trace('compact', params);
      return compactSession({ fast, slow, logger, call, moltSessionId, windowOf, attemptPrefix }, params);
    },

    async dispose() {
      trace('dispose');
    },
  };
}

export type MoltEngine = ReturnType<typeof createMoltEngine>;
