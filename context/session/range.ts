/** Marking a range as the running upload, and rule 4's forced clean-up of it (internal to session/). */

import type { Cut } from './cut.js';
import { compactionIdFor } from './ids.js';
import type {
  CompactionTrigger,
  SessionState,
  StartCompactionCommand,
  Transition,
  UploadState,
} from './state.js';

/** Marks the range chosen by the cut as the running upload and builds the command that starts it. */
export function markRange(
  state: SessionState,
  trigger: CompactionTrigger,
  cut: Cut,
  options: { offline?: boolean } = {},
): { state: SessionState; command: StartCompactionCommand } {
  const attempt = state.attemptCounter + 1;
  const compactionId = compactionIdFor(state.tenantId, state.sessionId, cut.fromSeq, cut.toSeq, attempt);
  const upload: UploadState = {
    compactionId,
    attempt,
    trigger,
    fromSeq: cut.fromSeq,
    toSeq: cut.toSeq,
    tokens: cut.tokens,
    status: 'running',
    forced: false,
    cleanedUp: false,
    previousBoundarySeq: state.boundarySeq,
    cleaned: [],
    ...(options.offline ? { offline: true as const } : {}),
  };
  const command = startCommand(state, upload, {
    previousCompactionId: state.summary?.compactionId ?? null,
    replacesTokens: cut.tokens + (state.summary?.tokens ?? 0),
  });
  return { state: { ...state, upload, attemptCounter: attempt }, command };
}

export function startCommand(
  state: SessionState,
  upload: UploadState,
  folded: { previousCompactionId: string | null; replacesTokens: number },
): StartCompactionCommand {
  return {
    type: 'startCompaction',
    compactionId: upload.compactionId,
    sessionId: state.sessionId,
    attempt: upload.attempt,
    trigger: upload.trigger,
    fromSeq: upload.fromSeq,
    toSeq: upload.toSeq,
    tokens: upload.tokens,
    ...folded,
    contextWindowTokens: state.contextWindowTokens,
    ...(upload.offline ? { offline: true as const } : {}),
  };
}

/** Rule 4: the boundary moves past the running compaction's range before its summary exists. */
export function forceCleanup(state: SessionState, upload: UploadState): Transition {
  const cleaned = state.live.filter((meta) => meta.seq <= upload.toSeq);
  const live = state.live.filter((meta) => meta.seq > upload.toSeq);
  return {
    state: {
      ...state,
      boundarySeq: upload.toSeq,
      live,
      upload: { ...upload, forced: true, cleanedUp: true, cleaned },
    },
    commands: [
      {
        type: 'cleanup',
        compactionId: upload.compactionId,
        fromSeq: upload.fromSeq,
        toSeq: upload.toSeq,
        boundarySeq: upload.toSeq,
        forced: true,
        summaryAttached: false,
      },
    ],
  };
}
