import type { SessionRow } from '../db/schema.js';
import type { SessionView } from '../workflows/definitions.js';

/** The view persisted by the session workflow, or the starting view before its first write. */
export function sessionViewOf(row: SessionRow): SessionView {
  if (row.view) return row.view as SessionView;
  return {
    sessionId: row.id,
    contextWindowTokens: row.contextWindowTokens,
    liveTokens: 0,
    ratio: 0,
    thresholds: { upload: 0.5, force: 0.7 },
    lastSeq: 0,
    boundarySeq: 0,
    summary: null,
    upload: null,
    breaker: { state: 'closed', consecutiveFailures: 0, lastError: null },
    compactions: { total: 0, failed: 0 },
    workflowId: row.workflowId,
  };
}
