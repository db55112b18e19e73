/**
 * The contract of molt's workflows, declared once: every signal, update and query definition, the
 * payload types, and the workflow id builders — shared by the API, the workflows, the activities
 * and the tests. A leaf module: it imports only context/ types and Temporal's definers.
 *
 * Payloads carry ids, seqs and token counts — never message bodies (those live in PostgreSQL: the
 * claim-check pattern keeps histories far below Temporal's payload limits).
 *
 * The names given to defineSignal/defineUpdate/defineQuery are part of every recorded history:
 * never rename them.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { EmbeddingSelector, ExtractionTrigger } from '../context/memory/types.js';
import type {
  CompactionResult,
  CompactionTrigger,
  EngineView,
  LiveMessageMeta,
  SessionDefaults,
  SessionSettingsInput,
  SessionState,
  UsageReport,
} from '../context/session/index.js';

export type { CompactionResult, CompactionTrigger, ExtractionTrigger };

/** What continue-as-new carries of the session's memory hooks (workflows/session/session-memory.ts). */
export interface MemoryCarry {
  /** Every seq ≤ this has an extraction started. */
  extractedToSeq: number;
  /** The highest seq seen and when it was first seen (epoch ms): idleness starts there. */
  seenSeq: number;
  lastActivityAt: number;
}

/** What the workflow knows of one stored message (enough to choose a safe cut, never the body). */
export type MessageMeta = LiveMessageMeta;

export interface TurnSignal {
  turnId: string;
  messages: MessageMeta[];
  contextWindowTokens?: number;
  settings?: SessionSettingsInput;
  /**
   * The provider's count of the prompt behind one of the turn's assistant messages (its seq and
   * input + cacheRead + cacheWrite): counts only. Sessions calibrate their live tokens on it.
   */
  usage?: UsageReport;
}

/**
 * Turns coalesced into one signal (docs/architecture.md#coalesced-turns): a session's stored turns
 * the API's dispatcher drained from the outbox, in seq order. The workflow applies each turn not
 * applied yet and skips the rest, so a batch delivered twice, or overlapping an earlier one,
 * applies each seq once.
 */
export interface TurnBatchSignal {
  turns: TurnSignal[];
}

export interface SessionWorkflowInput {
  tenantId: string;
  sessionId: string;
  contextWindowTokens: number;
  settings?: SessionSettingsInput;
  /**
   * The defaults the session decides with, resolved by the API when it starts the run
   * (context/session/defaults.ts); a carried state keeps its own. Absent in the inputs of runs
   * started before they were carried: those decide with their era's (PRE_CARRIED_SESSION_DEFAULTS).
   */
  defaults?: SessionDefaults;
  /** State carried across continue-as-new; absent on the first run. */
  carried?: { state: SessionState; viewVersion: number; memory?: MemoryCarry };
  /**
   * The session existed before this run (its previous run is gone): read its state back from
   * PostgreSQL first (workflows/session/session-rebuild.ts). Absent for a new session and continue-as-new.
   */
  rebuild?: boolean;
  /**
   * A session idle this long extracts its unextracted tail (MOLT_MEMORY_IDLE_MS), resolved by the
   * API; absent in older runs' inputs: PRE_CARRIED_MEMORY_IDLE_MS.
   */
  memoryIdleMs?: number;
  /** Test hook: continue-as-new after this many events instead of when Temporal suggests it. */
  maxHistoryEvents?: number;
}

/** The session view the workflow persists and answers (docs/api.md): the engine's view and its workflow. */
export type SessionView = EngineView & { workflowId: string };

export interface ReportOverflowInput {
  attemptId: string;
  error: string;
  autoCompacted?: boolean;
}

export interface ReportOverflowResult {
  action: 'retry' | 'reset' | 'give_up' | 'not_overflow';
  step: string;
  message?: string;
  attempts: { compaction: number; truncated: number; reset: number };
  compactionId?: string;
}

export interface CompactInput {
  instructions?: string;
  keepRecentTokens?: number;
  /** Operator replay: a new attempt over (at most) this failed compaction's range. */
  replayOf?: {
    compactionId: string;
    fromSeq: number;
    toSeq: number;
    previousCompactionId: string | null;
    tokens: number;
  };
  /** Answer as soon as the compaction started instead of when it finished. */
  detach?: boolean;
}

export type CompactResult =
  | { status: 'started' | 'succeeded' | 'degraded' | 'failed'; compactionId: string; error?: string }
  | { status: 'nothing'; reason: string };

export const turnSignal = defineSignal<[TurnSignal]>('turn');
export const turnBatchSignal = defineSignal<[TurnBatchSignal]>('turns');
/** Kept for clients of molt ≤ 0.1 and sessions started by them; the API uses the Update below. */
export const resetBreakerSignal = defineSignal('resetBreaker');
/** Closes the breaker and answers with the session view once it is persisted. */
export const resetBreakerUpdate = defineUpdate<SessionView>('resetBreaker');
export const stateQuery = defineQuery<SessionView>('state');
export const reportOverflowUpdate = defineUpdate<ReportOverflowResult, [ReportOverflowInput]>(
  'reportOverflow',
);
export const compactUpdate = defineUpdate<CompactResult, [CompactInput]>('compact');

export function sessionWorkflowId(tenantId: string, sessionId: string): string {
  return `molt-session:${tenantId}:${sessionId}`;
}

// ---------------------------------------------------------------------------------------------
// compactionWorkflow

