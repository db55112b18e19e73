/**
 * The shapes of molt's answers that clients read (CONTRACT.md §2). Routes that declare a response
 * schema have their type generated (openapi.d.ts); the others are written here, narrowed to the
 * fields a client relies on.
 */
import type { paths } from './openapi.js';

export interface SessionView {
  sessionId: string;
  contextWindowTokens: number;
  liveTokens: number;
  ratio: number;
  thresholds: { upload: number; force: number };
  lastSeq: number;
  boundarySeq: number;
  summary: { compactionId: string; tokens: number } | null;
  compactions: { total: number; failed: number };
  breaker: { state: 'closed' | 'open'; consecutiveFailures: number; lastError: string | null };
  workflowId: string;
}

export interface TurnResponse extends SessionView {
  turn: { turnId: string; fromSeq: number; toSeq: number; replayed: boolean };
}

/** GET /v1/sessions/{id}/context: generated from the route's response schema. */
export type ContextResponse =
  paths['/v1/sessions/{sessionId}/context']['get']['responses'][200]['content']['application/json'];

export interface OverflowResponse {
  action: 'retry' | 'reset' | 'give_up' | 'not_overflow';
  step: string;
  message?: string;
  attempts: { compaction: number; truncated: number; reset: number };
}

export interface CompactionView {
  id: string;
  sessionId: string;
  trigger: string;
  status: 'running' | 'succeeded' | 'degraded' | 'failed' | 'cancelled';
  fromSeq: number;
  toSeq: number;
  tokensBefore: number | null;
  tokensAfter: number | null;
  summary: string | null;
}

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}
