/**
 * The engine's `compact`: a manual compaction (`/compact`, `openclaw sessions compact`), an
 * overflow's recovery, or OpenClaw's preflight — in molt. When molt cannot be reached OpenClaw's
 * own transcript still has to fit, so an overflow goes to OpenClaw's built-in compaction
 * (`delegateCompactionToRuntime`, the path its legacy engine uses); a preflight is a benign skip,
 * since `assemble` fits the context to the budget itself while molt is away.
 */
import { MoltApiError, type MoltClient } from '../../../client/index.js';
import { errorText } from '../../../context/error-text.js';
import type { Logger } from './engine.js';

export interface CompactParams {
  sessionId: string;
  sessionKey?: string;
  tokenBudget?: number;
  force?: boolean;
  currentTokenCount?: number;
  compactionTarget?: 'budget' | 'threshold';
  customInstructions?: string;
  runtimeSettings?: { limits?: { promptTokenBudget?: number | null } };
  runtimeContext?: { tokenBudget?: number; currentTokenCount?: number; forceReason?: string };
}

export interface CompactDeps {
  fast: MoltClient;
  slow: MoltClient;
  logger: Logger;
  /** Runs a call to molt, logging a failure with what happens instead (engine.ts). */
  call<T>(method: string, fallback: string, run: () => Promise<T>): Promise<T>;
  /** The molt session id of an OpenClaw session id. */
  moltSessionId(sessionId: string): string;
  windowOf(params: CompactParams): number | undefined;
  attemptPrefix: string;
  /** OpenClaw's own compaction; a test may replace it. */
  delegate?: (params: CompactParams) => Promise<unknown>;
}

/** No answer from molt (down, timed out, refusing connections, 5xx, or skipped while down). */
export function unreachable(error: unknown): boolean {
  if (error instanceof MoltApiError) return error.status === 0 || error.status >= 500;
  return error instanceof Error && error.message.includes('molt did not answer a moment ago');
}

/** OpenClaw's built-in compaction, from the host's plugin SDK (resolved by OpenClaw's loader). */
async function runtimeCompaction(params: CompactParams): Promise<unknown> {
  const sdk = 'openclaw/plugin-sdk/core';
  const { delegateCompactionToRuntime } = (await import(/* @vite-ignore */ sdk)) as {
    delegateCompactionToRuntime(params: CompactParams): Promise<unknown>;
  };
  return delegateCompactionToRuntime(params);
}

export async function compactSession(deps: CompactDeps, params: CompactParams): Promise<unknown> {
  try {
    return await compactInMolt(deps, params);
  } catch (error) {
    if (!unreachable(error)) throw error;
    // OpenClaw's preflight measures its own whole transcript; while molt is away the plugin's
    // `assemble` fits molt's last summary and the messages after it to the budget (fallback.ts),
    // so there is nothing to compact (OpenClaw's own compaction of a transcript molt had compacted
    // failed its quality checks and ended the turn: test/openclaw/molt-away.test.ts).
    if (params.runtimeContext?.forceReason === 'preflight_required') {
      deps.logger.info('[molt] compact: molt is unreachable, the plugin fits the context to the budget');
      return {
        ok: true,
        compacted: false,
        // OpenClaw takes "already under target" as a benign skip (any other reason fails the turn).
        reason: 'already under target: molt is unreachable, the plugin fits the context to the budget',
      };
    }
    deps.logger.info(`[molt] compact: molt is unreachable, OpenClaw compacts its own transcript`);
    try {
      return await (deps.delegate ?? runtimeCompaction)(params);
    } catch (fallbackError) {
      deps.logger.error(`[molt] compact: OpenClaw's own compaction failed: ${errorText(fallbackError)}`);
      throw error;
    }
  }
}

async function compactInMolt(deps: CompactDeps, params: CompactParams) {
  const { fast, slow, call } = deps;
  const sessionId = deps.moltSessionId(params.sessionId);
  const contextSize = async () => {
    const context = await slow.getContext(sessionId, { format: 'openclaw', recall: 'false' });
    return { tokens: context.estimatedTokens, boundarySeq: context.boundarySeq, summary: context.summary };
  };
  const manual = params.compactionTarget === 'threshold' || params.customInstructions !== undefined;
  if (!manual && !params.force) {
    return { ok: true, compacted: false, reason: 'molt compacts on its own thresholds' };
  }
  const before = await call('compact', 'OpenClaw compacts its own transcript', contextSize).catch(
    (error: unknown) => {
      if (error instanceof MoltApiError && error.status === 404) return null;
      throw error;
    },
  );
  if (!before) return { ok: true, compacted: false, reason: 'molt has no turns of this session yet' };
  if (manual) {
    try {
      await call('compact', 'the session is not compacted', () =>
        slow.compact(sessionId, params.customInstructions ? { instructions: params.customInstructions } : {}),
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
    const budget = deps.windowOf(params);
    const recovery = await call('compact', 'OpenClaw handles the overflow itself', () =>
      slow.reportOverflow(sessionId, {
        attemptId: `${deps.attemptPrefix}:${sessionId}`,
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
  const after = await call('compact', 'OpenClaw keeps the context as it is', contextSize);
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
}
