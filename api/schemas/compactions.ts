/**
 * zod response schemas of the compaction routes (docs/api.md#routes): the list item, one compaction in
 * full, a manual compaction's answer and a replay's. Checked at compile time against what the db
 * layer returns, like the session schemas (api/schemas/sessions.ts).
 */
import { z } from 'zod';
import {
  COMPACTION_STATUSES,
  COMPACTION_TRIGGERS,
  COMPACTION_VERDICTS,
} from '../../context/compaction-rules.js';
import { workingMemorySchema } from '../../context/working-memory/model.js';
import type { compactionListItemOf, getCompaction } from '../../db/compactions.js';
import type { CompactResult } from '../../workflows/contract.js';
import { type Expect, listTotalFields, type SameFields } from './common.js';

/** One compaction attempt as lists show it. */
export const compactionItemSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  trigger: z.enum(COMPACTION_TRIGGERS),
  status: z.enum(COMPACTION_STATUSES),
  /** The range of seqs it summarises, both ends included. */
  fromSeq: z.number(),
  toSeq: z.number(),
  /** Tokens the summary replaces, and the summary's own; null until it finished. */
  tokensBefore: z.number().nullable(),
  tokensAfter: z.number().nullable(),
  error: z.string().nullable(),
  /** What it came to (docs/engine-rules.md#verdicts); null while running and on rows from before verdicts. */
  verdict: z.enum(COMPACTION_VERDICTS).nullable(),
  /** Why, once per compaction: the provider's error text and status behind a degraded or failed one. */
  cause: z.string().nullable(),
  /** The failed compaction this attempt replays. */
  replayOf: z.string().nullable(),
  workflowId: z.string(),
  runId: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CompactionItem = z.infer<typeof compactionItemSchema>;
type _Item = Expect<SameFields<CompactionItem, ReturnType<typeof compactionListItemOf>>>;

export const compactionListSchema = z.object({
  items: z.array(compactionItemSchema),
  nextCursor: z.string().nullable(),
  ...listTotalFields,
});
export type CompactionListAnswer = z.infer<typeof compactionListSchema>;

/** GET /v1/compactions/{compactionId}: with its summary, TODOs, files, tool failures and chunks. */
export const compactionSchema = compactionItemSchema.extend({
  summary: z.string().nullable(),
  summaryTokens: z.number().nullable(),
  /** The cumulative working memory `summary` renders (docs/working-memory.md); null on older rows. */
  workingMemory: workingMemorySchema.nullable(),
  todos: z.array(z.object({ text: z.string(), status: z.string() })),
  files: z.object({
    read: z.array(z.string()),
    modified: z.array(z.string()),
    referenced: z.array(z.string()),
  }),
  toolFailures: z.array(
    z.object({
      toolCallId: z.string(),
      toolName: z.string(),
      meta: z.string().nullable(),
      summary: z.string(),
    }),
  ),
  chunks: z.array(
    z.object({
      index: z.number(),
      fromSeq: z.number(),
      toSeq: z.number(),
      tokens: z.number(),
      /** Fallback level reached: 1 whole chunk, 2 without oversized messages, 3 extractive digest. */
      level: z.number().nullable(),
      attempts: z.number(),
      status: z.string(),
      error: z.string().nullable(),
    }),
  ),
});
export type CompactionAnswer = z.infer<typeof compactionSchema>;
type _Compaction = Expect<
  SameFields<CompactionAnswer, NonNullable<Awaited<ReturnType<typeof getCompaction>>>>
>;

/** What the session workflow answered when the compaction's row cannot be read back. */
const compactResultSchema = z.object({
  status: z.enum(['started', 'succeeded', 'degraded', 'failed']),
  compactionId: z.string(),
  error: z.string().optional(),
});
type _Result = Expect<
  SameFields<z.infer<typeof compactResultSchema>, Exclude<CompactResult, { status: 'nothing' }>>
>;

/** POST /v1/sessions/{sessionId}/compact: the compaction in full once it finished. */
export const compactAnswerSchema = z.union([compactionSchema, compactResultSchema]);

/**
 * POST /v1/compactions/{compactionId}/replay (202): the new attempt, in full once its row exists;
 * until then only what the workflow told.
 */
export const replaySchema = z.object({
  compaction: z.union([
    compactionSchema,
    z.object({
      id: z.string(),
      sessionId: z.string(),
      trigger: z.literal('replay'),
      status: z.literal('running'),
      replayOf: z.string(),
    }),
  ]),
});
export type ReplayAnswer = z.infer<typeof replaySchema>;

/** GET /v1/sessions/{sessionId}/working-memory: the summary in force, structured and rendered. */
export const workingMemoryAnswerSchema = z.object({
  sessionId: z.string(),
  /** The compaction whose summary is in force; null (and the rest null) before the first one. */
  compactionId: z.string().nullable(),
  /** The summary in force as the agent receives it inside the continuation message. */
  text: z.string().nullable(),
  tokens: z.number().nullable(),
  /** The session's summary budget (`settings.summaryMaxTokens`, or its default for the window). */
  budgetTokens: z.number(),
  workingMemory: workingMemorySchema.nullable(),
});
export type WorkingMemoryAnswer = z.infer<typeof workingMemoryAnswerSchema>;
