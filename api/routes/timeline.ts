/**
 * GET /v1/sessions/{sessionId}/timeline (operators): turns, compactions, extractions, breaker
 * transitions and overflow truncations of one session, oldest first (db/timeline.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionTimeline } from '../../db/timeline.js';
import { getSession } from '../../db/transcript.js';
import { sessionViewOf } from '../control/session-view.js';
import type { ApiDeps } from '../deps.js';
import { notFound } from '../plugins/errors.js';
import { errorResponses, sessionParamsSchema } from '../schemas/common.js';
import { timelineSchema } from '../schemas/timeline.js';

export function timelineRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/sessions/:sessionId/timeline',
      {
        config: { role: 'operator' },
        schema: {
          summary: "A session's timeline",
          description:
            "Turns, compactions (trigger, range, tokens before → after, chunk fallback levels), memory extractions, circuit-breaker transitions and tool results cut by overflow recovery, oldest first. Each kind contributes at most `limit` of its newest entries; `totals` counts each kind's entries in all (up to a cap, `totalCapped`).",
          params: sessionParamsSchema,
          querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(1_000).default(300) }),
          response: { 200: timelineSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        const { tenantId } = request.auth;
        const { sessionId } = request.params;
        const row = await getSession(deps.db, tenantId, sessionId);
        if (!row) throw notFound(`session ${sessionId}`);
        const { items, truncated, totals } = await sessionTimeline(
          deps.db,
          tenantId,
          sessionId,
          request.query.limit,
          sessionViewOf(row),
        );
        return { sessionId, items, truncated, totals };
      },
    );
  };
}
