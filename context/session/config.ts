/** The window and the settings change after creation: the thresholds are evaluated again at once. */

import { defaultsOf } from './defaults.js';
import { resolveSessionSettings, type SessionSettingsInput } from './settings.js';
import type { SessionState, Transition } from './state.js';
import { evaluateThresholds } from './thresholds.js';

/**
 * Overflow recovery (docs/engine-rules.md#the-window): an overflow error revealed the provider's real window. The session only ever learns a smaller
 * window (a larger configured one is the operator's call, via updateSessionConfig); the thresholds
 * are ratios, so they follow, and they are evaluated at once.
 */
export function applyObservedWindow(state: SessionState, windowTokens: number, now?: number): Transition {
  if (!Number.isFinite(windowTokens) || windowTokens <= 0 || windowTokens >= state.contextWindowTokens) {
    return { state, commands: [] };
  }
  return evaluateThresholds({ ...state, contextWindowTokens: Math.floor(windowTokens) }, now);
}

/** A turn post changed the window or the settings (docs/api.md#per-session-settings: taken on the first turn, changeable later). */
export function updateSessionConfig(
  state: SessionState,
  input: { contextWindowTokens?: number; settings?: SessionSettingsInput },
  now?: number,
): Transition {
  const window = input.contextWindowTokens;
  if (window !== undefined && (!Number.isFinite(window) || window <= 0)) {
    throw new RangeError(`contextWindowTokens must be a positive number, got ${window}`);
  }
  return evaluateThresholds(
    {
      ...state,
      contextWindowTokens: window === undefined ? state.contextWindowTokens : Math.floor(window),
      settings: settingsAfterPost(state, input.settings),
    },
    now,
  );
}

/**
 * The session's settings after a turn post named some (the rest, and the breaker's other fields,
 * kept), resolved against the run's carried defaults; unchanged when the post named none.
 */
export function settingsAfterPost(
  state: SessionState,
  posted: SessionSettingsInput | undefined,
): SessionState['settings'] {
  if (!posted) return state.settings;
  return resolveSessionSettings(
    { ...state.settings, ...posted, breaker: { ...state.settings.breaker, ...posted.breaker } },
    defaultsOf(state),
  );
}
