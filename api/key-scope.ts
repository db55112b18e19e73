/**
 * What a key may touch inside its tenant (issue 19 item 10). Operator keys: everything of the
 * tenant. Agent keys bound to an agent (`molt keys create --role agent --agent <id>`, the usual
 * deployment: one key per agent): only the sessions of that agent and the memories of their
 * scopes; another agent's session is a 404, as another tenant's is. Agent keys bound to no agent
 * act for every agent of the tenant (one agent a tenant; kept for keys created before binding).
 */
import type { Database } from '../db/client.js';
import type { SessionRow } from '../db/schema.js';
import { getSession } from '../db/transcript.js';
import type { RequestAuth } from './auth.js';
import { notFound } from './errors.js';

/** Whether the key may touch a session of this agent. */
export function keyMayTouch(auth: RequestAuth, session: { agentId: string | null }): boolean {
  return auth.role === 'operator' || auth.agentId === null || session.agentId === auth.agentId;
}

/** The session, if the key may touch it; 404 otherwise (as for a session that does not exist). */
export async function sessionOfKey(db: Database, auth: RequestAuth, sessionId: string): Promise<SessionRow> {
  const session = await getSession(db, auth.tenantId, sessionId);
  if (!session || !keyMayTouch(auth, session)) throw notFound(`session ${sessionId}`);
  return session;
}
