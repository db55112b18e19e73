/**
 * What every compaction step shares: its dependencies, the shapes its activities pass, the
 * fallback levels, and the reads each step starts from (the range, the summary in force, an
 * earlier run's result).
 */

import { defaultTokenCounter } from '../../config/defaults.js';
import {
  buildExtractiveDigest,
  formatCompactSummary,
  type Message,
  type TokenCounter,
} from '../../context/index.js';
import type { Database } from '../../db/client.js';
import { compactionRow, readSummary } from '../../db/compaction-writes.js';
import { readEffectiveMessages } from '../../db/transcript.js';
import { LlmError, type TextModel } from '../../llm/model.js';
import type { CompactionResult } from '../../workflows/contract.js';

/** Fallback levels of a chunk summary (docs/engine-rules.md#staged-summarization). */
export const LEVEL_WHOLE = 1;
export const LEVEL_WITHOUT_OVERSIZED = 2;
export const LEVEL_EXTRACTIVE = 3;
/** A chunk digested offline because the session's breaker is open (no LLM was called). */
export const OFFLINE_DIGEST_CAUSE = 'the breaker is open: digested offline, no LLM call';
/** How many of the range's last messages the quality check looks at. */
export const QUALITY_CHECK_RECENT_MESSAGES = 12;

export interface CompactionDeps {
  db: Database;
  /** null: the offline `extractive` provider — deterministic digest, no LLM. */
  model: TextModel | null;
  /** Chunk summaries in flight per compaction (MOLT_LLM_CONCURRENCY). */
  concurrency: number;
  /** Counts the summary's tokens the way the API counts messages (default: the estimator). */
  tokenCounter?: TokenCounter;
}

export type {
  ChunkInput,
  ChunkPlan,
  CompactionPlan,
  CompactionRange,
  HistoryShareDrop,
} from '../../workflows/contract.js';

/** The reads and the LLM call the compaction steps share, bound to one worker's dependencies. */
export function compactionSteps(deps: CompactionDeps) {
  const { db, model, concurrency } = deps;
  const tokenCounter = deps.tokenCounter ?? defaultTokenCounter;

  async function loadRange(input: { tenantId: string; sessionId: string; fromSeq: number; toSeq: number }) {
    return readEffectiveMessages(db, input.tenantId, input.sessionId, {
      afterSeq: input.fromSeq - 1,
      toSeq: input.toSeq,
    });
  }

  async function summaryText(tenantId: string, compactionId: string | null): Promise<string | undefined> {
    if (!compactionId) return undefined;
    return (await readSummary(db, tenantId, compactionId))?.text;
  }

  /** The result of a compaction an earlier run already finished (a replayed workflow or activity). */
  async function storedResult(tenantId: string, compactionId: string): Promise<CompactionResult | undefined> {
    const row = await compactionRow(db, tenantId, compactionId);
    if (!row || row.status === 'running') return undefined;
    const summary = await readSummary(db, tenantId, compactionId);
    const status = row.status === 'cancelled' ? 'failed' : (row.status as CompactionResult['status']);
    return {
      compactionId,
      status,
      ...(row.tokensBefore !== null ? { tokensBefore: row.tokensBefore } : {}),
      ...(summary ? { summaryTokens: summary.tokens } : {}),
      ...(row.error ? { error: row.error } : row.cause ? { error: row.cause } : {}),
    };
  }

  /**
   * docs/engine-rules.md#staged-summarization level 3: the deterministic digest of messages, which
   * never fails for lack of an LLM. It covers its range only: the persist step merges it into the
   * working memory the previous summary left.
   */
  function digest(messages: Message[], _previousSummary?: string): string {
    return buildExtractiveDigest(messages);
  }

  async function generate(system: string, prompt: string, signal: AbortSignal): Promise<string> {
    if (!model) throw new Error('no LLM configured');
    const { text } = await model.generate({ system, prompt, abortSignal: signal });
    const formatted = formatCompactSummary(text);
    if (!formatted) throw new LlmError('bad_response', 'the model returned an empty summary');
    return formatted;
  }

  return { db, model, concurrency, tokenCounter, loadRange, summaryText, storedResult, digest, generate };
}

export type CompactionSteps = ReturnType<typeof compactionSteps>;
