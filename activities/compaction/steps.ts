/**
 * What every compaction step shares: its dependencies, the shapes its activities pass, the
 * fallback levels, and the reads each step starts from (the range, the summary in force, an
 * earlier run's result).
 */

import { Context } from '@temporalio/activity';
import {
  buildExtractiveDigest,
  createTokenCounter,
  formatCompactSummary,
  type Message,
  type TokenCounter,
} from '../../context/index.js';
import type { Database } from '../../db/client.js';
import { compactionRow, summaryOf } from '../../db/compaction-writes.js';
import { readEffectiveMessages } from '../../db/transcript.js';
import { LlmError, type TextModel } from '../../llm/model.js';
import type { CompactionResult } from '../../workflows/definitions.js';

/** Fallback levels of a chunk summary (§8). */
export const LEVEL_WHOLE = 1;
export const LEVEL_WITHOUT_OVERSIZED = 2;
export const LEVEL_EXTRACTIVE = 3;
/** How many of the range's last messages the quality check looks at. */
export const QUALITY_CHECK_RECENT_MESSAGES = 12;
/** How often a long LLM call heartbeats, so a dead worker's attempt is retried quickly. */
export const HEARTBEAT_INTERVAL_MS = 1_000;

export interface CompactionDeps {
  db: Database;
  /** null: the offline `extractive` provider — deterministic digest, no LLM. */
  model: TextModel | null;
  /** Chunk summaries in flight per compaction (MOLT_LLM_CONCURRENCY). */
  concurrency: number;
  /** Counts the summary's tokens the way the API counts messages (default: the estimator). */
  tokenCounter?: TokenCounter;
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
 * §8's history-share drop: the oldest part of the range that would not fit half the window. Its
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

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs `fn` while heartbeating, with the activity's cancellation carried into it. */
export async function withHeartbeat<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const context = Context.current();
  const timer = setInterval(() => context.heartbeat(), HEARTBEAT_INTERVAL_MS);
  try {
    return await fn(context.cancellationSignal);
  } finally {
    clearInterval(timer);
  }
}

/** The reads and the LLM call the compaction steps share, bound to one worker's dependencies. */
export function compactionSteps(deps: CompactionDeps) {
  const { db, model, concurrency } = deps;
  const tokenCounter = deps.tokenCounter ?? createTokenCounter({ mode: 'estimate' });

  async function loadRange(input: { tenantId: string; sessionId: string; fromSeq: number; toSeq: number }) {
    return readEffectiveMessages(db, input.tenantId, input.sessionId, {
      afterSeq: input.fromSeq - 1,
      toSeq: input.toSeq,
    });
  }

  async function summaryText(tenantId: string, compactionId: string | null): Promise<string | undefined> {
    if (!compactionId) return undefined;
    return (await summaryOf(db, tenantId, compactionId))?.text;
  }

  /** The result of a compaction an earlier run already finished (a replayed workflow or activity). */
  async function storedResult(tenantId: string, compactionId: string): Promise<CompactionResult | undefined> {
    const row = await compactionRow(db, tenantId, compactionId);
    if (!row || row.status === 'running') return undefined;
    const summary = await summaryOf(db, tenantId, compactionId);
    const status = row.status === 'cancelled' ? 'failed' : (row.status as CompactionResult['status']);
    return {
      compactionId,
      status,
      ...(row.tokensBefore !== null ? { tokensBefore: row.tokensBefore } : {}),
      ...(summary ? { summaryTokens: summary.tokens } : {}),
      ...(row.error ? { error: row.error } : {}),
    };
  }

  /** §8 level 3: the deterministic digest of messages, which never fails for lack of an LLM. */
  function digest(messages: Message[], previousSummary: string | undefined): string {
    return buildExtractiveDigest(messages, previousSummary ? { previousSummary } : {});
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
