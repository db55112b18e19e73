import type { SessionRow } from '../db/schema.js';
import type { SessionView } from '../workflows/definitions.js';

const VIEW_KEYS: Array<keyof SessionView> = [
  'sessionId',
  'contextWindowTokens',
  'liveTokens',
  'ratio',
  'thresholds',
  'lastSeq',
  'boundarySeq',
  'summary',
  'upload',
  'breaker',
  'compactions',
  'workflowId',
];

/** The view persisted by the session workflow, or the starting view before its first write. */
export function sessionViewOf(row: SessionRow): SessionView {
  if (row.view) {
    // jsonb does not keep key order; answer in the documented order.
    const stored = row.view as SessionView;
    const ordered = {} as Record<string, unknown>;
    for (const key of VIEW_KEYS) ordered[key] = stored[key];
    return Object.assign(ordered, stored) as SessionView;
  }
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
