/**
 * What a stored turn tells the agent about what its model cannot see (docs/api.md#turn-warnings):
 * a window molt had to assume because no turn named one, and a message larger than the window.
 * The turn is stored either way; the warnings ride in the 202 answer. With
 * MOLT_REQUIRE_CONTEXT_WINDOW a turn without `contextWindowTokens` is refused instead.
 */
import { ApiError } from '../plugins/errors.js';
import type { TurnWarning } from '../schemas/sessions.js';

export type { TurnWarning };

export interface TurnWarningInput {
  /** `contextWindowTokens` as this turn named it, if it did. */
  requestedWindow: number | undefined;
  /** The session's window after the turn (the requested one, the session's, or molt's default). */
  sessionWindow: number;
  /** MOLT_DEFAULT_CONTEXT_WINDOW. */
  defaultWindow: number;
  /** Each message's role and tokens, in the turn's order. */
  messages: readonly { role: string; tokens: number }[];
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