export interface CompactionInput {
  compactionId: string;
  tenantId: string;
  sessionId: string;
  /** The session workflow to report to with `compactionFinished` (none for a detached run). */
  parentWorkflowId: string | null;
  trigger: CompactionTrigger;
  /** The range (fromSeq - 1, toSeq] of stored messages to compact. */
  fromSeq: number;
  toSeq: number;
  contextWindowTokens: number;
  /** The summary in force before this range, folded into the new one. */
  previousCompactionId: string | null;
  instructions?: string;
  replayOf?: string;
  /** The breaker is open: summarise with the offline digest, calling no LLM. */
  offline?: boolean;
}

export const compactionFinishedSignal = defineSignal<[CompactionResult]>('compactionFinished');

export function compactionWorkflowId(compactionId: string): string {
  return `molt-compaction:${compactionId}`;
}

// ---------------------------------------------------------------------------------------------
// memoryExtractionWorkflow: payloads carry ids and seqs only; the range's messages and the
// candidates stay in PostgreSQL (claim-check).

export interface MemoryExtractionInput {
  tenantId: string;
  sessionId: string;
  /** The range (fromSeq - 1, toSeq] of stored messages to extract from. */
  fromSeq: number;
  toSeq: number;
  trigger: ExtractionTrigger;
  /** The extraction replayed (operator replay of a failed one). */
  replayOf?: string;
}

export interface MemoryExtractionResult {
  extractionId: string;
  status: 'succeeded' | 'failed';
  error?: string;
}

/** One workflow per session range: starting it again for the same range is refused by Temporal. */
export function memoryExtractionWorkflowId(
  tenantId: string,
  sessionId: string,
  fromSeq: number,
  toSeq: number,
): string {
  return `molt-memory:${tenantId}:${sessionId}:${fromSeq}-${toSeq}`;
}

/** The episode indexer (docs/memory.md#episodes): one long-running workflow per task queue. */
export function episodeIndexWorkflowId(taskQueue: string): string {
  return `molt-episodes:${taskQueue}`;
}

export interface EpisodeIndexInput {
  /** How long the indexer sleeps when nothing waits (DEFAULT_EPISODE_POLL_MS). */
  pollMs: number;
  /** The longest sleep after idle polls (it doubles up to this). */
  maxPollMs: number;
}

export interface EpisodeIndexBatch {
  sessions: number;
  messages: number;
  /** Episodes added this batch (their vectors come from the embedding workflow). */
  added: string[];
  /** More messages wait: index again at once. */
  more: boolean;
  /** The worker has an embedder: embed what was added. */
  embed: boolean;
}

/** The extraction row's id: one per range and extractor version. */
export function memoryExtractionId(
  tenantId: string,
  sessionId: string,
  fromSeq: number,
  toSeq: number,
  extractor: string,
): string {
  return `mx:${tenantId}:${sessionId}:${fromSeq}-${toSeq}:${extractor}`;
}

// ---------------------------------------------------------------------------------------------
// Activity payloads: what the workflows send their activities and get back (ids, seqs, counts).

/** persistSessionView (a local activity of the session workflow). */
export interface PersistSessionViewInput {
  tenantId: string;
  sessionId: string;
  /** Monotonic per session: a retried or late write of an older view never wins. */
  version: number;
  view: SessionView;
}

/** recordBreakerEvent: one transition of the session's circuit breaker, for operators. */
export interface BreakerEventInput {
  /** Chosen by the workflow (run id and a counter): a retried activity writes once. */
  id: string;
  tenantId: string;
  sessionId: string;
  state: string;
  reason: string | null;
  consecutiveFailures: number;
  compactionId: string | null;
}

/** truncateLiveToolResults: recovery's persistent truncation of the live context's tool results. */
export interface TruncateLiveToolResultsInput {
  /** Chosen by the workflow; an override's id is `${operationId}:${seq}`. */
  operationId: string;
  tenantId: string;
  sessionId: string;
  afterSeq: number;
  contextWindowTokens: number;
}

/** The new token count of each message the truncation changed. */
export interface TruncateLiveToolResultsResult {
  changed: Array<{ seq: number; tokens: number }>;
}

/** A compaction's identity and range, as its later steps receive them. */
export interface CompactionRange {
  compactionId: string;
  tenantId: string;
  sessionId: string;
  fromSeq: number;
  toSeq: number;
  previousCompactionId: string | null;
}

export interface ChunkPlan {
  index: number;
  fromSeq: number;
  toSeq: number;
  tokens: number;
}

/**
 * docs/engine-rules.md#staged-summarization's history-share drop: the oldest part of the range that would not fit half the window. Its
 * chunks come first in seq order, so their summaries lead the merge as the earlier context of the
 * rest ("summarised first, the previous summary of the main pass"); with chunks summarised in
 * parallel this is an ordering, not an extra pass. Counts only.
 */
export interface HistoryShareDrop {
  droppedMessages: number;
  droppedTokens: number;
  keptTokens: number;
  budgetTokens: number;
  /** The dropped part is seqs ≤ this (0: nothing dropped). */
  droppedToSeq: number;
}

export interface CompactionPlan {
  chunks: ChunkPlan[];
  concurrency: number;
  historyShare?: HistoryShareDrop;
  /** The compaction already finished in an earlier run (a replayed workflow or activity). */
  finished?: CompactionResult;
}

/** A chunk summary's input: one planned chunk of a compaction. */
export interface ChunkInput {
  compactionId: string;
  tenantId: string;
  sessionId: string;
  index: number;
  contextWindowTokens: number;
  previousCompactionId: string | null;
  instructions?: string;
}

// The memory embedding workflow (docs/recall-and-updates.md): ids only.

export interface MemoryEmbeddingInput {
  selector: EmbeddingSelector;
}

export interface MemoryEmbeddingResult {
  status: 'succeeded' | 'failed' | 'off';
  embedded: number;
  error?: string;
}

/** One workflow per extraction, committed memory or backfill of a model. */
export function memoryEmbeddingWorkflowId(what: string): string {
  return `molt-embed:${what}`;
}
