/** zod request and response schemas of the memory routes (docs/memory.md#api); OpenAPI is built from them. */

import { z } from 'zod';
import { MEMORY_ABSTRACT_MAX, MEMORY_CONTENT_MAX } from '../../context/memory/policy.js';
import { EXTRACTION_VERDICTS, memoryTypeSchema, storedMemoryTypeSchema } from '../../context/memory/types.js';
import type { memorySnapshot } from '../../db/memory/memories.js';
import type { extractionSummaryOf, getExtractionWithDiff } from '../../db/memory/memory-extractions.js';
import type { getMemoryWithEvents } from '../../db/memory/memory-reads.js';
import { type Expect, listTotalFields, type SameFields, scopeIdSchema, sessionIdSchema } from './common.js';

export const memoryStatusSchema = z.enum(['active', 'superseded', 'deleted']);

export const memorySourceSchema = z.union([
  z.object({
    sessionId: z.string(),
    fromSeq: z.number(),
    toSeq: z.number(),
    quote: z.string(),
    role: z.string().optional().describe("The quoted message's role: `user` means said by the user"),
    part: z
      .number()
      .int()
      .optional()
      .describe("An episode's sentence group of a long message (0-based; absent: the whole message)"),
    speaker: z
      .string()
      .optional()
      .describe("The quoted message's speaker name, in a conversation between people"),
  }),
  z.object({ kind: z.enum(['commit_memory', 'operator']), sessionId: z.string().optional() }),
]);

export const memorySchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  agentId: z.string().nullable(),
  type: storedMemoryTypeSchema.describe('A memory type, or `episode`: what one turn said, verbatim'),
  category: z.string().nullable(),
  key: z.string().nullable(),
  content: z.string(),
  abstract: z.string(),
  priority: z.number().int(),
  source: memorySourceSchema,
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  recordedAt: z.string(),
  supersededAt: z.string().nullable(),
  supersededBy: z.string().nullable(),
  extractionId: z.string().nullable(),
  status: memoryStatusSchema,
  speaker: z
    .string()
    .nullable()
    .describe("Who said it (episodes): the message's `name` when it has one, else its role or tool"),
  occurredAt: z
    .string()
    .nullable()
    .describe("When it was said: the message's timestamp, else when molt stored it (null: unknown)"),
  dates: z
    .array(z.object({ text: z.string(), from: z.string(), to: z.string() }))
    .nullable()
    .describe('The dates its text names, resolved against `occurredAt` (days, inclusive, YYYY-MM-DD)'),
  /** Search relevance (full-text rank + trigram similarity), only with `query`. */
  score: z.number().optional(),
});

/** How a recall ranked (api/assembly/hybrid-recall.ts): fused with vectors, or lexical and why. */
export const retrievalSchema = z.object({
  mode: z.enum(['hybrid', 'lexical']),
  reason: z.enum(['embeddings_off', 'embedding_timeout', 'embedding_failed']).optional(),
});

export const memoryEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['add', 'supersede', 'delete', 'duplicate', 'noop']),
  extractionId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** Why the update policy decided so (null for deletes and events older than the policy). */
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const memoryWithEventsSchema = memorySchema.extend({ events: z.array(memoryEventSchema) });

export const memoryListSchema = z.object({
  items: z.array(memorySchema),
  nextCursor: z.string().nullable(),
  ...listTotalFields,
});

/** A hit of the one ranked list: an episode (what a turn said) or a memory, with the episodes it was extracted from. */
export const memoryHitSchema = memorySchema.extend({
  kind: z
    .enum(['episode', 'memory'])
    .describe('`episode`: a turn, verbatim; `memory`: extracted or committed'),
  episodeIds: z
    .array(z.string())
    .describe('The episodes this memory was extracted from, folded into it (one hit, not two)'),
  amendedBy: z
    .string()
    .optional()
    .describe(
      'A later episode that says it amends this one (placed directly above it: docs/recall-and-updates.md#newest-wins)',
    ),
});

/** POST /v1/memories/search: the one recall ranking (hybrid or lexical, said in `retrieval`). */
export const memorySearchSchema = z.object({
  items: z.array(memoryHitSchema),
  nextCursor: z.string().nullable(),
  retrieval: retrievalSchema.optional(),
});

/** POST /v1/memories (201 added or superseding, 200 a duplicate or no-op: the memory in force) and DELETE /v1/memories/{id}. */
export const memoryAnswerSchema = z.object({ memory: memorySchema });

