/**
 * Erasure (issue 19 item 3), operator routes: `DELETE /v1/sessions/{sessionId}` and
 * `DELETE /v1/users/{userId}` erase everything molt holds of the session or user (db/erasure.ts)
 * and the session workflows' histories (api/control/erasure-workflows.ts), and answer a receipt: what was
 * removed, by kind, as counts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERASURE_KINDS,
  type ErasureCounts,
  eraseSessionIn,
  eraseUserIn,
  sessionWorkflowIds,
  userSessionIds,
} from '../../db/erasure.js';
import { deleteWorkflows, terminateWorkflows } from '../control/erasure-workflows.js';
import type { ApiDeps } from '../deps.js';
import { notFound } from '../plugins/errors.js';
import { errorResponses, scopeIdSchema, sessionParamsSchema } from '../schemas/common.js';

const receiptSchema = z.object({
  sessionId: z.string().optional(),
  userId: z.string().optional(),
  erased: z.object(
    Object.fromEntries(ERASURE_KINDS.map((kind) => [kind, z.number().int()])) as Record<
      (typeof ERASURE_KINDS)[number],
      z.ZodNumber
    >,
  ),
  /** Temporal workflow runs deleted with their histories. */
  workflowRuns: z.number().int(),
});

export function erasureRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  /** Terminate, erase in one transaction, delete the histories. */
  async function erase(workflowIds: string[], inTransaction: () => Promise<ErasureCounts | null>) {
    const terminated = await terminateWorkflows(deps.temporal, workflowIds);
    const counts = await inTransaction();
    if (!counts) return null;
    return { erased: counts, workflowRuns: await deleteWorkflows(deps.temporal, workflowIds, terminated) };
  }

  /**
   * The sessions' turns still in the outbox are signalled first (and this process's signal in
   * flight awaited), so none starts a workflow run after the termination. Best effort: while
   * Temporal is down the termination below fails anyway, and the erasure deletes the outbox rows.
   */
  async function flushTurns(tenantId: string, sessionIds: readonly string[]) {
    for (const sessionId of sessionIds) await deps.turnDispatcher?.flush(tenantId, sessionId).catch(() => {});
  }

  return async (app) => {
    app.delete(
      '/v1/sessions/:sessionId',
      {
        config: { role: 'operator' },
        schema: {
          params: sessionParamsSchema,
          response: { 200: receiptSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        const { tenantId } = request.auth;
        const { sessionId } = request.params;
        const ids = await sessionWorkflowIds(deps.db, tenantId, sessionId);
        await flushTurns(tenantId, [sessionId]);
        const receipt = await erase(ids, () =>
          deps.db.transaction((tx) => eraseSessionIn(tx, tenantId, sessionId, 'session')),
        );
        if (!receipt) throw notFound(`session ${sessionId}`);
        return { sessionId, ...receipt };
      },
    );

    app.delete(
      '/v1/users/:userId',
      {
        config: { role: 'operator' },
        schema: {
          params: z.object({ userId: scopeIdSchema }),
          response: { 200: receiptSchema, ...errorResponses(403) },
        },
      },
      async (request) => {
        const { tenantId } = request.auth;
        const { userId } = request.params;
        const ids: string[] = [];
        const sessionIds = await userSessionIds(deps.db, tenantId, userId);
        for (const sessionId of sessionIds) {
          ids.push(...(await sessionWorkflowIds(deps.db, tenantId, sessionId)));
        }
        await flushTurns(tenantId, sessionIds);
        const receipt = await erase(ids, () =>
          deps.db.transaction((tx) => eraseUserIn(tx, tenantId, userId)),
        );
        return { userId, ...receipt! };
      },
    );
  };
}
