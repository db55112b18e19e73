/**
 * Key-file restore for `GET /context` (context/restore/): after a compaction, the latest content
 * molt saw of the session's key files goes right after the continuation message. The session's
 * `settings.keyFileRestore` tunes it; the response's `restored` says what was restored.
 */
import type { Message } from '../../context/messages.js';
import {
  type KeyFileRestore,
  planKeyFileRestore,
  resolveKeyFileRestoreSettings,
} from '../../context/restore/index.js';
import type { TokenCounter } from '../../context/tokens/index.js';
import type { Database } from '../../db/client.js';
import { readCompactedFileOperations } from '../../db/key-file-reads.js';
import type { Restored } from '../schemas/context.js';

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

export function restoredView(restore: KeyFileRestore): Restored {
  return { files: restore.files, tokens: restore.tokens, skippedLive: restore.skippedLive };
}
