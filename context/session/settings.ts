/** The session's settings: the dual threshold, the kept tail and the breaker's (docs/engine-rules.md#thresholds, #circuit-breaker). */

import { z } from 'zod';
import { breakerSettingsSchema, DEFAULT_BREAKER_SETTINGS } from '../breaker.js';

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
 * The cut prefers a user-turn boundary, but not one that compacts less than this share of what the
 * ideal cut would; then it splits the turn at a safe assistant boundary instead (OpenClaw's split turn).
 */
export const MIN_TURN_BOUNDARY_SHARE = 0.5;

export const sessionSettingsSchema = z.object({
  uploadRatio: z.number().gt(0).max(1).default(DEFAULT_UPLOAD_RATIO),
  forceRatio: z.number().gt(0).max(1).default(DEFAULT_FORCE_RATIO),
  /** null: min(20 000, 20% of the window), following the window when it changes. */
  keepRecentTokens: z.number().int().min(0).nullable().default(null),
  breaker: breakerSettingsSchema.default(DEFAULT_BREAKER_SETTINGS),
});
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;
export type SessionSettingsInput = z.input<typeof sessionSettingsSchema>;

/** Validates settings (a ZodError names the failing field) and fills defaults; forceRatio ≥ uploadRatio. */
export function resolveSessionSettings(input: SessionSettingsInput = {}): SessionSettings {
  const settings = sessionSettingsSchema.parse(input);
  return { ...settings, forceRatio: Math.max(settings.forceRatio, settings.uploadRatio) };
}
