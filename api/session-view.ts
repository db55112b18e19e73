import { createSessionState, sessionView } from '../context/session-state.js';
import type { SessionRow } from '../db/schema.js';
import type { SessionView } from '../workflows/definitions.js';

const VIEW_KEYS: Array<keyof SessionView> = [
  'sessionId',
  'contextWindowTokens',
  'liveTokens',
  'ratio',
  'thresholds',
  'keepRecentTokens',
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
  const initial = sessionView(
    createSessionState({ sessionId: row.id, contextWindowTokens: row.contextWindowTokens }),
  );
  return { ...initial, workflowId: row.workflowId };
}
