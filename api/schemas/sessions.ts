/**
 * zod response schemas of the session routes (docs/api.md#routes): the session view in its forms, a
 * turn's answer, overflow recovery and the Temporal history. OpenAPI, the typed client and the
 * CLI's tables are built from them. Each is checked at compile time against the type its handler
 * returns, so a field added there cannot be dropped from the answer by the serializer.
 */
import { z } from 'zod';
import { COMPACTION_STATUSES, COMPACTION_TRIGGERS } from '../../context/compaction-rules.js';
import type { sessionMemoryStats } from '../../db/memory/memory-extractions.js';
import type { ReportOverflowResult, SessionView } from '../../workflows/contract.js';
import type { HistoryRun } from '../control/history.js';
import type { ApiSessionView } from '../control/session-view.js';
import { type Expect, listTotalFields, type SameFields } from './common.js';

/** What a stored turn tells the agent about what its model cannot see (api/ingest/turn-warnings.ts, docs/api.md#turn-warnings). */
export const TURN_WARNING_CODES = [
  'context_window_defaulted',
  'message_exceeds_window',
  'breaker_open',
  'context_near_window',
  'context_over_window',
] as const;

export const turnWarningSchema = z
  .object({
    code: z.enum(TURN_WARNING_CODES),
    message: z.string(),
    contextWindowTokens: z.number(),
    /** `message_exceeds_window`: the message's index in this turn's `messages` and its size. */
    messageIndex: z.number().optional(),
    /** `message_exceeds_window`: the message's size; `context_*_window`: the live context's. */
    tokens: z.number().optional(),
    /** `breaker_open`: the breaker's last recorded failure (the provider's error). */
    reason: z.string().nullable().optional(),
  })
  .meta({
    description: 'Something the agent’s model will not see as the agent may expect; the turn is stored.',
  });
export type TurnWarning = z.infer<typeof turnWarningSchema>;

/** The view the session workflow persists (and answers a breaker reset with), keys in documented order. */
export const workflowSessionViewSchema = z.object({
  sessionId: z.string(),
  contextWindowTokens: z.number(),
  liveTokens: z.number(),
  /** liveTokens / contextWindowTokens. */
  ratio: z.number(),
  thresholds: z.object({ upload: z.number(), force: z.number() }),
  keepRecentTokens: z.number(),
  lastSeq: z.number(),
  boundarySeq: z.number(),
  summary: z.object({ compactionId: z.string(), tokens: z.number(), toSeq: z.number() }).nullable(),
  upload: z
    .object({
      compactionId: z.string(),
      fromSeq: z.number(),
      toSeq: z.number(),
      status: z.enum(COMPACTION_STATUSES),
      forced: z.boolean(),
      trigger: z.enum(COMPACTION_TRIGGERS),
    })
    .nullable(),
  /** A half-open breaker (its trial compaction running) reads `open` with `halfOpen`. */
  breaker: z.object({
    state: z.enum(['closed', 'open']),
    halfOpen: z.boolean(),
    consecutiveFailures: z.number(),
    lastError: z.string().nullable(),
  }),
  compactions: z.object({ total: z.number(), failed: z.number(), degraded: z.number() }),
  /**
   * Where liveTokens follows the provider's own count: the message whose reported usage anchors it
   * and that count (`exact`), or the offset carried over a compaction (`carried`); null: estimate.
   */
  calibration: z
    .object({ seq: z.number(), providerTokens: z.number(), mode: z.enum(['exact', 'carried']) })
    .nullable(),
  workflowId: z.string(),
});
type _WorkflowView = Expect<SameFields<z.infer<typeof workflowSessionViewSchema>, SessionView>>;

/** The session view as the API serves it: plus the whole transcript's size and the memory scope. */
export const sessionViewSchema = workflowSessionViewSchema.extend({
  transcript: z.object({ messages: z.number(), tokens: z.number() }),
  userId: z.string().nullable(),
  agentId: z.string().nullable(),
});
export type SessionViewAnswer = z.infer<typeof sessionViewSchema>;
type _View = Expect<SameFields<SessionViewAnswer, ApiSessionView>>;

/** GET /v1/sessions/{sessionId}: the view and the session's memory extractions. */
export const sessionWithMemorySchema = sessionViewSchema.extend({
  memory: z.object({
    extractions: z.object({ total: z.number(), failed: z.number() }),
    lastExtractionId: z.string().nullable(),
  }),
});
type _WithMemory = Expect<
  SameFields<
    z.infer<typeof sessionWithMemorySchema>,
    ApiSessionView & { memory: Awaited<ReturnType<typeof sessionMemoryStats>> }
  >
>;

/** GET /v1/sessions: newest first, each view with when the session was created. */
export const sessionListSchema = z.object({
  items: z.array(sessionViewSchema.extend({ createdAt: z.string() })),
  nextCursor: z.string().nullable(),
  ...listTotalFields,
});
export type SessionListAnswer = z.infer<typeof sessionListSchema>;

/**
 * POST /v1/sessions/{sessionId}/turns: the view after the turn was stored, the turn's seqs, and
 * what the agent's model will not see as it may expect (api/ingest/turn-warnings.ts; empty when nothing).
 */
export const turnResponseSchema = sessionViewSchema.extend({
  turn: z.object({ turnId: z.string(), fromSeq: z.number(), toSeq: z.number(), replayed: z.boolean() }),
  warnings: z.array(turnWarningSchema),
});

/** POST /v1/sessions/{sessionId}/overflow (docs/engine-rules.md#overflow-recovery). */
export const overflowResultSchema = z.object({
  action: z.enum(['retry', 'reset', 'give_up', 'not_overflow']),
  step: z.string(),
  message: z.string().optional(),
  attempts: z.object({ compaction: z.number(), truncated: z.number(), reset: z.number() }),
  /** The compaction that freed the tokens, with `retry` after a compaction. */
  compactionId: z.string().optional(),
});
type _Overflow = Expect<SameFields<z.infer<typeof overflowResultSchema>, ReportOverflowResult>>;

/** GET /v1/sessions/{sessionId}/history: the session's runs, then its compactions' and extractions'. */
export const historySchema = z.object({
  runs: z.array(
    z.object({
      workflowId: z.string(),
      runId: z.string(),
      status: z.string(),
      events: z.array(z.object({ id: z.number(), time: z.string(), type: z.string(), summary: z.string() })),
      /** This run in the Temporal Web UI when MOLT_TEMPORAL_UI_URL is set (docs/console.md); else null. */
      uiUrl: z.string().nullable(),
    }),
  ),
});
export type HistoryAnswer = z.infer<typeof historySchema>;
type _History = Expect<SameFields<HistoryAnswer['runs'][number], HistoryRun>>;