/** commit_memory's arguments: the tool agents register (GET /v1/tools) and POST /v1/memories. */
export const commitMemoryBodySchema = z.strictObject({
  content: z.string().trim().min(1).max(MEMORY_CONTENT_MAX),
  type: memoryTypeSchema.default('profile'),
  category: z.string().min(1).max(200).optional(),
  priority: z.number().int().min(1).max(5).default(3),
  abstract: z.string().min(1).max(MEMORY_ABSTRACT_MAX).optional(),
  userId: scopeIdSchema.optional(),
  agentId: scopeIdSchema.optional(),
  sessionId: sessionIdSchema.optional(),
  key: z.string().min(1).max(200).optional(),
});

/**
 * search_memories (GET /v1/tools) as an agent calls it: `max_results` is the tool's name for
 * `limit`. `sessionId` searches that session's recall scope (its user's and agent's memories),
 * exactly as the automatic recall does.
 */
export const searchMemoriesBodySchema = z.strictObject({
  query: z.string().trim().min(1).max(2_000),
  limit: z.number().int().min(1).max(50).optional(),
  max_results: z.number().int().min(1).max(50).optional(),
  sessionId: z.string().min(1).max(200).optional(),
  userId: scopeIdSchema.optional(),
  agentId: scopeIdSchema.optional(),
});

/**
 * The tools' arguments as a model fills them in (GET /v1/tools and the MCP server, mcp/server.ts):
 * no scope field. Whose memories they touch comes from the key and the configuration, never from
 * the model (api/memory/memory-scope.ts).
 */
export const MEMORY_TOOL_DESCRIPTIONS = {
  search_memories:
    "Search the user's and agent's durable memories (preferences, facts, decisions) and everything said in earlier conversations, by meaning and exact words. Each hit says whether it is a turn (`episode`: who said it, when, in which session and seq) or a memory; read_history shows the turns around a hit.",
  commit_memory: 'Store a durable memory now (deduplicated): something worth knowing in later sessions.',
} as const;
export const searchMemoriesArgsSchema = z.strictObject({
  query: searchMemoriesBodySchema.shape.query.describe('What to look for'),
  max_results: searchMemoriesBodySchema.shape.max_results.describe('At most this many memories (default 5)'),
});
export const commitMemoryArgsSchema = commitMemoryBodySchema.omit({
  userId: true,
  agentId: true,
  sessionId: true,
});

export const memoryListQuerySchema = z.strictObject({
  query: z.string().trim().min(1).max(2_000).optional(),
  type: storedMemoryTypeSchema
    .optional()
    .describe('Only this type; `episode` lists episodes (left out of every other listing)'),
  userId: scopeIdSchema.optional(),
  agentId: scopeIdSchema.optional(),
  /**
   * Only what a reader acting for this agent may read (docs/security.md#what-an-agent-reads): its
   * own memories and those learned through no agent. A key bound to an agent always lists as it.
   */
  readerAgentId: scopeIdSchema.optional(),
  status: memoryStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});

export const memoryParamsSchema = z.object({ memoryId: z.string().min(1).max(200) });

export const erasureQuerySchema = z.strictObject({ userId: scopeIdSchema });
export const erasureReceiptSchema = z.object({
  userId: z.string(),
  memories: z.number().int(),
  events: z.number().int(),
  extractions: z.number().int(),
  episodes: z.number().int().describe('Episodes (turns indexed as memory) erased'),
  vectors: z.number().int().describe('Embedding vectors erased (of memories and episodes)'),
  amendments: z
    .number()
    .int()
    .describe(
      'Amendment links erased (an episode that amends an earlier one: docs/recall-and-updates.md#newest-wins)',
    ),
});

const countsSchema = z
  .object({
    candidates: z.number(),
    added: z.number(),
    superseded: z.number(),
    duplicates: z.number(),
    noops: z.number().optional(),
    rejected: z.number(),
    rejectedReasons: z.record(z.string(), z.number()),
    rejections: z
      .array(z.object({ index: z.number(), type: z.string().nullable(), reason: z.string() }))
      .optional()
      .describe(
        "Each rejected candidate (the first 100): its place in the extractor's answer, its type and why (quote_not_found, quote_wrong_role, quote_forwarded, quote_lacks_content, question_not_found, invalid, no_scope)",
      ),
  })
  .nullable();

export const extractionSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  userId: z.string().nullable(),
  agentId: z.string().nullable(),
  fromSeq: z.number(),
  toSeq: z.number(),
  trigger: z.enum(['upload', 'new', 'idle', 'replay']),
  status: z.enum(['running', 'succeeded', 'failed']),
  extractor: z.string(),
  counts: countsSchema,
  tokens: z.object({ input: z.number(), output: z.number() }).nullable(),
  error: z.string().nullable(),
  /** What it came to (docs/memory.md#verdicts); null while running and on rows from before verdicts. */
  verdict: z.enum(EXTRACTION_VERDICTS).nullable(),
  /** Why, once per extraction: the provider's error text and status of a failed one. */
  cause: z.string().nullable(),
  replayOf: z.string().nullable(),
  workflowId: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const extractionWithDiffSchema = extractionSchema.extend({
  diff: z.array(
    z.object({
      id: z.string(),
      kind: memoryEventSchema.shape.kind,
      memoryId: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      reason: z.string().nullable(),
    }),
  ),
});

