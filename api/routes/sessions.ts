/**
 * Sessions: the view, the operator list, and the calls that go to the session workflow —
 * overflow recovery, manual compaction, breaker reset, and the Temporal history.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCompaction } from '../../db/compactions.js';
import { extractionWorkflows, sessionMemoryStats } from '../../db/memory/memory-extractions.js';
import type { SessionRow } from '../../db/schema.js';
import { compactionRuns, listSessions } from '../../db/sessions.js';
import { getSession } from '../../db/transcript.js';
import {
  type CompactResult,
  compactUpdate,
  reportOverflowUpdate,
  resetBreakerUpdate,
} from '../../workflows/contract.js';
import { readHistory } from '../control/history.js';
import { updateSessionWorkflow, workflowError } from '../control/session-update.js';
import { sessionViewOf } from '../control/session-view.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, notFound } from '../plugins/errors.js';
import {
  BODY_ERRORS,
  errorResponses,
  listQuerySchema,
  scopeIdSchema,
  sessionParamsSchema,
} from '../schemas/common.js';
import { compactAnswerSchema } from '../schemas/compactions.js';
import {
  historySchema,
  overflowResultSchema,
  sessionListSchema,
  sessionWithMemorySchema,
  workflowSessionViewSchema,
} from '../schemas/sessions.js';

const overflowBodySchema = z.strictObject({
  attemptId: z.string().min(1).max(200),
  error: z.union([
    z.string().max(100_000),
    z.strictObject({ message: z.string().max(100_000), status: z.number().int().optional() }),
  ]),
  autoCompacted: z.boolean().optional(),
});

const compactBodySchema = z.strictObject({
  instructions: z.string().max(4_000).optional(),
  /** 0 is `/new`: compact everything. */
  keepRecentTokens: z.number().int().min(0).optional(),
});

export function sessionRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const requireSession = async (tenantId: string, sessionId: string): Promise<SessionRow> => {
    const row = await getSession(deps.db, tenantId, sessionId);
    if (!row) throw notFound(`session ${sessionId}`);
    return row;
  };

  return async (app) => {
    app.get(
      '/v1/sessions',
      {
        config: { role: 'operator' },
        schema: {
          querystring: listQuerySchema.extend({
            breaker: z.enum(['open', 'closed']).optional(),
            /** Sessions whose id contains this text (case-insensitive). */
            q: z.string().trim().min(1).max(128).optional(),
            userId: scopeIdSchema.optional(),
            agentId: scopeIdSchema.optional(),
          }),
          response: { 200: sessionListSchema, ...errorResponses(403) },
        },
      },
      async (request) => {
        const { limit, cursor, ...filter } = request.query;
        const page = await listSessions(deps.db, {
          tenantId: request.auth.tenantId,
          limit,
          ...(cursor ? { cursor } : {}),
          ...filter,
        });
        if (!page) throw new ApiError(400, 'invalid_request', 'query.cursor: not a cursor this API issued');
        return {
          items: page.rows.map((row) => ({ ...sessionViewOf(row), createdAt: row.createdAt.toISOString() })),
          nextCursor: page.nextCursor,
          total: page.total,
          totalCapped: page.totalCapped,
        };
      },
    );

    app.get(
      '/v1/sessions/:sessionId',
      {
        schema: {
          params: sessionParamsSchema,
          response: { 200: sessionWithMemorySchema, ...errorResponses(404) },
        },
      },
      async (request) => {
        const { tenantId } = request.auth;
        const row = await requireSession(tenantId, request.params.sessionId);
        return { ...sessionViewOf(row), memory: await sessionMemoryStats(deps.db, tenantId, row.id) };
      },
    );

    app.post(
      '/v1/sessions/:sessionId/overflow',
      {
        schema: {
          params: sessionParamsSchema,
          body: overflowBodySchema,
          response: { 200: overflowResultSchema, ...errorResponses(404, 409, 503, ...BODY_ERRORS) },
        },
      },
      async (request) => {
        const { sessionId } = request.params;
        const row = await requireSession(request.auth.tenantId, sessionId);
        const { attemptId, error, autoCompacted } = request.body;
        const text =
          typeof error === 'string'
            ? error
            : `${error.status !== undefined ? `${error.status} ` : ''}${error.message}`;
        try {
          return await updateSessionWorkflow(deps, row, (handle) =>
            handle.executeUpdate(reportOverflowUpdate, {
              args: [{ attemptId, error: text, ...(autoCompacted !== undefined ? { autoCompacted } : {}) }],
            }),
          );
        } catch (failure) {
          return workflowError(sessionId, failure);
        }
      },
    );

    app.post(
      '/v1/sessions/:sessionId/compact',
      {
        schema: {
          params: sessionParamsSchema,
          body: compactBodySchema,
          response: { 200: compactAnswerSchema, ...errorResponses(404, 409, 503, ...BODY_ERRORS) },
        },
      },
      async (request) => {
        const { sessionId } = request.params;
        const row = await requireSession(request.auth.tenantId, sessionId);
        let result: CompactResult;
        try {
          result = await updateSessionWorkflow(deps, row, (handle) =>
            handle.executeUpdate(compactUpdate, { args: [request.body] }),
          );
        } catch (failure) {
          return workflowError(sessionId, failure);
        }
        if (result.status === 'nothing') {
          throw new ApiError(409, 'nothing_to_compact', `nothing to compact: ${result.reason}`);
        }
        return (await getCompaction(deps.db, request.auth.tenantId, result.compactionId)) ?? result;
      },
    );

    app.post(
      '/v1/sessions/:sessionId/breaker/reset',
      {
        config: { role: 'operator' },
        schema: {
          params: sessionParamsSchema,
          response: {
            200: workflowSessionViewSchema,
            ...errorResponses(403, 404, 409, 503, ...BODY_ERRORS),
          },
        },
      },
      async (request) => {
        const { sessionId } = request.params;
        const row = await requireSession(request.auth.tenantId, sessionId);
        try {
          // An Update: the workflow answers once the closed breaker is in the persisted view.
          return await updateSessionWorkflow(deps, row, (handle) => handle.executeUpdate(resetBreakerUpdate));
        } catch (failure) {
          return workflowError(sessionId, failure);
        }
      },
    );

    app.get(
      '/v1/sessions/:sessionId/history',
      {
        config: { role: 'operator' },
        schema: {
          params: sessionParamsSchema,
          response: { 200: historySchema, ...errorResponses(403, 404, 503) },
        },
      },
      async (request) => {
        const { sessionId } = request.params;
        const row = await requireSession(request.auth.tenantId, sessionId);
        const runs = await compactionRuns(deps.db, request.auth.tenantId, sessionId);
        const extractionRuns = await extractionWorkflows(deps.db, request.auth.tenantId, sessionId);
        try {
          return {
            runs: await readHistory(
              deps.temporal,
              row.workflowId,
              [...runs, ...extractionRuns],
              deps.temporalUiUrl,
            ),
          };
        } catch (failure) {
          return workflowError(sessionId, failure);
        }
      },
    );
  };
}
