/**
 * The `molt` context engine: OpenClaw's context-engine slot backed by molt's HTTP API through
 * client/. Every method bounds its call; when molt is down or slow it logs one clear line and
 * fails, so OpenClaw falls back to its own behaviour for that call (an `assemble` that throws makes
 * OpenClaw send its own messages).
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createMoltClient, MoltApiError, type MoltClient } from '../../../client/index.js';
import { errorText } from '../../../context/error-text.js';
import type { PluginConfig } from './config.js';
import { type AgentMessageLike, fromMoltContext, roughTokens, toMoltMessages } from './messages.js';
import { probeMemoryTools } from './tools.js';

export const ENGINE_ID = 'molt';
export const ENGINE_VERSION = '0.1.0';

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

/** molt session ids are `[A-Za-z0-9._:@-]{1,128}`; OpenClaw's are UUIDs, mapped as they are. */
export function moltSessionId(sessionId: string): string {
  return sessionId.replace(/[^A-Za-z0-9._:@-]/g, '_').slice(0, 128) || 'openclaw';
}

function windowOf(params: RuntimeParams): number | undefined {
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

export function createMoltEngine(config: PluginConfig, logger: Logger, createClient = createMoltClient) {
  const client = (timeoutMs: number): MoltClient =>
    createClient({
      baseUrl: config.apiUrl,
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      timeoutMs,
      retries: 1,
    });
  const fast = client(config.timeouts.requestMs);
  const slow = client(config.timeouts.compactMs);
  /** One overflow "attempt" per engine instance (one agent run): molt counts its recovery steps. */
  const attemptPrefix = randomUUID();
  let downUntil = 0;
  const traceFile = process.env.MOLT_OPENCLAW_TRACE;

  function trace(method: string, params: object = {}): void {
    if (!traceFile) return;
    const { sessionId, advancementKey, tokenBudget, force, compactionTarget, messages } = params as Record<
      string,
      unknown
    >;
    const line = {
      at: Date.now(),
      pid: process.pid,
      method,
      sessionId,
      advancementKey,
      tokenBudget,
      force,
      compactionTarget,
      messageCount: Array.isArray(messages) ? messages.length : undefined,
      forceReason: (params as RuntimeParams).runtimeContext?.forceReason,
    };
    appendFileSync(traceFile, `${JSON.stringify(line)}\n`);
  }

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

  async function storeTurn(
    method: string,
    sessionId: string,
    turnId: string,
    messages: readonly unknown[],
    params: RuntimeParams,
  ): Promise<'committed' | 'duplicate' | 'empty'> {
    const converted = toMoltMessages(messages);
    if (converted.messages.length === 0) return 'empty';
    const window = windowOf(params);
    const memory = await probeMemoryTools(fast);
    const turn = await call(method, 'the turn is not in molt', () =>
      fast.postTurn(moltSessionId(sessionId), {
        turnId,
        messages: converted.messages,
        format: 'openclaw',
        ...(window ? { contextWindowTokens: window } : {}),
        ...(config.settings ? { settings: config.settings as never } : {}),
        // Memory scopes go only to a molt that serves memory (its /turns accepts them).
        ...(memory && config.userId ? { userId: config.userId } : {}),
        ...(memory && config.agentId ? { agentId: config.agentId } : {}),
      }),
    );
    return turn.turn.replayed ? 'duplicate' : 'committed';
  }

  /** A turn id from the messages themselves, for hosts that give no advancement key. */
  function contentTurnId(prefix: string, messages: readonly unknown[]): string {
    let hash = 0x811c9dc5;
    const text = JSON.stringify(messages);
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return `${prefix}-${text.length}-${hash.toString(16)}`;
  }

  async function contextSize(sessionId: string) {
    const context = await slow.getContext(moltSessionId(sessionId), { format: 'openclaw' });
    return { tokens: context.estimatedTokens, boundarySeq: context.boundarySeq, summary: context.summary };
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
      // The memory probe runs here so tools can be offered; never fails the turn.
      await probeMemoryTools(fast);
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
      trace('commitTurn', params);
      const status = await storeTurn(
        'commitTurn',
        params.sessionId,
        params.advancementKey,
        params.messages,
        params,
      );
      return { status: status === 'duplicate' ? ('duplicate' as const) : ('committed' as const) };
    },

    async afterTurn(
      params: SessionParams & RuntimeParams & { messages: unknown[]; prePromptMessageCount: number },
    ) {
      trace('afterTurn', params);
      const turnMessages = params.messages.slice(params.prePromptMessageCount);
      await storeTurn(
        'afterTurn',
        params.sessionId,
        contentTurnId('after', turnMessages),
        turnMessages,
        params,
      );
    },

    async ingest(params: SessionParams & { message: unknown }) {
      trace('ingest', params);
      const status = await storeTurn(
        'ingest',
        params.sessionId,
        contentTurnId('msg', [params.message]),
        [params.message],
        {},
      );
      return { ingested: status === 'committed' };
    },

    async ingestBatch(params: SessionParams & { messages: unknown[] }) {
      trace('ingestBatch', params);
      const status = await storeTurn(
        'ingestBatch',
        params.sessionId,
        contentTurnId('batch', params.messages),
        params.messages,
        {},
      );
      return { ingestedCount: status === 'committed' ? toMoltMessages(params.messages).messages.length : 0 };
    },

    async assemble(
      params: SessionParams & RuntimeParams & { messages: AgentMessageLike[]; prompt?: string },
    ) {
      trace('assemble', params);
      const budget = windowOf(params);
      try {
        const context = await call('assemble', 'OpenClaw sends its own messages', () =>
          fast.getContext(moltSessionId(params.sessionId), {
            format: 'openclaw',
            ...(budget ? { budget } : {}),
          }),
        );
        return {
          messages: fromMoltContext(context),
          estimatedTokens: context.estimatedTokens,
          ...(context.systemPromptAddition ? { systemPromptAddition: context.systemPromptAddition } : {}),
        };
      } catch (error) {
        // A session molt has not seen yet (the first turn): OpenClaw's history is the context.
        if (error instanceof MoltApiError && error.status === 404) {
          return { messages: params.messages, estimatedTokens: roughTokens(params.messages) };
        }
        throw error;
      }
    },

    async compact(
      params: SessionParams &
        RuntimeParams & {
          force?: boolean;
          currentTokenCount?: number;
          compactionTarget?: 'budget' | 'threshold';
          customInstructions?: string;
        },
    ) {
      trace('compact', params);
      const sessionId = moltSessionId(params.sessionId);
      const manual = params.compactionTarget === 'threshold' || params.customInstructions !== undefined;
      if (!manual && !params.force) {
        return { ok: true, compacted: false, reason: 'molt compacts on its own thresholds' };
      }
      const before = await call('compact', 'OpenClaw keeps the context as it is', () =>
        contextSize(sessionId),
      ).catch((error: unknown) => {
        if (error instanceof MoltApiError && error.status === 404) return null;
        throw error;
      });
      if (!before) return { ok: true, compacted: false, reason: 'molt has no turns of this session yet' };
      if (manual) {
        try {
          await call('compact', 'the session is not compacted', () =>
            slow.compact(
              sessionId,
              params.customInstructions ? { instructions: params.customInstructions } : {},
            ),
          );
        } catch (error) {
          if (error instanceof MoltApiError && error.code === 'nothing_to_compact') {
            return { ok: true, compacted: false, reason: error.message };
          }
          throw error;
        }
      } else {
        // OpenClaw's preflight measures its own transcript, which molt has already compacted: when
        // molt keeps the session under its force threshold there is nothing to do (a benign skip).
        if (params.runtimeContext?.forceReason === 'preflight_required') {
          const view = await call('compact', 'OpenClaw keeps the context as it is', () =>
            fast.getSession(sessionId),
          );
          if (view.ratio < view.thresholds.force) {
            return {
              ok: true,
              compacted: false,
              reason: `already under target: molt assembles ${before.tokens} tokens (${Math.round(view.ratio * 100)}% of the window)`,
            };
          }
        }
        const current = params.currentTokenCount ?? params.runtimeContext?.currentTokenCount;
        const budget = windowOf(params);
        const recovery = await call('compact', 'OpenClaw handles the overflow itself', () =>
          slow.reportOverflow(sessionId, {
            attemptId: `${attemptPrefix}:${sessionId}`,
            error: `context_length_exceeded: the prompt${current ? ` (about ${current} tokens)` : ''} does not fit the model's context${budget ? ` budget of ${budget} tokens` : ''}`,
          }),
        );
        if (recovery.action !== 'retry') {
          return {
            ok: false,
            compacted: false,
            reason: `molt overflow recovery: ${recovery.action} (${recovery.step})${recovery.message ? `: ${recovery.message}` : ''}`,
          };
        }
      }
      const after = await call('compact', 'OpenClaw keeps the context as it is', () =>
        contextSize(sessionId),
      );
      // Only a smaller context is progress: OpenClaw retries the prompt on `compacted: true`.
      if (after.tokens >= before.tokens) return { ok: true, compacted: false, reason: 'molt freed nothing' };
      return {
        ok: true,
        compacted: true,
        result: {
          ...(after.summary ? { summary: after.summary.text } : {}),
          tokensBefore: before.tokens,
          tokensAfter: after.tokens,
          details: { boundarySeq: after.boundarySeq, compactionId: after.summary?.compactionId },
        },
      };
    },

    async dispose() {
      trace('dispose');
    },
  };
}

export type MoltEngine = ReturnType<typeof createMoltEngine>;
