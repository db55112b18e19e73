/**
 * Whose scope a memory is written to or searched in (issue 19 items 2, 4 and 10). One place for
 * the rules of every key role:
 *
 * - An agent key never chooses a scope: commit_memory's arguments are filled in by a model, so
 *   the scope comes from the session the agent names (its user, agent and id) and from the key
 *   (the agent it is bound to). A `userId`/`agentId` argument that differs is refused (403).
 * - An operator key names the scope (userId/agentId, or a session's).
 * - Either way the memory's type decides where it may live (context/memory/scope-rules.ts): a
 *   personal memory never lands in an agent's scope.
 */

import { type ScopeOwner, storedScopeFor } from '../../context/memory/scope-rules.js';
import type { MemoryType } from '../../context/memory/types.js';
import type { Database } from '../../db/client.js';
import type { MemoryScope } from '../../db/memory/memories.js';
import { getSession } from '../../db/transcript.js';
import type { RequestAuth } from '../plugins/auth.js';
import { ApiError, notFound } from '../plugins/errors.js';
import { sessionOfKey } from '../plugins/key-scope.js';

export interface ScopeRequest {
  userId?: string | undefined;
  agentId?: string | undefined;
  sessionId?: string | undefined;
}

const forbidden = (field: string) =>
  new ApiError(
    403,
    'forbidden',
    `body.${field}: an agent key writes and searches in its session's scope, not in one it names`,
  );

/** The identity behind a request: the named session's (agent keys: only that), or the body's. */
export async function ownerOf(
  db: Database,
  auth: RequestAuth,
  body: ScopeRequest,
  purpose: 'commit' | 'search' = 'commit',
): Promise<ScopeOwner> {
  const sessionId = body.sessionId ?? null;
  // An agent key bound to no agent searches its tenant like an operator (api/key-scope.ts).
  if (auth.role === 'agent' && !(purpose === 'search' && auth.agentId === null && sessionId === null)) {
    if (sessionId !== null) {
      const session = await sessionOfKey(db, auth, sessionId);
      if (body.userId !== undefined && body.userId !== session.userId) throw forbidden('userId');
      if (body.agentId !== undefined && body.agentId !== session.agentId) throw forbidden('agentId');
      return { userId: session.userId, agentId: session.agentId, sessionId };
    }
    if (auth.agentId !== null) {
      if (body.userId !== undefined) throw forbidden('userId');
      if (body.agentId !== undefined && body.agentId !== auth.agentId) throw forbidden('agentId');
      return { userId: null, agentId: auth.agentId, sessionId: null };
    }
    throw new ApiError(
      400,
      'invalid_request',
      'body.sessionId: an agent key names the session whose scope it writes or searches',
    );
  }
  let userId = body.userId ?? null;
  let agentId = body.agentId ?? null;
  if (sessionId !== null && (purpose === 'search' || (userId === null && agentId === null))) {
    const session = await getSession(db, auth.tenantId, sessionId);
    if (!session) throw notFound(`session ${sessionId}`);
    userId ??= session.userId;
    agentId ??= session.agentId;
  }
  return { userId, agentId, sessionId };
}

/** The scope a committed memory of `type` is stored in; 400 when the rules admit none. */
export async function commitScopeOf(
  db: Database,
  auth: RequestAuth,
  body: ScopeRequest & { type: MemoryType },
): Promise<MemoryScope> {
  const owner = await ownerOf(db, auth, body);
  if (owner.userId === null && owner.agentId === null && owner.sessionId === null) {
    throw new ApiError(
      400,
      'invalid_request',
      'body: one of userId, agentId or sessionId names the memory scope',
    );
  }
  const stored = storedScopeFor(owner, body.type);
  if (!stored) {
    throw new ApiError(
      400,
      'invalid_request',
      `body.type: a ${body.type} memory is personal: it belongs to a user (userId) or to a session (sessionId), never to an agent alone`,
    );
  }
  return { tenantId: auth.tenantId, ...stored };
}
