/** zod response schema of GET /v1/sessions/{sessionId}/timeline (docs/console.md#a-sessions-timeline). */

import { z } from 'zod';
import { EXTRACTION_VERDICTS } from '../../context/memory/types.js';
import type { TimelineItem } from '../../db/timeline.js';
import { type Expect, listTotalFields, type SameFields } from './common.js';
import { compactionItemSchema } from './compactions.js';

const at = z.string().describe('When it happened (a compaction or extraction: when it started), ISO 8601');

export const timelineItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('turn'),
    at,
    turnId: z.string(),
    fromSeq: z.number(),
    toSeq: z.number(),
    tokens: z.number(),
  }),
  // A compaction as the compaction list shows it (one home: api/schemas/compactions.ts), with the
  // levels its chunks were summarised at.
  compactionItemSchema
    .pick({
      trigger: true,
      status: true,
      fromSeq: true,
      toSeq: true,
      tokensBefore: true,
      tokensAfter: true,
      error: true,
      verdict: true,
      cause: true,
      replayOf: true,
      finishedAt: true,
    })
    .extend({
      kind: z.literal('compaction'),
      at,
      compactionId: z.string(),
      chunkLevels: z.array(z.number().nullable()),
      /** A replay can act now: false when a newer summary covers the range (it would answer 409). */
      replayable: z.boolean(),
    }),
  z.object({
    kind: z.literal('extraction'),
    at,
    extractionId: z.string(),
    status: z.enum(['running', 'succeeded', 'failed']),
    fromSeq: z.number(),
    toSeq: z.number(),
    added: z.number().nullable(),
    superseded: z.number().nullable(),
    error: z.string().nullable(),
    verdict: z.enum(EXTRACTION_VERDICTS).nullable(),
    cause: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('breaker'),
    at,
    state: z.string(),
    reason: z.string().nullable(),
    consecutiveFailures: z.number(),
    compactionId: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('truncation'),
    at,
    seq: z.number(),
    tokens: z.number(),
    reason: z.string(),
  }),
]);

const listTotal = z.object(listTotalFields);

export const timelineSchema = z.object({
  sessionId: z.string(),
  /** Oldest first. */
  items: z.array(timelineItemSchema),
  /** Some kind had more than `limit` entries: the oldest were left out. */
  truncated: z.boolean(),
  /** Each kind's entries in all, shown or not (counted up to a cap: `totalCapped`). */
  totals: z.object({
    turns: listTotal,
    compactions: listTotal,
    extractions: listTotal,
    breaker: listTotal,
    truncations: listTotal,
  }),
});
type _Item = Expect<SameFields<z.infer<typeof timelineItemSchema>, TimelineItem>>;
