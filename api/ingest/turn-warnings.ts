/**
 * What a stored turn tells the agent about what its model cannot see (docs/api.md#turn-warnings):
 * a window molt had to assume because no turn named one, a message larger than the window, a
 * session whose compactions run offline because the breaker is open, and a live context near or
 * over the window.
 * The turn is stored either way; the warnings ride in the 202 answer. With
 * MOLT_REQUIRE_CONTEXT_WINDOW a turn without `contextWindowTokens` is refused instead.
 */
import { ApiError } from '../plugins/errors.js';
import type { TurnWarning } from '../schemas/sessions.js';

export type { TurnWarning };

/** `context_near_window` from this share of the window (the force threshold is 70% by default). */
export const NEAR_WINDOW_RATIO = 0.9;

export interface TurnWarningInput {
  /** `contextWindowTokens` as this turn named it, if it did. */
  requestedWindow: number | undefined;
  /** The session's window after the turn (the requested one, the session's, or molt's default). */
  sessionWindow: number;
  /** MOLT_DEFAULT_CONTEXT_WINDOW. */
  defaultWindow: number;
  /** Each message's role and tokens, in the turn's order. */
  messages: readonly { role: string; tokens: number }[];
  /**
   * The session as its workflow last recorded it: the live tokens (`counted` when they already
   * include this turn's messages) and the breaker.
   */
  session?: {
    liveTokens: number;
    counted: boolean;
    breaker: { state: 'closed' | 'open'; halfOpen: boolean; lastError: string | null };
  };
}

export function turnWarnings(input: TurnWarningInput): TurnWarning[] {
  const { requestedWindow, sessionWindow, defaultWindow, messages } = input;
  const warnings: TurnWarning[] = [];
  if (requestedWindow === undefined && sessionWindow === defaultWindow) {
    warnings.push({
      code: 'context_window_defaulted',
      message:
        `no contextWindowTokens: the session is measured against molt's default window of ${defaultWindow} tokens ` +
        "(MOLT_DEFAULT_CONTEXT_WINDOW), so its 50% and 70% thresholds may not match your model's; send your " +
        "model's window in contextWindowTokens",
      contextWindowTokens: sessionWindow,
    });
  }
  for (const [index, { role, tokens: size }] of messages.entries()) {
    if (size <= sessionWindow) continue;
    warnings.push({
      code: 'message_exceeds_window',
      message:
        `messages.${index} is about ${size} tokens, more than the whole context window (${sessionWindow}): ` +
        (role === 'toolResult'
          ? 'the model sees it only as GET /context truncates it'
          : 'the model cannot take it whole and molt truncates only tool results; split or shorten it'),
      contextWindowTokens: sessionWindow,
      messageIndex: index,
      tokens: size,
    });
  }
  const session = input.session;
  if (session?.breaker.state === 'open') {
    warnings.push({
      code: 'breaker_open',
      message: session.breaker.halfOpen
        ? 'the compaction breaker is half-open: one compaction is trying the summarizer again; meanwhile summaries come from the offline digest'
        : 'the compaction breaker is open (the summarizer failed repeatedly): compactions use the offline digest, and the summarizer is tried again after the cool-down',
      contextWindowTokens: sessionWindow,
      reason: session.breaker.lastError,
    });
  }
  // A message over the whole window already says the context cannot fit.
  if (session && !warnings.some((w) => w.code === 'message_exceeds_window')) {
    const turnTokens = session.counted ? 0 : messages.reduce((sum, m) => sum + m.tokens, 0);
    const live = session.liveTokens + turnTokens;
    if (live > sessionWindow) {
      warnings.push({
        code: 'context_over_window',
        message:
          `the live context is about ${live} tokens, over the ${sessionWindow}-token window: ` +
          'GET /context prunes and truncates it to fit, and molt compacts as soon as it can',
        contextWindowTokens: sessionWindow,
        tokens: live,
      });
    } else if (live >= sessionWindow * NEAR_WINDOW_RATIO) {
      warnings.push({
        code: 'context_near_window',
        message: `the live context is about ${live} tokens, ${Math.round((live / sessionWindow) * 100)}% of the ${sessionWindow}-token window`,
        contextWindowTokens: sessionWindow,
        tokens: live,
      });
    }
  }
  return warnings;
}

/**
 * What `GET /context` says about what it assembled (docs/api.md#turn-warnings): the breaker open,
 * and an assembled context near the window or fitted to it by leaving out the oldest turns.
 */
export function contextWarnings(input: {
  window: number;
  estimatedTokens: number;
  fitted: { droppedMessages: number; overWindow: boolean };
  breaker: { state: 'closed' | 'open'; halfOpen: boolean; lastError: string | null };
}): TurnWarning[] {
  const { window, estimatedTokens, fitted } = input;
  const warnings = turnWarnings({
    requestedWindow: window,
    sessionWindow: window,
    defaultWindow: Number.NaN,
    messages: [],
    session: { liveTokens: 0, counted: true, breaker: input.breaker },
  });
  if (fitted.droppedMessages > 0 || fitted.overWindow) {
    warnings.push({
      code: 'context_over_window',
      message: fitted.overWindow
        ? `even the newest user turn is about ${estimatedTokens} tokens, over the ${window}-token window; shorten it`
        : `the live context was over the ${window}-token window: its ${fitted.droppedMessages} oldest messages were left out of this context (they stay stored and are compacted as usual)`,
      contextWindowTokens: window,
      tokens: estimatedTokens,
    });
  } else if (estimatedTokens >= window * NEAR_WINDOW_RATIO) {
    warnings.push({
      code: 'context_near_window',
      message: `the assembled context is about ${estimatedTokens} tokens, ${Math.round((estimatedTokens / window) * 100)}% of the ${window}-token window`,
      contextWindowTokens: window,
      tokens: estimatedTokens,
    });
  }
  return warnings;
}

/** 400 when the deployment requires every turn to name its window (MOLT_REQUIRE_CONTEXT_WINDOW). */
export function requireContextWindow(
  required: boolean | undefined,
  requestedWindow: number | undefined,
): void {
  if (!required || requestedWindow !== undefined) return;
  const path = 'body.contextWindowTokens';
  const text =
    "required on this server (MOLT_REQUIRE_CONTEXT_WINDOW): send your model's context window in tokens";
  throw new ApiError(400, 'invalid_request', `${path}: ${text}`, [{ path, message: text }]);
}
