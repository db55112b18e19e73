/**
 * POST /v1/sessions/{sessionId}/turns — the agent's per-turn call. Validates, stores the messages
 * in one transaction and signals the session workflow with seqs and token counts only.
 */
import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_TEMPORAL_TIMEOUT_MS, defaultTokenCounter } from '../../config/defaults.js';
import {
  convertToCanonical,
  messageFormatSchema,
  messagesSchemaForFormat,
} from '../../context/adapters/index.js';
import { lossyFieldOf } from '../../context/adapters/lossless-check.js';
import { userText } from '../../context/memory/recall.js';
import type { Message } from '../../context/messages.js';
import { boundedMeta, MAX_TOOL_CALLS_PER_TURN } from '../../context/payload-refs.js';
import { liveMessageMetaOf, usageReportOf } from '../../context/session/index.js';
import { appendTurn } from '../../db/transcript.js';
import {
  type SessionWorkflowInput,
  sessionWorkflowId,
  type TurnSignal,
  turnSignal,
} from '../../workflows/contract.js';
import type { sessionWorkflow } from '../../workflows/session.js';
import type { ApiDeps } from '../context.js';
import { prefetchQueryEmbedding } from '../hybrid-recall.js';
import { ApiError, databaseError, unavailable } from '../plugins/errors.js';
import { BODY_ERRORS, errorResponses, scopeIdSchema, sessionParamsSchema } from '../schemas/common.js';
import { turnResponseSchema } from '../schemas/sessions.js';
import { sessionSettingsBodySchema, workflowSettingsOf } from '../schemas/settings.js';
import { sessionViewOf } from '../session-view.js';
import { requireContextWindow, turnWarnings } from '../turn-warnings.js';

/** One turn rarely holds more than a few dozen messages; this bounds a runaway client. */
export const MAX_MESSAGES_PER_TURN = 1_000;

export const turnBodySchema = z.strictObject({
  turnId: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
  /** Validated against the schema of `format` below (canonical, Anthropic Messages or OpenAI Chat). */
  messages: z.array(z.unknown()).max(MAX_MESSAGES_PER_TURN),
  format: messageFormatSchema.default('openclaw'),
  contextWindowTokens: z.number().int().min(1_000).max(100_000_000).optional(),
  settings: sessionSettingsBodySchema.optional(),
  /** Memory scope (docs/memory.md#the-model): taken on the session's first turn that names it. */
  userId: scopeIdSchema.optional(),
  agentId: scopeIdSchema.optional(),
  usage: z
    .strictObject({
      input: z.number().int().nonnegative().optional(),
      output: z.number().int().nonnegative().optional(),
      cacheRead: z.number().int().nonnegative().optional(),
      cacheWrite: z.number().int().nonnegative().optional(),
    })
    .optional(),
});

/**
 * Sends a stored turn's signal. A session's workflow runs from its first turn on, and a plain
 * signal costs less CPU than signalWithStart (on the bench's stack, per signal: API 1.2-1.5 ms
 * against 1.8-2.1, Temporal 1.2-1.4 against 1.5-1.8). A workflow that is not running (terminated,
 * or lost by its server) is started as the first turn starts it, with `start` as its input.
 */
export async function deliverTurnSignal(
  temporal: Client,
  turn: {
    workflowId: string;
    taskQueue: string;
    /** This turn created the session: its workflow has not been started yet. */
    created: boolean;
    signal: TurnSignal;
    start: SessionWorkflowInput;
  },
): Promise<void> {
  const signalWithStart = async () => {
    await temporal.workflow.signalWithStart<typeof sessionWorkflow, [TurnSignal]>('sessionWorkflow', {
      workflowId: turn.workflowId,
      taskQueue: turn.taskQueue,
      args: [turn.start],
      signal: turnSignal,
      signalArgs: [turn.signal],
    });
  };
  if (turn.created) return signalWithStart();
  try {
    await temporal.workflow.getHandle(turn.workflowId).signal(turnSignal, turn.signal);
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    // The session exists but its run is gone: the new run reads its state back from PostgreSQL.
    turn.start = { ...turn.start, rebuild: true };
    await signalWithStart();
  }
}

/** 400 when the turn's tool calls exceed MAX_TOOL_CALLS_PER_TURN, naming the message that crosses it. */
function refuseTooManyToolCalls(messages: readonly Message[]): void {
  let calls = 0;
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    calls += message.content.filter((block) => block?.type === 'toolCall').length;
    if (calls > MAX_TOOL_CALLS_PER_TURN) {
      const path = `body.messages.${index}.content`;
      const text = `more than ${MAX_TOOL_CALLS_PER_TURN} tool calls in one turn`;
      throw new ApiError(400, 'invalid_request', `${path}: ${text}`, [{ path, message: text }]);
    }
  }
}