export const extractionListSchema = z.object({
  items: z.array(extractionSchema),
  nextCursor: z.string().nullable(),
  ...listTotalFields,
});

/** POST /v1/memory-extractions/{extractionId}/replay (202): the new attempt, running. */
export const extractionReplayAnswerSchema = z.object({ extraction: extractionSchema });

export const extractionListQuerySchema = z.strictObject({
  sessionId: sessionIdSchema.optional(),
  status: z.enum(['running', 'succeeded', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});

export const extractionParamsSchema = z.object({ extractionId: z.string().min(1).max(500) });

// Each schema names exactly the fields the db layer returns: the serializer would drop any other.
type _Memory = Expect<
  SameFields<Omit<z.infer<typeof memorySchema>, 'score'>, ReturnType<typeof memorySnapshot>>
>;
type _WithEvents = Expect<
  SameFields<
    Omit<z.infer<typeof memoryWithEventsSchema>, 'score'>,
    NonNullable<Awaited<ReturnType<typeof getMemoryWithEvents>>>
  >
>;
type _Extraction = Expect<
  SameFields<z.infer<typeof extractionSchema>, ReturnType<typeof extractionSummaryOf>>
>;
type _Diff = Expect<
  SameFields<
    z.infer<typeof extractionWithDiffSchema>,
    NonNullable<Awaited<ReturnType<typeof getExtractionWithDiff>>>
  >
>;

/** How many turns `read_history` returns around a hit at most, and the characters of one message. */
export const READ_HISTORY_LIMITS = { around: 20, messages: 50, messageChars: 20_000 } as const;

/**
 * POST /v1/memories/expand (the `read_history` tool): the turns behind a search hit (`id`), a
 * compaction's summary (`compactionId`) or a place in a session (`at`), verbatim and bounded,
 * in the caller's scope. `sessionId`, `userId`, `agentId` name the caller's scope as in search.
 */
export const expandBodySchema = z
  .strictObject({
    id: z.string().min(1).max(200).optional().describe('A search hit: an episode or a memory'),
    compactionId: z.string().min(1).max(500).optional().describe("A compaction: its summary's range"),
    at: z
      .strictObject({ sessionId: z.string().min(1).max(200), seq: z.number().int().min(1) })
      .optional()
      .describe('A place in a session'),
    before: z
      .number()
      .int()
      .min(0)
      .max(READ_HISTORY_LIMITS.around)
      .optional()
      .describe('Turns before (default 3)'),
    after: z
      .number()
      .int()
      .min(0)
      .max(READ_HISTORY_LIMITS.around)
      .optional()
      .describe('Turns after (default 3)'),
    afterSeq: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Page through a compaction's range: messages after this seq"),
    sessionId: sessionIdSchema.optional(),
    userId: scopeIdSchema.optional(),
    agentId: scopeIdSchema.optional(),
  })
  .refine((b) => [b.id, b.compactionId, b.at].filter((x) => x !== undefined).length === 1, {
    message: 'name exactly one of id, compactionId or at',
  });

export const historyMessageSchema = z.object({
  seq: z.number().int(),
  role: z.string(),
  speaker: z.string(),
  occurredAt: z.string(),
  /** The message as stored (verbatim), unless `clipped`: then its text, cut. */
  message: z.unknown(),
  clipped: z.boolean(),
});

export const expandAnswerSchema = z.object({
  sessionId: z.string(),
  fromSeq: z.number().int(),
  toSeq: z.number().int(),
  messages: z.array(historyMessageSchema),
  /** More of the range follows: ask again with `afterSeq` = the last seq shown. */
  nextAfterSeq: z.number().int().nullable(),
});

/** read_history as a model calls it: no scope field (the client adds the session). */
export const readHistoryArgsSchema = z.strictObject({
  id: z.string().min(1).max(200).optional().describe('The id of a search_memories hit'),
  compactionId: z.string().min(1).max(500).optional().describe("A compaction whose summary's turns to read"),
  before: expandBodySchema.shape.before,
  after: expandBodySchema.shape.after,
  afterSeq: expandBodySchema.shape.afterSeq,
});

export const READ_HISTORY_DESCRIPTION =
  'Read the turns of an earlier conversation verbatim: around a search_memories hit (its id), or behind a compaction summary (its compactionId). Bounded; page with afterSeq.';
