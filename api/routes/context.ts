/**
 * GET /v1/sessions/{sessionId}/context — what the agent sends to its LLM next: the continuation
 * message with the summary in force, then the messages after the boundary, pruned (§4), truncated
 * (§5) and pairing-repaired (§6), in the format the agent asked for; with recall (MEMORY.md §4)
 * the scope's memories come back as a simulated `search_memories` call after the latest user
 * message, SKILL.md reads carry their skill's memory, and `systemPromptAddition` holds the
 * profile, the session's tool memories and an overview. Nothing recalled is ever stored.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { convertFromCanonical, messageFormatSchema } from '../../context/adapters/index.js';
import { assembleContext } from '../../context/assemble.js';
import { buildContinuationMessage } from '../../context/digest/summary.js';
import { injectAfterLatestUser, recallMessages, recallQueryOf } from '../../context/memory/recall.js';
import type { Message } from '../../context/messages.js';
import { type PruningConfig, resolvePruningSettings } from '../../context/pruning/settings.js';
import { createTokenCounter } from '../../context/tokens/index.js';
import { summaryOf } from '../../db/compaction-writes.js';
import { touchPromptCache } from '../../db/sessions.js';
import { getSession, readEffectiveMessages } from '../../db/transcript.js';
import type { ApiDeps } from '../context.js';
import { ApiError, notFound } from '../errors.js';
import {
  DEFAULT_RECALL_SETTINGS,
  fitRanked,
  promptAdditionFor,
  rankMemories,
  recalledMemory,
  withSkillMemories,
} from '../recall.js';
import { errorResponses, sessionParamsSchema } from '../schemas.js';
import { sessionViewOf } from '../session-view.js';
import type { SessionSettingsBody } from '../settings.js';

/** A query-string flag: `true`/`1` or `false`/`0` (z.coerce.boolean would take "false" as true). */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

const estimateCounter = createTokenCounter({ mode: 'estimate' });

const contextQuerySchema = z.strictObject({
  format: messageFormatSchema.default('openclaw'),
  /** Assemble for this many tokens instead of the session's window (e.g. to leave room for output). */
  budget: z.coerce.number().int().min(1_000).optional(),
  /** Memory recall, skill memories and the system-prompt addition (default on). */
  recall: flag(true),
  /** Operator keys only: each recalled memory's score and matched terms. */
  explain: flag(false),
});

export const recallSchema = z.object({
  /** The query the simulated call shows (the last user messages), or null when recall did not run. */
  query: z.string().nullable(),
  /** The memories injected, best first. */
  memoryIds: z.array(z.string()),
  skipped: z.enum(['disabled', 'no_user_message', 'greeting', 'short', 'no_terms']).optional(),
  /** Skills whose SKILL.md result carries their memory block. */
  skills: z.array(z.string()),
  /** With explain=true: every memory over the threshold, whether it fitted or not. */
  explain: z
    .array(
      z.object({
        id: z.string(),
        type: z.string(),
        content: z.string(),
        score: z.number(),
        trigram: z.number(),
        matchedTerms: z.array(z.string()),
        injected: z.boolean(),
      }),
    )
    .optional(),
});

export const contextResponseSchema = z.object({
  messages: z.array(z.unknown()),
  estimatedTokens: z.number(),
  summary: z.object({ compactionId: z.string(), text: z.string() }).nullable(),
  boundarySeq: z.number(),
  lastSeq: z.number(),
  pruned: z.object({ softTrimmed: z.number(), hardCleared: z.number() }),
  truncated: z.number(),
  repaired: z.object({
    added: z.number(),
    droppedDuplicateCount: z.number(),
    droppedOrphanCount: z.number(),
    moved: z.boolean(),
  }),
  systemPromptAddition: z.string().nullable(),
  recall: recallSchema,
});