export function turnRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
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
        const { tenantId } = request.auth;
        const { sessionId } = request.params;
        const body = request.body;
        const workflowId = sessionWorkflowId(tenantId, sessionId);
        const { turnId, format, contextWindowTokens, settings, usage, userId, agentId } = body;
        requireContextWindow(deps.requireContextWindow, contextWindowTokens);
        const parsed = messagesSchemaForFormat(format).safeParse(body.messages);
        if (!parsed.success) {
          const details = parsed.error.issues.map((issue) => ({
            path: ['body', 'messages', ...issue.path.map(String)].join('.'),
            message: issue.message,
          }));
          throw new ApiError(400, 'invalid_request', `${details[0]?.path}: ${details[0]?.message}`, details);
        }
        const lossy = lossyFieldOf(body.messages, format);
        if (lossy) {
          const path = `body.messages.${lossy.path}`;
          throw new ApiError(400, 'invalid_request', `${path}: ${lossy.message}`, [
            { path, message: lossy.message },
          ]);
        }
        // The validated input itself, not zod's copy: a copy assigns keys, and a `__proto__` key would
        // become the copy's prototype instead of a stored key (docs/limits.md).
        const messages = convertToCanonical(body.messages, format);
        refuseTooManyToolCalls(messages);
        const counter = deps.tokenCounter ?? defaultTokenCounter;
        const tokens = messages.map((message) => counter.messageTokens(message));

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
              userId,
              agentId,
              // The scope is part of the content when named: a replay naming another user is a conflict.
              content: {
                messages: body.messages,
                format,
                contextWindowTokens,
                settings,
                usage,
                ...(userId !== undefined ? { userId } : {}),
                ...(agentId !== undefined ? { agentId } : {}),
              },
            },
            // Runs inside appendTurn's transaction, under the session's row lock: signals of one
            // session go out in seq order (db/transcript.ts states the invariant and its limit).
            async ({ turn, session: { contextWindowTokens: window }, created }) => {
              const signal: TurnSignal = {
                turnId,
                // Tool-call ids as bounded references: nothing an agent sends grows a signal unboundedly.
                messages: messages.map((message, i) =>
                  boundedMeta(liveMessageMetaOf(message, turn.fromSeq + i, tokens[i]!)),
                ),
                contextWindowTokens: window,
              };
              const workflowSettings = workflowSettingsOf(settings);
              if (workflowSettings) signal.settings = workflowSettings;
              // Counts only: which assistant message, and the size of the prompt behind it.
              const report = usageReportOf(
                messages.map((message, i) => ({ seq: turn.fromSeq + i, message })),
                usage,
              );
              if (report) signal.usage = report;
              const deliver = () =>
                deliverTurnSignal(deps.temporal, {
                  workflowId,
                  taskQueue: deps.taskQueue,
                  created,
                  signal,
                  start: {
                    tenantId,
                    sessionId,
                    contextWindowTokens: window,
                    ...(deps.memoryIdleMs !== undefined ? { memoryIdleMs: deps.memoryIdleMs } : {}),
                    ...(signal.settings ? { settings: signal.settings } : {}),
                  },
                });
              // Also on a replay: if the first attempt's signal was lost the workflow gets it now;
              // if not, the workflow ignores seqs it has already applied.
              try {
                await deps.temporal.withDeadline(
                  Date.now() + (deps.temporalTimeoutMs ?? DEFAULT_TEMPORAL_TIMEOUT_MS),
                  deliver,
                );
              } catch (error) {
                throw unavailable('Temporal', error);
              }
            },
          );
        } catch (error) {
          throw databaseError(error, 'body.messages');
        }
        deps.metrics?.turns.inc({ outcome: result.outcome });
        if (result.outcome === 'conflict') {
          throw new ApiError(
            409,
            'turn_conflict',
            `turnId ${turnId} was already used with different content in session ${sessionId}`,
            { turnId, fromSeq: result.turn.fromSeq, toSeq: result.turn.toSeq },
          );
        }
        // Hybrid recall: the newest user message's vector is made now, not on the next GET /context.
        const latestUser = messages.findLast((m) => m.role === 'user');
        if (latestUser?.role === 'user') prefetchQueryEmbedding(deps.embedding, userText(latestUser));
        return reply.status(202).send({
          ...sessionViewOf(result.session),
          turn: {
            turnId,
            fromSeq: result.turn.fromSeq,
            toSeq: result.turn.toSeq,
            replayed: result.outcome === 'replayed',
          },
          warnings: turnWarnings({
            requestedWindow: contextWindowTokens,
            sessionWindow: result.session.contextWindowTokens,
            defaultWindow: deps.defaultContextWindowTokens,
            messages: messages.map((message, i) => ({ role: message.role, tokens: tokens[i]! })),
          }),
        });
      },
    );
  };
}
