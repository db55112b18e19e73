/** Per-session settings a turn may carry (CONTRACT.md §2): taken on the first turn, changeable later. */
import { z } from 'zod';
import { pruningConfigSchema } from '../context/pruning/settings.js';

export const sessionSettingsBodySchema = z.strictObject({
  uploadRatio: z.number().gt(0).max(1).optional(),
  forceRatio: z.number().gt(0).max(1).optional(),
  keepRecentTokens: z.number().int().min(0).optional(),
  breaker: z
    .strictObject({
      maxConsecutiveFailures: z.number().int().min(1).max(100).optional(),
      cooldownMs: z.number().int().min(0).nullable().optional(),
    })
    .optional(),
  pruning: pruningConfigSchema.optional(),
  /** Keep only the last N user turns in the assembled context (§3). */
  historyLimit: z.number().int().min(0).optional(),
  /** The agent's AGENTS.md: its "Session Startup" and "Red Lines" go into every summary (§9). */
  agentsMd: z.string().max(200_000).optional(),
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
