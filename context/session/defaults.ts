/**
 * The defaults a session's decisions fall back to when its settings name nothing — resolved once,
 * outside workflow code, and carried in the run's input and state (docs/architecture.md#defaults-that-cannot-change-a-replay).
 *
 * A default read inside the workflow would change a replay: a release moving 70% to 80% would
 * make every replayed session decide at 80% what its original run decided at 70%, and Temporal's
 * replay check (kinds and order of commands only) would not notice. So the API resolves today's
 * defaults (`sessionDefaults()`) when it starts a run, the run keeps them in its state across
 * continue-as-new, and a run whose input carries none — every run started before this existed —
 * decides with the values of its era, written down once below and never changed.
 */
import { DEFAULT_BREAKER_COOLDOWN_MS, DEFAULT_MAX_CONSECUTIVE_FAILURES } from '../breaker.js';
import {
  DEFAULT_FORCE_RATIO,
  DEFAULT_KEEP_RECENT_TOKENS_CAP,
  DEFAULT_KEEP_RECENT_WINDOW_SHARE,
  DEFAULT_UPLOAD_RATIO,
} from './settings.js';

export interface SessionDefaults {
  /** The upload threshold (a share of the window) when the settings name none. */
  uploadRatio: number;
  /** The force threshold when the settings name none. */
  forceRatio: number;
  /** The kept tail when the settings name none: min(cap, share × the window) (derived.ts). */
  keepRecentTokensCap: number;
  keepRecentWindowShare: number;
  /** Consecutive failed compactions that open the breaker when the settings name none. */
  maxConsecutiveFailures: number;
  /**
   * The open breaker's cool-down when the settings name none, in sessions that fall back to the
   * offline digest (breaker.ts effectiveBreakerSettings; other sessions have none unless set).
   */
  breakerCooldownMs: number;
}

/** Today's defaults, for the API to put in a new run's input (never called by workflow code). */
export function sessionDefaults(): SessionDefaults {
  return {
    uploadRatio: DEFAULT_UPLOAD_RATIO,
    forceRatio: DEFAULT_FORCE_RATIO,
    keepRecentTokensCap: DEFAULT_KEEP_RECENT_TOKENS_CAP,
    keepRecentWindowShare: DEFAULT_KEEP_RECENT_WINDOW_SHARE,
    maxConsecutiveFailures: DEFAULT_MAX_CONSECUTIVE_FAILURES,
    breakerCooldownMs: DEFAULT_BREAKER_COOLDOWN_MS,
  };
}

/**
 * The defaults of every run whose input carries none: runs started before the defaults were
 * carried (issue 29), their continue-as-new successors and their recorded histories. These are
 * the values of that era; they never change, whatever today's defaults become.
 */
export const PRE_CARRIED_SESSION_DEFAULTS: Readonly<SessionDefaults> = Object.freeze({
  uploadRatio: 0.5,
  forceRatio: 0.7,
  keepRecentTokensCap: 20_000,
  keepRecentWindowShare: 0.2,
  maxConsecutiveFailures: 3,
  // The cool-down of the `breaker-offline-fallback` patch (issue 32), released before the
  // defaults were carried: its runs half-open after 5 minutes.
  breakerCooldownMs: 5 * 60_000,
});

/** The idle time before a memory extraction of a run whose input names none (30 minutes then). */
export const PRE_CARRIED_MEMORY_IDLE_MS = 30 * 60 * 1000;

/** The defaults a state decides with: its own, or its era's. */
export function defaultsOf(state: { defaults?: SessionDefaults | undefined }): SessionDefaults {
  return state.defaults ?? PRE_CARRIED_SESSION_DEFAULTS;
}
