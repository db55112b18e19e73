/**
 * What a key may touch inside its tenant (issue 19 item 10). Operator keys: everything of the
 * tenant. Agent keys bound to an agent (`molt keys create --role agent --agent <id>`, the usual
 * deployment: one key per agent): only the sessions of that agent and the memories of their
 * scopes; another agent's session is a 404, as another tenant's is. Agent keys bound to no agent
 * act for every agent of the tenant (one agent a tenant; kept for keys created before binding).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { extractionAgentId, memoryOfAgent } from '../../db/key-scope.js';
import type { SessionRow } from '../../db/schema.js';
import { getSession } from '../../db/transcript.js';
import type { RequestAuth } from './auth.js';
import { ApiError, notFound } from './errors.js';

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

// biome-ignore lint/suspicious/noExplicitAny: the hook reads whichever params, query and body a route validated
type Loose = Record<string, any>;

const forbidden = (field: string, agentId: string) =>
  new ApiError(403, 'forbidden', `${field}: this agent key is bound to agent ${JSON.stringify(agentId)}`);

/**
 * Enforces a bound agent key's reach on every /v1 route, after validation and before the
 * handler: a session, memory or extraction of another agent is a 404; a scope naming another
 * agent is a 403; a turn that creates a session gives it the key's agent.
 */
export function registerKeyScope(app: FastifyInstance, db: Database): void {
  app.addHook('preHandler', async (request) => {
    const auth = request.auth;
    if (auth?.role !== 'agent' || auth.agentId === null || !request.routeOptions.url?.startsWith('/v1/'))
      return;
    const agentId = auth.agentId;
    const params = (request.params ?? {}) as Loose;
    const query = (request.query ?? {}) as Loose;
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Loose;
    const isTurn = request.routeOptions.url === '/v1/sessions/:sessionId/turns';

    if (typeof params.sessionId === 'string') {
      const session = await getSession(db, auth.tenantId, params.sessionId);
      if (session ? session.agentId !== agentId : !isTurn) throw notFound(`session ${params.sessionId}`);
    }
    if (isTurn) {
      if (body.agentId !== undefined && body.agentId !== agentId) throw forbidden('body.agentId', agentId);
      body.agentId = agentId;
    }
    if (typeof query.sessionId === 'string') await sessionOfKey(db, auth, query.sessionId);
    if (query.agentId !== undefined && query.agentId !== agentId) throw forbidden('query.agentId', agentId);
    if (query.readerAgentId !== undefined && query.readerAgentId !== agentId) {
      throw forbidden('query.readerAgentId', agentId);
    }
    if (request.routeOptions.url === '/v1/memory-extractions' && typeof query.sessionId !== 'string') {
      throw new ApiError(
        400,
        'invalid_request',
        'query.sessionId: an agent-bound key lists the extractions of one of its sessions',
      );
    }
    if (
      typeof params.memoryId === 'string' &&
      !(await memoryOfAgent(db, auth.tenantId, agentId, params.memoryId))
    ) {
      throw notFound(`memory ${params.memoryId}`);
    }
    if (typeof params.extractionId === 'string') {
      const owner = await extractionAgentId(db, auth.tenantId, params.extractionId);
      if (owner !== agentId) throw notFound(`extraction ${params.extractionId}`);
    }
  });
}
