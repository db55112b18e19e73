/**
 * Messages of molt's workflows, declared once and shared by the API (client), the workflows and
 * the tests. Payloads carry ids, seqs and token counts — never message bodies (those live in
 * PostgreSQL: the claim-check pattern keeps histories far below Temporal's payload limits).
 */
import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { Role } from '../context/messages.js';

export const TASK_QUEUE_DEFAULT = 'molt';

/** What the workflow knows of one stored message. */
export interface MessageMeta {
  seq: number;
  role: Role;
  tokens: number;
}

export interface TurnSignal {
  turnId: string;
  messages: MessageMeta[];
  /** Epoch ms at which the API accepted the turn (the agent's last LLM call). */
  acceptedAt: number;
  contextWindowTokens?: number;
}

export interface SessionWorkflowInput {
  tenantId: string;
  sessionId: string;
  contextWindowTokens: number;
  /** State carried across continue-as-new; absent on the first run. */
  carried?: SessionCarriedState;
  /** Test hook: continue-as-new after this many events instead of when Temporal suggests it. */
  maxHistoryEvents?: number;
}

export interface SessionCarriedState {
  contextWindowTokens: number;
  lastSeq: number;
  liveTokens: number;
  viewVersion: number;
  turnsApplied: number;
}

export interface SessionView {
  sessionId: string;
  contextWindowTokens: number;
  liveTokens: number;
  ratio: number;
  thresholds: { upload: number; force: number };
  lastSeq: number;
  boundarySeq: number;
  summary: { compactionId: string; tokens: number } | null;
  upload: { compactionId: string; fromSeq: number; toSeq: number; status: string; forced: boolean } | null;
  breaker: { state: 'closed' | 'open' | 'half-open'; consecutiveFailures: number; lastError: string | null };
  compactions: { total: number; failed: number };
  workflowId: string;
}

export const turnSignal = defineSignal<[TurnSignal]>('turn');
export const stateQuery = defineQuery<SessionView>('state');

export function sessionWorkflowId(tenantId: string, sessionId: string): string {
  return `molt-session:${tenantId}:${sessionId}`;
}
