/**
 * Key-file restore settings (seed L3, "Key File Restore"): the one home of the defaults. A session
 * sets them in its `settings.keyFileRestore` (api/settings.ts takes this schema); missing fields
 * take these defaults, and the feature is on unless `enabled: false`.
 */
import { z } from 'zod';

export const DEFAULT_KEY_FILE_RESTORE = {
  enabled: true,
  /** At most this many files are restored (the seed: "up to 5 files"). */
  maxFiles: 5,
  /** Each file's block is cut to at most this many tokens (the seed: "limit each to 1,000 tokens"). */
  maxTokensPerFile: 1_000,
  /** All restored files together, header included. */
  maxTotalTokens: 5_000,
} as const;

/**
 * The restore never takes more than this share of the window it is assembled into, whatever the
 * settings say: a small window keeps room for the conversation.
 */
export const KEY_FILE_RESTORE_MAX_WINDOW_SHARE = 0.1;

/** What a turn may send (every field optional); the bounds are the engine's. */
export const keyFileRestoreConfigSchema = z.strictObject({
  enabled: z.boolean().optional(),
  maxFiles: z.number().int().min(0).max(20).optional(),
  maxTokensPerFile: z.number().int().min(50).max(20_000).optional(),
  maxTotalTokens: z.number().int().min(50).max(100_000).optional(),
});
export type KeyFileRestoreConfig = z.infer<typeof keyFileRestoreConfigSchema>;

export interface KeyFileRestoreSettings {
  enabled: boolean;
  maxFiles: number;
  maxTokensPerFile: number;
  maxTotalTokens: number;
}

/** The effective settings: the session's config over the defaults (an unreadable value is ignored). */
export function resolveKeyFileRestoreSettings(config?: unknown): KeyFileRestoreSettings {
  const parsed = keyFileRestoreConfigSchema.safeParse(config ?? {});
  const given = parsed.success ? parsed.data : {};
  return {
    enabled: given.enabled ?? DEFAULT_KEY_FILE_RESTORE.enabled,
    maxFiles: given.maxFiles ?? DEFAULT_KEY_FILE_RESTORE.maxFiles,
    maxTokensPerFile: given.maxTokensPerFile ?? DEFAULT_KEY_FILE_RESTORE.maxTokensPerFile,
    maxTotalTokens: given.maxTotalTokens ?? DEFAULT_KEY_FILE_RESTORE.maxTotalTokens,
  };
}
