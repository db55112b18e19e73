/**
 * GET /v1/sessions/{sessionId}/context — what the agent sends to its LLM next: the continuation
 * message with the summary in force (and after it the key files the compacted range read or
 * changed, docs/key-file-restore.md), then the messages after the boundary, pruned
 * (docs/engine-rules.md#pruning), truncated (docs/engine-rules.md#truncation) and pairing-repaired
 * (docs/engine-rules.md#tool-pairing), in the format the agent asked for; with recall
 * (docs/memory.md#recall)
 * the scope's memories come back as a simulated `search_memories` call after the latest user
 * message, SKILL.md reads carry their skill's memory, and `systemPromptAddition` holds the
 * profile, the session's tool memories and an overview. Nothing recalled is ever stored.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultTokenCounter } from '../../config/defaults.js';
import { convertFromCanonical, messageFormatSchema } from '../../context/adapters/index.js';
import { assembleContext } from '../../context/assemble.js';
import { buildContinuationMessage } from '../../context/digest/summary.js';
import { episodeCountOf, episodeId } from '../../context/memory/episodes.js';
import { injectAfterLatestUser, recallMessages, recallQueryOf } from '../../context/memory/recall.js';
import type { Message } from '../../context/messages.js';
import { type PruningConfig, resolvePruningSettings } from '../../context/pruning/settings.js';
import { summaryOf } from '../../db/compaction-writes.js';
import type { MemoryRow } from '../../db/memory/memory-schema.js';
import { touchPromptCache } from '../../db/sessions.js';
import { getSession, readEffectiveMessages } from '../../db/transcript.js';
import { rankHybrid } from '../assembly/hybrid-recall.js';
import {
  keyFileRestoreOf,
  readRestoreRange,
  restoredSchema,
  restoredView,
} from '../assembly/key-file-restore.js';
import {
  DEFAULT_RECALL_SETTINGS,
  fitRanked,
  promptAdditionFor,
  recalledMemory,
  withSkillMemories,
} from '../assembly/recall.js';
import { sessionViewOf } from '../control/session-view.js';
import type { ApiDeps } from '../deps.js';
import { contextWarnings } from '../ingest/turn-warnings.js';
import { ApiError, notFound } from '../plugins/errors.js';
import { errorResponses, sessionParamsSchema } from '../schemas/common.js';
import { retrievalSchema } from '../schemas/memories.js';
import { turnWarningSchema } from '../schemas/sessions.js';
import type { SessionSettingsBody } from '../schemas/settings.js';

/** A query-string flag: `true`/`1` or `false`/`0` (z.coerce.boolean would take "false" as true). */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

const contextQuerySchema = z.strictObject({
  format: messageFormatSchema.default('openclaw'),
  /** Assemble for this many tokens instead of the session's window (e.g. to leave room for output). */
  budget: z.coerce.number().int().min(1_000).optional(),
  /** Memory recall, skill memories and the system-prompt addition (default on). */
  recall: flag(true),
  /** Operator keys only: each recalled memory's score and matched terms. */
  explain: flag(false),
  /**
   * The user's message this context is for, not stored yet (an agent assembles before it commits
   * the turn): recall searches for it first. Its first 2 000 characters are plenty: the query keeps
   * 200 of each message (context/memory/recall.ts).
   */
  prompt: z.string().max(2_000).optional(),
  /**
   * false: the agent has no search_memories tool. Nothing then names it: recalled memories go in
   * the system-prompt addition instead of a simulated call.
   */
  memoryTools: flag(true),
});