export function contextRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/sessions/:sessionId/context',
      {
        schema: {
          params: sessionParamsSchema,
          querystring: contextQuerySchema,
          response: { 200: contextResponseSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        const { tenantId } = request.auth;
        const { sessionId } = request.params;
        const { recall: recallOn, explain } = request.query;
        if (explain && request.auth.role !== 'operator') {
          throw new ApiError(403, 'forbidden', 'query.explain: needs an operator key');
        }
        const row = await getSession(deps.db, tenantId, sessionId);
        if (!row) throw notFound(`session ${sessionId}`);
        const view = sessionViewOf(row);
        const settings = (row.settings ?? {}) as SessionSettingsBody;
        const counter = deps.tokenCounter ?? estimateCounter;
        const recallSettings = deps.recall ?? DEFAULT_RECALL_SETTINGS;
        const scope = { tenantId, sessionId, userId: row.userId, agentId: row.agentId };
        // The system-prompt addition depends on the stored memories only: read it meanwhile.
        const promptAddition = recallOn ? promptAdditionFor(deps.db, scope, recallSettings) : null;
        promptAddition?.catch(() => {}); // awaited below; never an unhandled rejection meanwhile

        const [summary, stored] = await Promise.all([
          view.summary ? summaryOf(deps.db, tenantId, view.summary.compactionId) : undefined,
          readEffectiveMessages(deps.db, tenantId, sessionId, { afterSeq: view.boundarySeq }),
        ]);

        // Recall first: its tokens come out of the budget the transcript is assembled into.
        const recall: z.infer<typeof recallSchema> = { query: null, memoryIds: [], skills: [] };
        let injected: Message[] = [];
        if (!recallOn) {
          recall.skipped = 'disabled';
        } else {
          const query = recallQueryOf(stored.map((m) => m.body));
          if ('skipped' in query) {
            recall.skipped = query.skipped;
          } else {
            const ranked = await rankMemories(deps.db, scope, query, recallSettings.minScore);
            const fitted = fitRanked(ranked, recallSettings);
            recall.query = query.query;
            recall.memoryIds = fitted.map((r) => r.memory.id);
            if (fitted.length > 0)
              injected = recallMessages(
                query.query,
                fitted.map((r) => recalledMemory(r.memory)),
              );
            if (explain) {
              const chosen = new Set(recall.memoryIds);
              recall.explain = ranked.map((r) => ({
                id: r.memory.id,
                type: r.memory.type,
                content: r.memory.content,
                score: Math.round(r.score * 10_000) / 10_000,
                trigram: Math.round(r.trigram * 10_000) / 10_000,
                matchedTerms: r.matched,
                injected: chosen.has(r.memory.id),
              }));
            }
          }
        }
        const injectedTokens = injected.length > 0 ? counter.messagesTokens(injected) : 0;

        const knownTokens = new Map<Message, number>(stored.map((m) => [m.body, m.tokens]));
        const prefix = summary ? [buildContinuationMessage(summary.text)] : [];
        const now = Date.now();
        const assembled = assembleContext({
          messages: stored.map((m) => m.body),
          prefix,
          contextWindowTokens: Math.max(
            0,
            Math.min(view.contextWindowTokens, request.query.budget ?? Number.POSITIVE_INFINITY) -
              injectedTokens,
          ),
          pruning: resolvePruningSettings((settings.pruning ?? undefined) as PruningConfig | undefined),
          historyLimit: settings.historyLimit ?? null,
          now,
          lastCacheTouchAt: row.lastCacheTouchAt?.getTime() ?? null,
          knownTokens: (message) => knownTokens.get(message),
          ...(deps.tokenCounter ? { tokenCounter: deps.tokenCounter } : {}),
        });
        if (assembled.pruneApplied) {
          await touchPromptCache(deps.db, tenantId, sessionId, new Date(now));
        }

        let messages = assembled.messages;
        let estimatedTokens = assembled.estimatedTokens;
        let systemPromptAddition: string | null = null;
        if (recallOn) {
          const withSkills = await withSkillMemories(deps.db, scope, messages);
          recall.skills = withSkills.skills;
          for (let i = 0; i < messages.length; i++) {
            if (withSkills.messages[i] !== messages[i]) {
              estimatedTokens +=
                counter.messageTokens(withSkills.messages[i]!) - counter.messageTokens(messages[i]!);
            }
          }
          messages = injectAfterLatestUser(withSkills.messages, injected);
          if (messages.length === withSkills.messages.length) recall.memoryIds = [];
          else estimatedTokens += injectedTokens;
          systemPromptAddition = await promptAddition;
        }
        return {
          messages: convertFromCanonical(messages, request.query.format),
          estimatedTokens,
          summary: summary ? { compactionId: summary.compactionId, text: summary.text } : null,
          boundarySeq: view.boundarySeq,
          lastSeq: view.lastSeq,
          pruned: assembled.pruned,
          truncated: assembled.truncated,
          repaired: assembled.repair,
          systemPromptAddition,
          recall,
        };
      },
    );
  };
}
