/**
 * The API's zod schema of the session's engine settings, on the engine's own bounds
 * (context/session/settings.ts, context/breaker.ts). Apart from the engine so the workflow bundle,
 * which imports the engine, does not load zod into every workflow instance (issue 24).
 */
import { z } from 'zod';
import { DEFAULT_MAX_CONSECUTIVE_FAILURES, MAX_CONSECUTIVE_FAILURES_RANGE } from '../breaker.js';
import { DEFAULT_FORCE_RATIO, DEFAULT_UPLOAD_RATIO } from './settings.js';

export const breakerSettingsSchema = z.object({
  maxConsecutiveFailures: z
    .number()
    .int()
    .min(MAX_CONSECUTIVE_FAILURES_RANGE.min)
    .max(MAX_CONSECUTIVE_FAILURES_RANGE.max)
    .default(DEFAULT_MAX_CONSECUTIVE_FAILURES),
  /** null: stay open until reset. A number: after this long open, allow one trial attempt. */
  cooldownMs: z.number().int().min(0).nullable().default(null),
});

export const sessionSettingsSchema = z.object({
  uploadRatio: z.number().gt(0).max(1).default(DEFAULT_UPLOAD_RATIO),
  forceRatio: z.number().gt(0).max(1).default(DEFAULT_FORCE_RATIO),
  /** null: min(20 000, 20% of the window), following the window when it changes. */
  keepRecentTokens: z.number().int().min(0).nullable().default(null),
  breaker: breakerSettingsSchema.default({
    maxConsecutiveFailures: DEFAULT_MAX_CONSECUTIVE_FAILURES,
    cooldownMs: null,
  }),
});