export const recallSchema = z.object({
  /** The query the simulated call shows (the last user messages), or null when recall did not run. */
  query: z.string().nullable(),
  /** The memories injected, best first. */
  memoryIds: z.array(z.string()),
  skipped: z.enum(['disabled', 'no_user_message', 'greeting', 'short', 'no_terms']).optional(),
  /** How recall ranked: `hybrid` (lexical + vectors, fused) or `lexical`, with why (docs/recall-and-updates.md). */
  retrieval: retrievalSchema.optional(),
  /** Skills whose SKILL.md result carries their memory block. */
  skills: z.array(z.string()),
  /** With explain=true: every memory over the threshold, whether it fitted or not. */
  explain: z
    .array(
      z.object({
        id: z.string(),
        type: z.string(),
        kind: z.enum(['episode', 'memory']),
        content: z.string(),
        score: z.number(),
        trigram: z.number(),
        /** Cosine to the query's vector; null when the vector side did not find it or was off. */
        cosine: z.number().nullable(),
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
  /** Key files restored after the continuation message (docs/key-file-restore.md). */
  restored: restoredSchema,
  /** The breaker open; the context near the window, or fitted to it (docs/api.md#turn-warnings). */
  warnings: z.array(turnWarningSchema),
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
        const { recall: recallOn, explain, prompt, memoryTools } = request.query;
        if (explain && request.auth.role !== 'operator') {
          throw new ApiError(403, 'forbidden', 'query.explain: needs an operator key');
        }
        const row = await getSession(deps.db, tenantId, sessionId);
        if (!row) throw notFound(`session ${sessionId}`);
        const view = sessionViewOf(row);
        const settings = (row.settings ?? {}) as SessionSettingsBody;
        const counter = deps.tokenCounter ?? defaultTokenCounter;
        const recallSettings = deps.recall ?? DEFAULT_RECALL_SETTINGS;
        const scope = { tenantId, sessionId, userId: row.userId, agentId: row.agentId };
        const [summary, stored, restoreRange] = await Promise.all([
          view.summary ? summaryOf(deps.db, tenantId, view.summary.compactionId) : undefined,
          readEffectiveMessages(deps.db, tenantId, sessionId, { afterSeq: view.boundarySeq }),
          readRestoreRange(deps.db, {
            tenantId,
            sessionId,
            summary: view.summary,
            boundarySeq: view.boundarySeq,
            config: settings.keyFileRestore,
          }),
        ]);
        const window = Math.min(view.contextWindowTokens, request.query.budget ?? Number.POSITIVE_INFINITY);

        // Recall first: its tokens come out of the budget the transcript is assembled into.
        const recall: z.infer<typeof recallSchema> = { query: null, memoryIds: [], skills: [] };
        let injected: Message[] = [];
        // Recalled memories go in the system-prompt addition when no tool call may show them: the
        // agent has no search_memories tool, or nothing precedes the current message.
        const recallInPrompt = !memoryTools || (prompt !== undefined && stored.length === 0);
        let recalledRows: MemoryRow[] = [];
        if (!recallOn) {
          recall.skipped = 'disabled';
        } else {
          const current: Message[] =
            prompt === undefined ? [] : [{ role: 'user', content: prompt, timestamp: 0 }];
          const query = recallQueryOf([...stored.map((m) => m.body), ...current]);
          if ('skipped' in query) {
            recall.skipped = query.skipped;
          } else {
            // The turns still in the live context are not recalled: the model reads them already.
            const excludeIds = stored.flatMap((m) =>
              Array.from({ length: episodeCountOf(m.body) }, (_, part) =>
                episodeId(tenantId, sessionId, m.seq, part),
              ),
            );
            const hybrid = await rankHybrid(
              deps.db,
              scope,
              query,
              recallSettings.minScore,
              deps.embedding,
              undefined,
              { excludeIds },
            );
            const ranked = hybrid.ranked;
            recall.retrieval = hybrid.retrieval;
            const fitted = fitRanked(ranked, recallSettings);
            recall.query = query.query;
            recall.memoryIds = fitted.map((r) => r.memory.id);
            if (recallInPrompt) recalledRows = fitted.map((r) => r.memory);
            else if (fitted.length > 0)
              injected = recallMessages(
                query.query,
                fitted.map((r) => recalledMemory(r.memory)),
              );
            if (explain) {
              const chosen = new Set(recall.memoryIds);
              recall.explain = ranked.map((r) => ({
                id: r.memory.id,
                type: r.memory.type,
                kind: r.kind,
                content: r.memory.content,
                score: Math.round(r.score * 10_000) / 10_000,
                trigram: Math.round(r.trigram * 10_000) / 10_000,
                cosine: r.cosine === null ? null : Math.round(r.cosine * 10_000) / 10_000,
                matchedTerms: r.matched,
                injected: chosen.has(r.memory.id),
              }));
            }
          }
        }
        const injectedTokens = injected.length > 0 ? counter.messagesTokens(injected) : 0;
        const promptAddition = recallOn
          ? promptAdditionFor(deps.db, scope, recallSettings, {
              searchTool: memoryTools,
              ...(recallInPrompt ? { recalled: recalledRows } : {}),
            })
          : null;
        promptAddition?.catch(() => {}); // awaited below; never an unhandled rejection meanwhile

        const knownTokens = new Map<Message, number>(stored.map((m) => [m.body, m.tokens]));
        // Key files go right after the continuation message; their tokens count in the prefix.
        const live = stored.map((m) => m.body);
        const restore = keyFileRestoreOf(
          summary ? restoreRange : null,
          live,
          window - injectedTokens,
          counter,
        );
        const prefix = summary
          ? [buildContinuationMessage(summary.text), ...(restore.message ? [restore.message] : [])]
          : [];
        const now = Date.now();
        const assembled = assembleContext({
          messages: live,
          prefix,
          contextWindowTokens: Math.max(0, window - injectedTokens),
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
          // For the current message, the call goes last: right before it, after what is cached.
          messages =
            prompt !== undefined
              ? [...withSkills.messages, ...injected]
              : injectAfterLatestUser(withSkills.messages, injected);
          if (messages.length === withSkills.messages.length && !recallInPrompt) recall.memoryIds = [];
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
          restored: restoredView(restore),
          warnings: contextWarnings({
            window,
            estimatedTokens,
            fitted: assembled.fitted,
            breaker: view.breaker,
          }),
        };
      },
    );
  };
}
