/**
 * Compactions for operators: list, read one in full, replay a failed one; and a session's summary in
 * force as its working memory (docs/working-memory.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPACTION_STATUSES, REPLAYABLE_STATUSES } from '../../context/compaction-rules.js';
import { summaryBudgetTokens } from '../../context/working-memory/budget.js';
import { parseWorkingMemory } from '../../context/working-memory/model.js';
import { summaryOf } from '../../db/compaction-writes.js';
import { getCompaction, getCompactionRow, listCompactions } from '../../db/compactions.js';
import { decodeCursor } from '../../db/pagination.js';
import { getSession, sumRangeTokens } from '../../db/transcript.js';
import { type CompactResult, compactUpdate, sessionWorkflowId } from '../../workflows/contract.js';
import { workflowError } from '../control/session-update.js';
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

/** Statuses an operator may replay: the attempt did not produce a summary worth keeping. */

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
          ? await summaryOf(deps.db, request.auth.tenantId, inForce.compactionId)
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
        const original = await getCompactionRow(deps.db, request.auth.tenantId, request.params.compactionId);
        if (!original) throw notFound(`compaction ${request.params.compactionId}`);
        if (!REPLAYABLE_STATUSES.has(original.status)) {
          throw new ApiError(
            409,
            'not_replayable',
            `compaction ${original.id} is ${original.status}; only failed, degraded or cancelled compactions are replayed`,
          );
        }
        const { tenantId } = request.auth;
        const handle = deps.temporal.workflow.getHandle(sessionWorkflowId(tenantId, original.sessionId));
        let result: CompactResult;
        try {
          // The session's turns still in the outbox reach the workflow before the replay is planned.
          await deps.turnDispatcher?.flush(tenantId, original.sessionId);
          result = await handle.executeUpdate(compactUpdate, {
            args: [
              {
                replayOf: {
                  compactionId: original.id,
                  fromSeq: original.fromSeq,
                  toSeq: original.toSeq,
                  previousCompactionId: original.previousCompactionId,
                  tokens: await sumRangeTokens(
                    deps.db,
                    tenantId,
                    original.sessionId,
                    original.fromSeq,
                    original.toSeq,
                  ),
                },
                detach: true,
              },
            ],
          });
        } catch (failure) {
          return workflowError(original.sessionId, failure);
        }
        if (result.status === 'nothing') {
          const why =
            result.reason === 'empty'
              ? `its range (seq ${original.fromSeq}–${original.toSeq}) is already covered by a newer summary`
              : result.reason;
          throw new ApiError(
            409,
            'nothing_to_compact',
            `nothing to replay for compaction ${original.id}: ${why}`,
          );
        }
        const compaction = (await getCompaction(deps.db, tenantId, result.compactionId)) ?? {
          id: result.compactionId,
          sessionId: original.sessionId,
          trigger: 'replay',
          status: 'running',
          replayOf: original.id,
        };
        return reply.status(202).send({ compaction });
      },
    );
  };
}
