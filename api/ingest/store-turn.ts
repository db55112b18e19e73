/**
 * Storing a turn (POST /v1/sessions/{sessionId}/turns): validate and convert its messages, count
 * them, store the turn with its signal in one statement (db/transcript.ts appendTurn, the outbox
 * row for the dispatcher: docs/architecture.md#coalesced-turns), hand the row to the dispatcher
 * and answer with the session's view, the turn's seqs and its warnings. Counts only travel to the
 * workflow: seqs, roles, token counts, bounded tool-call ids, the settings it takes, the usage report.
 */
import type { z } from 'zod';
import { defaultTokenCounter } from '../../config/defaults.js';
import { convertToCanonical, messagesSchemaForFormat } from '../../context/adapters/index.js';
import { lossyFieldOf } from '../../context/adapters/lossless-check.js';
import { userText } from '../../context/memory/recall.js';
import type { Message } from '../../context/messages.js';
import { boundedMeta, MAX_TOOL_CALLS_PER_TURN } from '../../context/payload-refs.js';
import { liveMessageMetaOf, usageReportOf } from '../../context/session/index.js';
import { appendTurn, SessionOfAnotherAgent } from '../../db/transcript.js';
import { sessionWorkflowId, type TurnSignal } from '../../workflows/contract.js';
import { prefetchQueryEmbedding } from '../assembly/hybrid-recall.js';
import { sessionViewOf } from '../control/session-view.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, databaseError, notFound, unavailable } from '../plugins/errors.js';
import type { turnResponseSchema } from '../schemas/sessions.js';
import { workflowSettingsOf } from '../schemas/settings.js';
import type { TurnBody, turnBodySchema } from '../schemas/turns.js';
import type { TurnDispatcher } from './turn-dispatcher.js';
import { signalOfRow, signalTemplateText } from './turn-outbox.js';
import { requireContextWindow, turnWarnings } from './turn-warnings.js';

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

/**
 * The turn's signal with its messages at seqs from `fromSeq`: seqs, roles, token counts, bounded
 * tool-call ids, the settings the workflow takes and the provider's usage report. Counts only.
 */
function turnSignalAt(
  fromSeq: number,
  turn: {
    turnId: string;
    messages: readonly Message[];
    tokens: readonly number[];
    settings: z.infer<typeof turnBodySchema>['settings'];
    usage: z.infer<typeof turnBodySchema>['usage'];
  },
): TurnSignal {
  const { turnId, messages, tokens, settings, usage } = turn;
  const signal: TurnSignal = {
    turnId,
    // Tool-call ids as bounded references: nothing an agent sends grows a signal unboundedly.
    messages: messages.map((message, i) => boundedMeta(liveMessageMetaOf(message, fromSeq + i, tokens[i]!))),
  };
  const workflowSettings = workflowSettingsOf(settings);
  if (workflowSettings) signal.settings = workflowSettings;
  // Counts only: which assistant message, and the size of the prompt behind it.
  const report = usageReportOf(
    messages.map((message, i) => ({ seq: fromSeq + i, message })),
    usage,
  );
  if (report) signal.usage = report;
  return signal;
}

/**
 * The turn's messages checked against the schema of its format, refused when the conversion would
 * lose a field, and converted to canonical messages (400 naming the first failing path).
 */
function canonicalMessagesOf(body: TurnBody): Message[] {
  const { format } = body;
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
  return messages;
}

/** What the turn's warnings need of the session as its workflow last recorded it. */
function turnWarningSession(row: Parameters<typeof sessionViewOf>[0], turnToSeq: number) {
  const view = sessionViewOf(row);
  return {
    liveTokens: view.liveTokens,
    counted: view.lastSeq >= turnToSeq,
    breaker: view.breaker,
  };
}

/**
 * Stores one turn of `sessionId` for `tenantId` and answers what the route sends with its 202.
 * `ownerAgentId`: the agent of a bound agent key (null for any other key); its turn goes only into
 * its agent's session.
 */
export async function storeTurn(
  deps: ApiDeps,
  dispatcher: TurnDispatcher,
  target: { tenantId: string; sessionId: string; ownerAgentId: string | null },
  body: TurnBody,
): Promise<z.infer<typeof turnResponseSchema>> {
  const { tenantId, sessionId } = target;
  const workflowId = sessionWorkflowId(tenantId, sessionId);
  const { turnId, format, contextWindowTokens, settings, usage, userId, agentId } = body;
  requireContextWindow(deps.requireContextWindow, contextWindowTokens);
  const messages = canonicalMessagesOf(body);
  const counter = deps.tokenCounter ?? defaultTokenCounter;
  const tokens = messages.map((message) => counter.messageTokens(message));

  // While Temporal is known to be unreachable a turn is refused, writing nothing, as before
  // the outbox: the agent retries it (Retry-After) instead of piling up undelivered turns.
  if (!(await dispatcher.accepting())) throw unavailable('Temporal', undefined);
  // Seqs from 0: the statement stores the turn's signal before the turn has its seqs.
  const base = turnSignalAt(0, { turnId, messages, tokens, settings, usage });
  const template = signalTemplateText(base, 0);
  let result: Awaited<ReturnType<typeof appendTurn>>;
  try {
    result = await appendTurn(deps.db, {
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
      // A bound key's turn goes only into its agent's session: a racing first turn of another
      // agent claimed the id, and this one writes nothing (issue 33 item 4).
      ownerAgentId: target.ownerAgentId,
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
      // The turn's signal is stored with it, for the dispatcher to send (api/ingest/turn-dispatcher.ts).
      outbox: { taskQueue: deps.taskQueue, signal: template },
    });
  } catch (error) {
    if (error instanceof SessionOfAnotherAgent) throw notFound(`session ${sessionId}`);
    throw databaseError(error, 'body.messages');
  }
  deps.metrics?.turns.inc({ outcome: result.outcome });
  // Also on a replay: a row its first attempt left undelivered (a dead process) goes now.
  if (result.outcome === 'appended' && result.outboxId !== null) {
    const { fromSeq, toSeq } = result.turn;
    const signal = signalOfRow(base, fromSeq, result.session.contextWindowTokens);
    const row = {
      id: result.outboxId,
      fromSeq,
      toSeq,
      created: result.created,
      signal,
      bytes: template.length,
    };
    dispatcher.notify(tenantId, sessionId, row);
  } else if (result.outcome === 'replayed') dispatcher.notify(tenantId, sessionId);
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
  return {
    ...sessionViewOf(result.session),
    turn: {
      turnId,
      fromSeq: result.turn.fromSeq,
      toSeq: result.turn.toSeq,
      replayed: result.outcome === 'replayed',
    },
    warnings: turnWarnings({
      session: turnWarningSession(result.session, result.turn.toSeq),
      requestedWindow: contextWindowTokens,
      sessionWindow: result.session.contextWindowTokens,
      defaultWindow: deps.defaultContextWindowTokens,
      messages: messages.map((message, i) => ({ role: message.role, tokens: tokens[i]! })),
    }),
  };
}
