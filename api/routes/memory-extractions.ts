/** Memory extractions for operators: list, one with its diff, replay a failed one (docs/memory.md#api). */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  extractionSummaryOf,
  getExtraction,
  getExtractionWithDiff,
  listExtractions,
} from '../../db/memory/memory-extractions.js';
import { decodeCursor } from '../../db/pagination.js';
import { type MemoryExtractionInput, memoryExtractionWorkflowId } from '../../workflows/contract.js';
import type { memoryExtractionWorkflow } from '../../workflows/memory.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, notFound, unavailable } from '../plugins/errors.js';
import { BODY_ERRORS, errorResponses } from '../schemas/common.js';
import {
  extractionListQuerySchema,
  extractionListSchema,
  extractionParamsSchema,
  extractionReplayAnswerSchema,
  extractionWithDiffSchema,
} from '../schemas/memories.js';

export function memoryExtractionRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/memory-extractions',
      {
        schema: {
          querystring: extractionListQuerySchema,
          response: {
            200: extractionListSchema,
            ...errorResponses(),
          },
        },
      },
      async (request) => {
        const { cursor, ...rest } = request.query;
        if (cursor && decodeCursor(cursor) === null) {
          throw new ApiError(400, 'invalid_request', 'query.cursor: not a cursor this API issued');
        }
        return listExtractions(deps.db, {
          tenantId: request.auth.tenantId,
          ...rest,
          ...(cursor ? { cursor } : {}),
        });
      },
    );

    app.get(
      '/v1/memory-extractions/:extractionId',
      {
        schema: {
          params: extractionParamsSchema,
          response: { 200: extractionWithDiffSchema, ...errorResponses(404) },
        },
      },
      async (request) => {
        const extraction = await getExtractionWithDiff(
          deps.db,
          request.auth.tenantId,
          request.params.extractionId,
        );
        if (!extraction) throw notFound(`memory extraction ${request.params.extractionId}`);
        return extraction;
      },
    );

    app.post(
      '/v1/memory-extractions/:extractionId/replay',
      {
        config: { role: 'operator' },
        schema: {
          params: extractionParamsSchema,
          response: {
            202: extractionReplayAnswerSchema,
            ...errorResponses(403, 404, 409, 503, ...BODY_ERRORS),
          },
        },
      },
      async (request, reply) => {
        const { tenantId } = request.auth;
        const original = await getExtraction(deps.db, tenantId, request.params.extractionId);
        if (!original) throw notFound(`memory extraction ${request.params.extractionId}`);
        if (original.status !== 'failed') {
          throw new ApiError(
            409,
            'not_replayable',
            `memory extraction ${original.id} is ${original.status}; only failed ones are replayed`,
          );
        }
        const input: MemoryExtractionInput = {
          tenantId,
          sessionId: original.sessionId,
          fromSeq: original.fromSeq,
          toSeq: original.toSeq,
          trigger: 'replay',
          replayOf: original.id,
        };
        try {
          await deps.temporal.workflow.start<typeof memoryExtractionWorkflow>('memoryExtractionWorkflow', {
            workflowId: `${memoryExtractionWorkflowId(tenantId, original.sessionId, original.fromSeq, original.toSeq)}:replay:${randomUUID()}`,
            taskQueue: deps.taskQueue,
            args: [input],
          });
        } catch (error) {
          throw unavailable('Temporal', error);
        }
        return reply.status(202).send({
          extraction: extractionSummaryOf({
            ...original,
            status: 'running',
            error: null,
            verdict: null,
            cause: null,
          }),
        });
      },
    );
  };
}
