/**
 * Messages of molt's workflows, declared once and shared by the API (client), the workflows and
 * the tests. Payloads carry ids, seqs and token counts — never message bodies (those live in
 * PostgreSQL: the claim-check pattern keeps histories far below Temporal's payload limits).
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type {
  CompactionTrigger,
  SessionView as EngineSessionView,
  LiveMessageMeta,
  SessionSettingsInput,
  SessionState,
  UsageReport,
} from '../context/session/index.js';

export type { CompactionTrigger };

import type { MemoryCarry } from './session-memory.js';

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

export interface SessionWorkflowInput {
  tenantId: string;
  sessionId: string;
  contextWindowTokens: number;
  settings?: SessionSettingsInput;
  /** State carried across continue-as-new; absent on the first run. */
  carried?: { state: SessionState; viewVersion: number; memory?: MemoryCarry };
  /**
   * The session existed before this run (its previous run is gone): read its state back from
   * PostgreSQL first (workflows/session-rebuild.ts). Absent for a new session and continue-as-new.
   */
  rebuild?: boolean;
  /** A session idle this long extracts its unextracted tail (MOLT_MEMORY_IDLE_MS). */
  memoryIdleMs?: number;
  /** Test hook: continue-as-new after this many events instead of when Temporal suggests it. */
  maxHistoryEvents?: number;
}

/** The session view (CONTRACT.md §2) as the API serves it. */
export type SessionView = EngineSessionView & { workflowId: string };

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
}

export interface CompactionResult {
  compactionId: string;
  status: 'succeeded' | 'degraded' | 'failed';
  /** Tokens the new summary replaces: the range plus the previous summary. */
  tokensBefore?: number;
  /** Tokens of the summary as the agent receives it (inside the continuation message). */
  summaryTokens?: number;
  error?: string;
}

export const compactionFinishedSignal = defineSignal<[CompactionResult]>('compactionFinished');

export function compactionWorkflowId(compactionId: string): string {
  return `molt-compaction:${compactionId}`;
}
