/**
 * The session's window in one place (docs/engine-rules.md, "The window"). Two sources set it and
 * are kept apart:
 *
 *   configured — what the agent posts with its turns (stored on the session row; the turn route
 *                sends it with every turn, and the OpenClaw plugin posts it on every turn);
 *   learned    — what an overflow error revealed (the provider's stated window, or the prompt
 *                size it refused), only ever smaller than the window in force.
 *
 * The thresholds use the effective window, the smaller of the two, so a turn that posts the same
 * configured window again does not undo what an overflow taught. A different configured window
 * (the agent switched models) replaces the configured one and forgets the learned one: that
 * lesson was about the previous model.
 */

import { settingsAfterPost } from './config.js';
import type { SessionSettingsInput } from './settings.js';
import type { SessionState, SessionWindow, Transition } from './state.js';
import { evaluateThresholds } from './thresholds.js';

/** The configured window (states from before the split carry only the one window in force). */
export function configuredWindowOf(state: SessionState): number {
  return state.window?.configured ?? state.contextWindowTokens;
}

export function effectiveWindowOf(window: SessionWindow): number {
  return window.learned === undefined ? window.configured : Math.min(window.configured, window.learned);
}

function positiveWindow(window: number): number {
  if (!Number.isFinite(window) || window <= 0) {
    throw new RangeError(`contextWindowTokens must be a positive number, got ${window}`);
  }
  return Math.floor(window);
}

/**
 * A turn posted the configured window and/or settings. Null when it changes nothing: the same
 * configured window and no settings.
 */
export function applyPostedConfig(
  state: SessionState,
  input: { contextWindowTokens?: number; settings?: SessionSettingsInput },
  now?: number,
): Transition | null {
  const configured = configuredWindowOf(state);
  const posted =
    input.contextWindowTokens === undefined ? undefined : positiveWindow(input.contextWindowTokens);
  const windowChanged = posted !== undefined && posted !== configured;
  if (!windowChanged && !input.settings) return null;
  const window: SessionWindow = windowChanged
    ? { configured: posted }
    : { ...(state.window ?? { configured }) };
  return evaluateThresholds(
    {
      ...state,
      window,
      contextWindowTokens: effectiveWindowOf(window),
      settings: settingsAfterPost(state, input.settings),
    },
    now,
  );
}

/**
 * An overflow error revealed a smaller window (context/recovery.ts learnedContextWindow). A window
 * not below the one in force teaches nothing; the thresholds are ratios, so they follow at once.
 */
export function applyLearnedWindow(state: SessionState, windowTokens: number, now?: number): Transition {
  if (!Number.isFinite(windowTokens) || windowTokens <= 0 || windowTokens >= state.contextWindowTokens) {
    return { state, commands: [] };
  }
  const window: SessionWindow = { configured: configuredWindowOf(state), learned: Math.floor(windowTokens) };
  return evaluateThresholds({ ...state, window, contextWindowTokens: effectiveWindowOf(window) }, now);
}
