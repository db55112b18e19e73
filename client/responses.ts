/**
 * The shapes of molt's answers that clients read (CONTRACT.md §2). The OpenAPI document describes
 * requests only (the routes declare no response schemas yet), so these are written here, narrowed
 * to the fields a client relies on.
 */

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

export interface ContextResponse {
  /** In the asked `format`; canonical (OpenClaw's `AgentMessage`) by default. */
  messages: unknown[];
  estimatedTokens: number;
  summary: { compactionId: string; text: string } | null;
  boundarySeq: number;
  lastSeq?: number;
  /** Memory (MEMORY.md §4), once the service has it. */
  systemPromptAddition?: string;
  recall?: { query: string; memoryIds: string[]; skipped?: string };
}

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
