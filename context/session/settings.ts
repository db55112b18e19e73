/** The session's settings: the dual threshold, the kept tail and the breaker's (docs/engine-rules.md#thresholds, #circuit-breaker). */

import { type BreakerSettings, MAX_CONSECUTIVE_FAILURES_RANGE } from '../breaker.js';
import type { SessionDefaults } from './defaults.js';

// Today's defaults. The workflow never reads them: the API resolves them into a run's input
// (defaults.ts, sessionDefaults), so changing one changes new runs only, never a replay.
export const DEFAULT_UPLOAD_RATIO = 0.5;
export const DEFAULT_FORCE_RATIO = 0.7;
/** keepRecentTokens defaults to min(20 000, 20% of the window) (docs/engine-rules.md#thresholds). */
export const DEFAULT_KEEP_RECENT_TOKENS_CAP = 20_000;
export const DEFAULT_KEEP_RECENT_WINDOW_SHARE = 0.2;
/**
 * A threshold compaction needs a range of at least this share of the window. A capped summary is up
 * to 16 000 chars (≈ 4 000 tokens, 2% of a 200K window): a smaller range cannot shrink, and failing
 * on purpose would only feed the breaker.
 */
export const MIN_RANGE_WINDOW_SHARE = 0.02;
/**
 * An offline compaction (the breaker open) needs a range of at least this share of the window: the
 * digest's summary budget is up to 10% of a small window (context/working-memory/budget.ts), and a
 * digest that cannot shrink its range is not tried again on the same state.
 */
export const MIN_OFFLINE_RANGE_WINDOW_SHARE = 0.1;
/**
 * The cut prefers a user-turn boundary, but not one that compacts less than this share of what the
 * ideal cut would; then it splits the turn at a safe assistant boundary instead (OpenClaw's split turn).
 */
export const MIN_TURN_BOUNDARY_SHARE = 0.5;

/**
 * The settings the session decides with. Plain types and checks, no zod: the workflow bundle
 * imports this module and every workflow instance evaluates its imports anew, so zod here cost
 * each cached session workflow its own copy of zod (issue 24, bench/scale-heap.ts). The API's zod
 * schema of the same bounds is context/session/settings-schema.ts.
 */
export interface SessionSettings {
  /** In (0, 1]. */
  uploadRatio: number;
  /** In (0, 1]; raised to uploadRatio when below it. */
  forceRatio: number;
  /** Integer ≥ 0; null: min(20 000, 20% of the window), following the window when it changes. */
  keepRecentTokens: number | null;
  breaker: BreakerSettings;
}
export interface SessionSettingsInput {
  uploadRatio?: number | undefined;
  forceRatio?: number | undefined;
  keepRecentTokens?: number | null | undefined;
  breaker?: Partial<BreakerSettings> | undefined;
}

class SettingsError extends RangeError {
  override name = 'SettingsError';
}

function ratio(field: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || !(value > 0) || value > 1)
    throw new SettingsError(`${field}: must be a number in (0, 1]`);
  return value;
}

function integer(field: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
    throw new SettingsError(`${field}: must be an integer in [${min}, ${max}]`);
  return value;
}

/**
 * Checks settings (the error names the failing field) and fills the session's defaults
 * (defaults.ts: the run's own, never read here from today's constants); forceRatio ≥
 * uploadRatio. Keys other than the settings' own are dropped. The result's key order is fixed
 * (it is part of the state carried across continue-as-new and persisted in the view).
 */
export function resolveSessionSettings(
  input: SessionSettingsInput,
  defaults: SessionDefaults,
): SessionSettings {
  const uploadRatio = ratio('uploadRatio', input.uploadRatio, defaults.uploadRatio);
  const forceRatio = ratio('forceRatio', input.forceRatio, defaults.forceRatio);
  const keepRecentTokens =
    input.keepRecentTokens === undefined || input.keepRecentTokens === null
      ? null
      : integer('keepRecentTokens', input.keepRecentTokens, 0);
  const breaker = input.breaker ?? {};
  const { min, max } = MAX_CONSECUTIVE_FAILURES_RANGE;
  return {
    uploadRatio,
    forceRatio: Math.max(forceRatio, uploadRatio),
    keepRecentTokens,
    breaker: {
      maxConsecutiveFailures:
        breaker.maxConsecutiveFailures === undefined
          ? defaults.maxConsecutiveFailures
          : integer('breaker.maxConsecutiveFailures', breaker.maxConsecutiveFailures, min, max),
      cooldownMs:
        breaker.cooldownMs === undefined || breaker.cooldownMs === null
          ? null
          : integer('breaker.cooldownMs', breaker.cooldownMs, 0),
    },
  };
}
