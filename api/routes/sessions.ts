/** Reading sessions: GET /v1/sessions/{sessionId}. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_TENANT_ID, getSession } from '../../db/transcript.js';
import type { ApiDeps } from '../context.js';
import { notFound } from '../errors.js';
import { sessionParamsSchema } from '../schemas.js';
import { sessionViewOf } from '../session-view.js';

export function sessionRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/v1/sessions/:sessionId', { schema: { params: sessionParamsSchema } }, async (request) => {
      const session = await getSession(deps.db, DEFAULT_TENANT_ID, request.params.sessionId);
      if (!session) throw notFound(`session ${request.params.sessionId}`);
      return sessionViewOf(session);
    });
  };
}
