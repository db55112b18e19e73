/** Per-session settings a turn may carry (docs/api.md#routes): taken on the first turn, changeable later. */
import { z } from 'zod';
import { pruningConfigSchema } from '../../context/pruning/settings.js';
import { keyFileRestoreConfigSchema } from '../../context/restore/settings.js';
import { breakerSettingsSchema, sessionSettingsSchema } from '../../context/session/settings-schema.js';
import { MIN_SUMMARY_MAX_TOKENS } from '../../context/working-memory/budget.js';

// The bounds are the engine's (context/session/settings-schema.ts, on context/session/settings.ts's
// and context/breaker.ts's constants): one definition.
const engine = sessionSettingsSchema.shape;
const breaker = breakerSettingsSchema.shape;

export const sessionSettingsBodySchema = z.strictObject({
  uploadRatio: engine.uploadRatio.unwrap().optional(),
  forceRatio: engine.forceRatio.unwrap().optional(),
  /** null: the default, min(20 000, 20% of the window). */
  keepRecentTokens: engine.keepRecentTokens.unwrap().optional(),
  breaker: z
    .strictObject({
      maxConsecutiveFailures: breaker.maxConsecutiveFailures.unwrap().optional(),
      cooldownMs: breaker.cooldownMs.unwrap().optional(),
    })
    .optional(),
  pruning: pruningConfigSchema.optional(),
  /** Keep only the last N user turns in the assembled context (docs/engine-rules.md#history-limit). */
  historyLimit: z.number().int().min(0).optional(),
  /** The agent's AGENTS.md: its "Session Startup" and "Red Lines" go into every summary (docs/engine-rules.md#the-summary). */
  agentsMd: z.string().max(200_000).optional(),
  /** Token budget of the summary in force (docs/working-memory.md); default 3% of the window in [1 000, 6 000]. */
  summaryMaxTokens: z.number().int().min(MIN_SUMMARY_MAX_TOKENS).max(200_000).optional(),
  /** Key files restored after a compaction (context/restore/settings.ts: on, 5 files, 1,000 tokens each). */
  keyFileRestore: keyFileRestoreConfigSchema.optional(),
});
export type SessionSettingsBody = z.infer<typeof sessionSettingsBodySchema>;

/** The part of the settings the session workflow decides with (thresholds and breaker). */
export function workflowSettingsOf(settings: SessionSettingsBody | undefined) {
  if (!settings) return undefined;
  const { uploadRatio, forceRatio, keepRecentTokens, breaker } = settings;
  const picked = {
    ...(uploadRatio !== undefined ? { uploadRatio } : {}),
    ...(forceRatio !== undefined ? { forceRatio } : {}),
    ...(keepRecentTokens !== undefined ? { keepRecentTokens } : {}),
    ...(breaker ? { breaker } : {}),
  };
  return Object.keys(picked).length > 0 ? picked : undefined;
}
