/**
 * PATCH /v1/memories/{memoryId} (operators): an edit supersedes the memory with the new text
 * (db/memory/memory-edit.ts), so the old version stays in the history. The console's edit uses it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMORY_ABSTRACT_MAX, MEMORY_CONTENT_MAX } from '../../context/memory/policy.js';
import { memoryTypeSchema } from '../../context/memory/types.js';
import { memorySnapshot } from '../../db/memory/memories.js';
import { editMemory } from '../../db/memory/memory-edit.js';
import { startEmbedding } from '../control/memory-embedding.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, notFound } from '../plugins/errors.js';
import { BODY_ERRORS, errorResponses } from '../schemas/common.js';
import { memoryParamsSchema, memorySchema } from '../schemas/memories.js';

const editBodySchema = z.strictObject({
  content: z.string().trim().min(1).max(MEMORY_CONTENT_MAX),
  type: memoryTypeSchema.optional(),
  priority: z.number().int().min(1).max(5).optional(),
  abstract: z.string().min(1).max(MEMORY_ABSTRACT_MAX).optional(),
});

export function memoryEditRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      '/v1/memories/:memoryId',
      {
        config: { role: 'operator' },
        schema: {
          summary: 'Edit a memory',
          description:
            'The new text becomes a new memory in the same scope that supersedes this one (its `previous`), recorded as a `supersede` event "edited by an operator". Only an active memory can be edited.',
          params: memoryParamsSchema,
          body: editBodySchema,
          response: {
            200: z.object({ memory: memorySchema, previous: memorySchema }),
            ...errorResponses(403, 404, 409, 503, ...BODY_ERRORS),
          },
        },
      },
      async (request) => {
        const { memoryId } = request.params;
        const result = await editMemory(deps.db, request.auth.tenantId, memoryId, request.body);
        if (result === 'not_found') throw notFound(`memory ${memoryId}`);
        if (result === 'type_not_admitted') {
          throw new ApiError(
            400,
            'invalid_request',
            `body.type: a ${request.body.type} memory is personal: it belongs to a user or a session, never to an agent alone`,
          );
        }
        if (result === 'not_active') {
          throw new ApiError(409, 'not_active', `memory ${memoryId} is not active; edit the memory in force`);
        }
        startEmbedding(deps, { memoryIds: [result.memory.id] }, `edit:${result.memory.id}`, request.log);
        return { memory: memorySnapshot(result.memory), previous: memorySnapshot(result.previous) };
      },
    );
  };
}
