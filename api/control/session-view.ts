import { createSessionState, sessionDefaults, sessionView } from '../../context/session/index.js';
import type { SessionRow } from '../../db/schema.js';
import type { SessionView } from '../../workflows/contract.js';

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
    // jsonb does not keep key order: the routes' response schemas answer in the documented one.
    const stored = row.view as SessionView;
    // Views written before calibration existed: their liveTokens are the estimate alone.
    return { ...stored, calibration: stored.calibration ?? null };
  }
  const initial = sessionView(
    createSessionState({
      sessionId: row.id,
      contextWindowTokens: row.contextWindowTokens,
      defaults: sessionDefaults(),
    }),
  );
  return { ...initial, workflowId: row.workflowId };
}
