/**
 * Key-file restore for `GET /context` (context/restore/): after a compaction, the latest content
 * molt saw of the session's key files goes right after the continuation message. The session's
 * `settings.keyFileRestore` tunes it; the response's `restored` says what was restored.
 */
import { z } from 'zod';
import type { Message } from '../../context/messages.js';
import {
  type KeyFileRestore,
  planKeyFileRestore,
  resolveKeyFileRestoreSettings,
} from '../../context/restore/index.js';
import type { TokenCounter } from '../../context/tokens/index.js';
import type { Database } from '../../db/client.js';
import { readCompactedFileOperations } from '../../db/key-file-reads.js';

export const restoredSchema = z.object({
  /** The restored files in the order they appear: modified first, then read; each newest first. */
  files: z.array(
    z.object({
      path: z.string(),
      /** The seq of the read, edit or write result the content is from. */
      seq: z.number(),
      operation: z.enum(['read', 'edit', 'write']),
      tokens: z.number(),
      chars: z.number(),
      shownChars: z.number(),
    }),
  ),
  /** Tokens of the restore message (counted in estimatedTokens). */
  tokens: z.number(),
  /** Key files not restored because they were read or changed again after the boundary. */
  skippedLive: z.array(z.string()),
});

const NONE: KeyFileRestore = { message: null, files: [], tokens: 0, skippedLive: [] };

export interface KeyFileRestoreInput {
  tenantId: string;
  sessionId: string;
  /** The summary in force; no summary, no restore. */
  summary: { compactionId: string } | null;
  boundarySeq: number;
  /** The session's stored settings (`keyFileRestore`). */
  config: unknown;
}

/** Reads the compacted range's file operations (nothing when restore cannot apply). */
export async function readRestoreRange(db: Database, input: KeyFileRestoreInput) {
  const settings = resolveKeyFileRestoreSettings(input.config);
  if (!settings.enabled || !input.summary || input.boundarySeq <= 0) return null;
  const compacted = await readCompactedFileOperations(db, input.tenantId, input.sessionId, {
    compactionId: input.summary.compactionId,
    boundarySeq: input.boundarySeq,
  });
  return { settings, compacted };
}

/** The restore for this context call, or none. */
export function keyFileRestoreOf(
  range: Awaited<ReturnType<typeof readRestoreRange>>,
  live: readonly Message[],
  windowTokens: number,
  counter: TokenCounter,
): KeyFileRestore {
  if (!range) return NONE;
  return planKeyFileRestore({ ...range, live, windowTokens, counter });
}

export function restoredView(restore: KeyFileRestore): z.infer<typeof restoredSchema> {
  return { files: restore.files, tokens: restore.tokens, skippedLive: restore.skippedLive };
}
