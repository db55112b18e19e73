/**
 * GET /v1/sessions/{sessionId}/context — what the agent sends to its LLM next: the continuation
 * message with the summary in force, then the messages after the boundary, pruned (§4), truncated
 * (§5) and pairing-repaired (§6), in the format the agent asked for.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { convertFromCanonical, messageFormatSchema } from '../../context/adapters.js';
import { assembleContext } from '../../context/assemble.js';
import { buildContinuationMessage } from '../../context/digest/summary.js';
import type { Message } from '../../context/messages.js';
import { type PruningConfig, resolvePruningSettings } from '../../context/pruning/settings.js';
import { sessions, summaries } from '../../db/schema.js';
import { getSession, readEffectiveMessages } from '../../db/transcript.js';
import type { ApiDeps } from '../context.js';
import { notFound } from '../errors.js';
import { sessionParamsSchema } from '../schemas.js';
import { sessionViewOf } from '../session-view.js';
import type { SessionSettingsBody } from '../settings.js';

const contextQuerySchema = z.strictObject({
  format: messageFormatSchema.default('openclaw'),
  /** Assemble for this many tokens instead of the session's window (e.g. to leave room for output). */
  budget: z.coerce.number().int().min(1_000).optional(),
});

export function contextRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/sessions/:sessionId/context',
      { schema: { params: sessionParamsSchema, querystring: contextQuerySchema } },
      async (request) => {
        const { tenantId } = request.auth;
        const { sessionId } = request.params;
        const row = await getSession(deps.db, tenantId, sessionId);
        if (!row) throw notFound(`session ${sessionId}`);
        const view = sessionViewOf(row);
        const settings = (row.settings ?? {}) as SessionSettingsBody;

        const [summary] = view.summary
          ? await deps.db
              .select()
              .from(summaries)
              .where(eq(summaries.compactionId, view.summary.compactionId))
          : [];
        const stored = await readEffectiveMessages(deps.db, tenantId, sessionId, {
          afterSeq: view.boundarySeq,
        });
        const knownTokens = new Map<Message, number>(stored.map((m) => [m.body, m.tokens]));
        const prefix = summary ? [buildContinuationMessage(summary.text)] : [];
        const now = Date.now();
        const assembled = assembleContext({
          messages: stored.map((m) => m.body),
          prefix,
          contextWindowTokens: Math.min(
            view.contextWindowTokens,
            request.query.budget ?? Number.POSITIVE_INFINITY,
          ),
          pruning: resolvePruningSettings((settings.pruning ?? undefined) as PruningConfig | undefined),
          historyLimit: settings.historyLimit ?? null,
          now,
          lastCacheTouchAt: row.lastCacheTouchAt?.getTime() ?? null,
          knownTokens: (message) => knownTokens.get(message),
          ...(deps.tokenCounter ? { tokenCounter: deps.tokenCounter } : {}),
        });
        if (assembled.pruneApplied) {
          await deps.db
            .update(sessions)
            .set({ lastCacheTouchAt: new Date(now) })
            .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)));
        }
        return {
          messages: convertFromCanonical(assembled.messages, request.query.format),
          estimatedTokens: assembled.estimatedTokens,
          summary: summary ? { compactionId: summary.compactionId, text: summary.text } : null,
          boundarySeq: view.boundarySeq,
          lastSeq: view.lastSeq,
          pruned: assembled.pruned,
          truncated: assembled.truncated,
          repaired: assembled.repair,
        };
      },
    );
  };
}
