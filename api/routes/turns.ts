/**
 * POST /v1/sessions/{sessionId}/turns — the agent's per-turn call. Validates, stores the messages
 * in one transaction and signals the session workflow with seqs and token counts only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../context/messages.js';
import { estimateMessageTokens } from '../../context/tokens.js';
import { appendTurn, DEFAULT_TENANT_ID, getSession } from '../../db/transcript.js';
import { sessionWorkflowId, type TurnSignal, turnSignal } from '../../workflows/definitions.js';
import type { sessionWorkflow } from '../../workflows/session.js';
import type { ApiDeps } from '../context.js';
import { ApiError, unavailable } from '../errors.js';
import { sessionParamsSchema } from '../schemas.js';
import { sessionViewOf } from '../session-view.js';

/** One turn rarely holds more than a few dozen messages; this bounds a runaway client. */
export const MAX_MESSAGES_PER_TURN = 1_000;

export const turnBodySchema = z.strictObject({
  turnId: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
  messages: z.array(messageSchema).max(MAX_MESSAGES_PER_TURN),
  format: z.enum(['openclaw']).default('openclaw'),
  contextWindowTokens: z.number().int().min(1_000).max(100_000_000).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  usage: z
    .strictObject({
      input: z.number().int().nonnegative().optional(),
      output: z.number().int().nonnegative().optional(),
      cacheRead: z.number().int().nonnegative().optional(),
      cacheWrite: z.number().int().nonnegative().optional(),
    })
    .optional(),
});

export function turnRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/sessions/:sessionId/turns',
      { schema: { params: sessionParamsSchema, body: turnBodySchema } },
      async (request, reply) => {
        const tenantId = DEFAULT_TENANT_ID;
        const { sessionId } = request.params;
        const body = request.body;
        const workflowId = sessionWorkflowId(tenantId, sessionId);
        const tokens = body.messages.map((message) => estimateMessageTokens(message));
        const { turnId, messages, format, contextWindowTokens, settings, usage } = body;

        let result: Awaited<ReturnType<typeof appendTurn>>;
        try {
          result = await appendTurn(
            deps.db,
            {
              tenantId,
              sessionId,
              workflowId,
              turnId,
              messages,
              tokens,
              contextWindowTokens,
              defaultContextWindowTokens: deps.defaultContextWindowTokens,
              settings,
              usage,
              content: { messages, format, contextWindowTokens, settings, usage },
            },
            async ({ turn, contextWindowTokens: window }) => {
              const signal: TurnSignal = {
                turnId,
                messages: Array.from({ length: turn.toSeq - turn.fromSeq + 1 }, (_, i) => ({
                  seq: turn.fromSeq + i,
                  role: messages[i]!.role,
                  tokens: tokens[i]!,
                })),
                acceptedAt: Date.now(),
                contextWindowTokens: window,
              };
              // Also on a replay: if the first attempt's signal was lost the workflow gets it now;
              // if not, the workflow ignores seqs it has already applied.
              try {
                await deps.temporal.withDeadline(Date.now() + (deps.temporalTimeoutMs ?? 5_000), () =>
                  deps.temporal.workflow.signalWithStart<typeof sessionWorkflow, [TurnSignal]>(
                    'sessionWorkflow',
                    {
                      workflowId,
                      taskQueue: deps.taskQueue,
                      args: [{ tenantId, sessionId, contextWindowTokens: window }],
                      signal: turnSignal,
                      signalArgs: [signal],
                    },
                  ),
                );
              } catch (error) {
                throw unavailable('Temporal', error);
              }
            },
          );
        } catch (error) {
          if (error instanceof ApiError) throw error;
          throw unavailable('the database', error);
        }
        if (result.outcome === 'conflict') {
          throw new ApiError(
            409,
            'turn_conflict',
            `turnId ${turnId} was already used with different content in session ${sessionId}`,
            { turnId, fromSeq: result.turn.fromSeq, toSeq: result.turn.toSeq },
          );
        }
        const session = await getSession(deps.db, tenantId, sessionId);
        return reply.status(202).send({
          ...sessionViewOf(session!),
          turn: {
            turnId,
            fromSeq: result.turn.fromSeq,
            toSeq: result.turn.toSeq,
            replayed: result.outcome === 'replayed',
          },
        });
      },
    );
  };
}
