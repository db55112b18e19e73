import { createSessionState, sessionView } from '../context/session/index.js';
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
  'calibration',
  'workflowId',
];

/** The session view plus what the API itself knows: the whole transcript's size and the scope. */
export type ApiSessionView = SessionView & {
  transcript: { messages: number; tokens: number };
  userId: string | null;
  agentId: string | null;
};

/** The view persisted by the session workflow (or the starting view before its first write). */
export function sessionViewOf(row: SessionRow): ApiSessionView {
  return {
    ...workflowViewOf(row),
    transcript: { messages: row.lastSeq, tokens: row.transcriptTokens },
    userId: row.userId,
    agentId: row.agentId,
  };
}

function workflowViewOf(row: SessionRow): SessionView {
  if (row.view) {
    // jsonb does not keep key order; answer in the documented order.
    const stored = row.view as SessionView;
    const ordered = {} as Record<string, unknown>;
    for (const key of VIEW_KEYS) ordered[key] = stored[key];
    // Views written before calibration existed: their liveTokens are the estimate alone.
    ordered.calibration = stored.calibration ?? null;
    return Object.assign(ordered, stored) as SessionView;
  }
  const initial = sessionView(
    createSessionState({ sessionId: row.id, contextWindowTokens: row.contextWindowTokens }),
  );
  return { ...initial, workflowId: row.workflowId };
}
