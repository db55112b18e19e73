/**
 * POST /v1/sessions/{sessionId}/turns — the agent's per-turn call. The route maps HTTP to the
 * ingest flow (api/ingest/store-turn.ts): stored durably with its signal, answered 202, the signal
 * left to the dispatcher (api/ingest/turn-dispatcher.ts, docs/architecture.md#coalesced-turns).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../deps.js';
import { storeTurn } from '../ingest/store-turn.js';
import type { TurnDispatcher } from '../ingest/turn-dispatcher.js';
import { BODY_ERRORS, errorResponses, sessionParamsSchema } from '../schemas/common.js';
import { turnResponseSchema } from '../schemas/sessions.js';
import { turnBodySchema } from '../schemas/turns.js';

export function turnRoutes(deps: ApiDeps, dispatcher: TurnDispatcher): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/sessions/:sessionId/turns',
      // Messages are stored verbatim, NUL and lone surrogates included (db/transcript.ts).
      {
        schema: {
          params: sessionParamsSchema,
          body: turnBodySchema,
          response: { 202: turnResponseSchema, ...errorResponses(409, 422, 503, ...BODY_ERRORS) },
        },
        config: { verbatimBody: ['messages'] },
      },
      async (request, reply) => {
        const { tenantId, role, agentId } = request.auth;
        const answer = await storeTurn(
          deps,
          dispatcher,
          { tenantId, sessionId: request.params.sessionId, ownerAgentId: role === 'agent' ? agentId : null },
          request.body,
        );
        return reply.status(202).send(answer);
      },
    );
  };
}
