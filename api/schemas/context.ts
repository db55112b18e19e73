/**
 * zod schemas of GET /v1/sessions/{sessionId}/context (docs/api.md#routes): its query and its
 * answer, with what recall did. The flow that answers is api/assembly/context-assembly.ts.
 */
import { z } from 'zod';
import { messageFormatSchema } from '../../context/adapters/index.js';
import { retrievalSchema } from './memories.js';
import { turnWarningSchema } from './sessions.js';

/** Key files restored after the continuation message (docs/key-file-restore.md). */
export const restoredSchema = z.object({
  /** The restored files in the order they appear: modified first, then read; each newest first. */
  files: z.array(
    z.object({
      path: z.string(),
      /** The seq of the read, edit or write result the content is from. */
      seq: z.number(),
      operation: z.enum(['read', 'edit', 'write']),
      tokens: z.number(),
      chars: z.number(),
      shownChars: z.number(),
    }),
  ),
  /** Tokens of the restore message (counted in estimatedTokens). */
  tokens: z.number(),
  /** Key files not restored because they were read or changed again after the boundary. */
  skippedLive: z.array(z.string()),
});
export type Restored = z.infer<typeof restoredSchema>;

/** A query-string flag: `true`/`1` or `false`/`0` (z.coerce.boolean would take "false" as true). */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

export const contextQuerySchema = z.strictObject({
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
export type RecallAnswer = z.infer<typeof recallSchema>;

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
export type ContextQuery = z.infer<typeof contextQuerySchema>;
export type ContextAnswer = z.infer<typeof contextResponseSchema>;
