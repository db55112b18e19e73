/**
 * Compactions for operators: list, read one in full, replay a failed one; and a session's summary in
 * force as its working memory (docs/working-memory.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPACTION_STATUSES } from '../../context/compaction-rules.js';
import { summaryBudgetTokens } from '../../context/working-memory/budget.js';
import { parseWorkingMemory } from '../../context/working-memory/model.js';
import { readSummary } from '../../db/compaction-writes.js';
import { getCompaction, listCompactions } from '../../db/compactions.js';
import { decodeCursor } from '../../db/pagination.js';
import { getSession } from '../../db/transcript.js';
import { replayCompaction } from '../control/compaction-replay.js';
import { sessionViewOf } from '../control/session-view.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, notFound } from '../plugins/errors.js';
import {
  BODY_ERRORS,
  errorResponses,
  listQuerySchema,
  sessionIdSchema,
  sessionParamsSchema,
} from '../schemas/common.js';
import {
  compactionListSchema,
  compactionSchema,
  replaySchema,
  type WorkingMemoryAnswer,
  workingMemoryAnswerSchema,
} from '../schemas/compactions.js';

const compactionParamsSchema = z.object({ compactionId: z.string().min(1).max(300) });

export function compactionRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/compactions',
      {
        config: { role: 'operator' },
        schema: {
          querystring: listQuerySchema.extend({
            status: z.enum(COMPACTION_STATUSES).optional(),
            sessionId: sessionIdSchema.optional(),
          }),
          response: { 200: compactionListSchema, ...errorResponses(403) },
        },
      },
      async (request) => {
        const { limit, cursor, status, sessionId } = request.query;
        const after = cursor ? decodeCursor(cursor) : undefined;
        if (after === null)
          throw new ApiError(400, 'invalid_request', 'query.cursor: not a cursor this API issued');
        return listCompactions(deps.db, {
          tenantId: request.auth.tenantId,
          limit,
          ...(status ? { status } : {}),
          ...(sessionId ? { sessionId } : {}),
          ...(after ? { after } : {}),
        });
      },
    );

    app.get(
      '/v1/compactions/:compactionId',
      {
        config: { role: 'operator' },
        schema: {
          params: compactionParamsSchema,
          response: { 200: compactionSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        const compaction = await getCompaction(deps.db, request.auth.tenantId, request.params.compactionId);
        if (!compaction) throw notFound(`compaction ${request.params.compactionId}`);
        return compaction;
      },
    );

    app.get(
      '/v1/sessions/:sessionId/working-memory',
      {
        schema: {
          params: sessionParamsSchema,
          response: { 200: workingMemoryAnswerSchema, ...errorResponses(403, 404) },
        },
      },
      async (request): Promise<WorkingMemoryAnswer> => {
        const { sessionId } = request.params;
        const row = await getSession(deps.db, request.auth.tenantId, sessionId);
        if (!row) throw notFound(`session ${sessionId}`);
        const inForce = sessionViewOf(row).summary;
        const summary = inForce
          ? await readSummary(deps.db, request.auth.tenantId, inForce.compactionId)
          : undefined;
        const setting = (row.settings as { summaryMaxTokens?: unknown } | null)?.summaryMaxTokens;
        return {
          sessionId,
          compactionId: summary?.compactionId ?? null,
          text: summary?.text ?? null,
          tokens: summary?.tokens ?? null,
          budgetTokens: summaryBudgetTokens(
            row.contextWindowTokens,
            typeof setting === 'number' ? setting : null,
          ),
          workingMemory: parseWorkingMemory(summary?.workingMemory) ?? null,
        };
      },
    );

    app.post(
      '/v1/compactions/:compactionId/replay',
      {
        config: { role: 'operator' },
        schema: {
          params: compactionParamsSchema,
          response: { 202: replaySchema, ...errorResponses(403, 404, 409, 503, ...BODY_ERRORS) },
        },
      },
      async (request, reply) => {
        const { compactionId } = request.params;
        return reply.status(202).send(await replayCompaction(deps, request.auth.tenantId, compactionId));
      },
    );
  };
}
