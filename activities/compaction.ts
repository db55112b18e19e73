/**
 * The side effects of one compaction (ALGORITHMS.md §8–§9): plan the chunks, summarise each chunk
 * (LLM with fallback levels, or the extractive digest), merge, then digest + persist + verify.
 *
 * Every activity is idempotent on the compaction id and chunk index: a retried or replayed
 * activity finds its earlier work in PostgreSQL instead of calling the LLM again or writing a
 * second row. Payloads are ids, seqs and counts; texts stay in the database.
 */

import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { reductionFailure } from '../context/compaction-rules.js';
import {
  buildChunkSummaryPrompt,
  buildContinuationMessage,
  buildExtractiveDigest,
  buildMergeSummariesPrompt,
  buildSummaryCorrectionPrompt,
  checkSummaryQuality,
  chunkMessagesByMaxTokens,
  collectFileActivity,
  collectToolFailures,
  composeSummary,
  computeAdaptiveChunkRatio,
  createTokenCounter,
  estimateMessageTokens,
  extractOpenTodos,
  extractWorkspaceRules,
  formatCompactSummary,
  inferPendingWork,
  isOversizedForSummary,
  type Message,
  maxChunkTokens,
  mergeTodos,
  pruneHistoryForContextShare,
  renderMessagesForSummary,
  SUMMARIZATION_SYSTEM_PROMPT,
  type Todo,
  type TokenCounter,
} from '../context/index.js';
import type { Database } from '../db/client.js';
import {
  chunkOf,
  chunksOf,
  compactionRow,
  createCompaction,
  failCompactionRow,
  persistCompactionResult,
  planChunks,
  sessionTodos,
  setMergedBody,
  summaryOf,
  updateChunk,
} from '../db/compaction-writes.js';
import { getSession, readEffectiveMessages, type StoredMessage } from '../db/transcript.js';
import { LlmError, type TextModel } from '../llm/model.js';
import type { CompactionInput, CompactionResult } from '../workflows/definitions.js';
import { toActivityFailure } from './llm-failure.js';

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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs `fn` while heartbeating, with the activity's cancellation carried into it. */
async function withHeartbeat<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const context = Context.current();
  const timer = setInterval(() => context.heartbeat(), HEARTBEAT_INTERVAL_MS);
  try {
    return await fn(context.cancellationSignal);
  } finally {
    clearInterval(timer);
  }
}

export function compactionActivities(deps: CompactionDeps) {
  const { db, model } = deps;
  const tokenCounter = deps.tokenCounter ?? createTokenCounter({ mode: 'estimate' });

  async function loadRange(input: { tenantId: string; sessionId: string; fromSeq: number; toSeq: number }) {
    return readEffectiveMessages(db, input.tenantId, input.sessionId, {
      afterSeq: input.fromSeq - 1,
      toSeq: input.toSeq,
    });
  }

  async function summaryText(compactionId: string | null): Promise<string | undefined> {
    if (!compactionId) return undefined;
    return (await summaryOf(db, compactionId))?.text;
  }

  async function storedResult(compactionId: string): Promise<CompactionResult | undefined> {
    const row = await compactionRow(db, compactionId);
    if (!row || row.status === 'running') return undefined;
    const summary = await summaryOf(db, compactionId);
    const status = row.status === 'cancelled' ? 'failed' : (row.status as CompactionResult['status']);
    return {
      compactionId,
      status,
      ...(row.tokensBefore !== null ? { tokensBefore: row.tokensBefore } : {}),
      ...(summary ? { summaryTokens: summary.tokens } : {}),
      ...(row.error ? { error: row.error } : {}),
    };
  }

  /** A chunk summary's input: one planned chunk of a compaction. */
  type ChunkInput = {
    compactionId: string;
    tenantId: string;
    sessionId: string;
    index: number;
    contextWindowTokens: number;
    previousCompactionId: string | null;
    instructions?: string;
  };

  /**
   * Opens one chunk for summarising: its level when it is already done (a retried or replayed
   * activity), else its messages and the summary in force it continues from, marked running.
   */
  async function openChunk(input: ChunkInput) {
    const chunk = await chunkOf(db, input.compactionId, input.index);
    if (!chunk)
      throw ApplicationFailure.create({
        type: 'missing_chunk',
        message: 'chunk not planned',
        nonRetryable: true,
      });
    if (chunk.status === 'done' && chunk.level !== null)
      return { done: { index: input.index, level: chunk.level } };

    const attempt = Context.current().info.attempt;
    await updateChunk(db, input.compactionId, input.index, { attempts: attempt, status: 'running' });
    const stored = await loadRange({ ...input, fromSeq: chunk.fromSeq, toSeq: chunk.toSeq });
    // The first chunk carries the summary in force forward; later chunks continue from it.
    const previousSummary = input.index === 0 ? await summaryText(input.previousCompactionId) : undefined;
    return { messages: stored.map((m) => m.body), previousSummary };
  }

  async function finishChunk(input: ChunkInput, level: number, summary: string, error: string | null = null) {
    await updateChunk(db, input.compactionId, input.index, { level, summary, status: 'done', error });
    return { index: input.index, level };
  }

  /** §8 level 3: the deterministic digest of the chunk, which never fails for lack of an LLM. */
  function chunkDigest(messages: Message[], previousSummary: string | undefined): string {
    return buildExtractiveDigest(messages, previousSummary ? { previousSummary } : {});
  }

  /**
   * The merged body without the LLM: offline, the digest of the whole range (the design);
   * otherwise the chunk summaries joined as they are.
   */
  async function mergedWithoutLlm(input: CompactionRange, partials: string[]): Promise<string> {
    if (model) return partials.join('\n\n');
    const stored = await loadRange(input);
    const previousSummary = await summaryText(input.previousCompactionId);
    return buildExtractiveDigest(
      stored.map((m) => m.body),
      previousSummary ? { previousSummary } : {},
    );
  }

  async function generate(system: string, prompt: string, signal: AbortSignal): Promise<string> {
    if (!model) throw new Error('no LLM configured');
    const { text } = await model.generate({ system, prompt, abortSignal: signal });
    const formatted = formatCompactSummary(text);
    if (!formatted) throw new LlmError('bad_response', 'the model returned an empty summary');
    return formatted;
  }

  async function digestChunk(input: ChunkInput): Promise<{ index: number; level: number }> {
    const opened = await openChunk(input);
    if (opened.done) return opened.done;
    const digest = chunkDigest(opened.messages, opened.previousSummary);
    return finishChunk(input, LEVEL_EXTRACTIVE, digest, 'LLM attempts exhausted');
  }

  async function joinChunkSummaries(input: CompactionRange): Promise<{ merged: true }> {
    const row = await compactionRow(db, input.compactionId);
    if (row?.mergedBody) return { merged: true };
    const chunks = await chunksOf(db, input.compactionId);
    const body = await mergedWithoutLlm(
      input,
      chunks.map((c) => c.summary ?? ''),
    );
    await setMergedBody(db, input.compactionId, body);
    return { merged: true };
  }

  return {
    /** Creates the compaction's rows (once) and splits its range into chunks; never returns bodies. */
    async planCompaction(
      input: CompactionInput & { workflowId: string; runId: string },
    ): Promise<CompactionPlan> {
      const finished = await storedResult(input.compactionId);
      if (finished) return { chunks: [], concurrency: deps.concurrency, finished };

      await createCompaction(db, {
        id: input.compactionId,
        tenantId: input.tenantId,
        sessionId: input.sessionId,
        trigger: input.trigger,
        status: 'running',
        fromSeq: input.fromSeq,
        toSeq: input.toSeq,
        replayOf: input.replayOf ?? null,
        previousCompactionId: input.previousCompactionId,
        workflowId: input.workflowId,
        runId: input.runId,
        model: model?.id ?? 'extractive',
      });

      const existing = await chunksOf(db, input.compactionId);
      if (existing.length > 0) {
        return {
          chunks: existing.map((c) => ({
            index: c.index,
            fromSeq: c.fromSeq,
            toSeq: c.toSeq,
            tokens: c.tokens,
          })),
          concurrency: deps.concurrency,
        };
      }

      const stored = await loadRange(input);
      if (stored.length === 0) {
        throw ApplicationFailure.create({
          type: 'empty_range',
          message: `no stored messages in seqs ${input.fromSeq}..${input.toSeq}`,
          nonRetryable: true,
        });
      }
      const bodies = stored.map((m) => m.body);
      const seqOf = new Map<Message, StoredMessage>(stored.map((m) => [m.body, m]));
      const share = pruneHistoryForContextShare({
        messages: bodies,
        maxContextTokens: input.contextWindowTokens,
      });
      const historyShare: HistoryShareDrop = {
        droppedMessages: share.droppedMessages,
        droppedTokens: share.droppedTokens,
        keptTokens: share.keptTokens,
        budgetTokens: share.budgetTokens,
        droppedToSeq: share.droppedMessagesList.reduce((max, m) => Math.max(max, seqOf.get(m)?.seq ?? 0), 0),
      };
      const ratio = computeAdaptiveChunkRatio(bodies, input.contextWindowTokens);
      const groups = chunkMessagesByMaxTokens(bodies, maxChunkTokens(input.contextWindowTokens, ratio));
      const chunks: ChunkPlan[] = groups.map((group, index) => {
        const first = seqOf.get(group[0]!)!;
        const last = seqOf.get(group[group.length - 1]!)!;
        const tokens = group.reduce((sum, message) => sum + (seqOf.get(message)?.tokens ?? 0), 0);
        return { index, fromSeq: first.seq, toSeq: last.seq, tokens };
      });
      await planChunks(db, input.compactionId, chunks);
      return { chunks, concurrency: deps.concurrency, historyShare };
    },

    /**
     * Summarises one chunk: (1) the whole chunk; (2) on the summarizer's own overflow, without its
     * oversized messages; (3) when that overflows too, or when the LLM is not configured, the
     * deterministic digest. LLM errors are thrown typed so the retry policy can tell transient
     * from final; once its attempts are spent the workflow calls `digestChunk`.
     */
    async summarizeChunk(
      input: ChunkInput & {
        /**
         * @deprecated Histories recorded before the `named-fallback-activities` patch ask for the
         * level-3 digest this way; replaying them on a running worker still needs it. New code
         * calls `digestChunk`.
         */
        extractive?: boolean;
      },
    ): Promise<{ index: number; level: number }> {
      if (input.extractive) return digestChunk(input);
      const opened = await openChunk(input);
      if (opened.done) return opened.done;
      const { messages, previousSummary } = opened;
      const finish = (level: number, summary: string, error: string | null = null) =>
        finishChunk(input, level, summary, error);

      if (!model) return finish(LEVEL_EXTRACTIVE, chunkDigest(messages, previousSummary));

      const attemptLevel = (level: number, signal: AbortSignal) => {
        const included =
          level === LEVEL_WHOLE
            ? messages
            : messages.map((message) =>
                isOversizedForSummary(message, input.contextWindowTokens) ? omittedNote(message) : message,
              );
        const prompt = buildChunkSummaryPrompt({
          conversation: renderMessagesForSummary(included),
          ...(previousSummary ? { previousSummary } : {}),
          ...(input.instructions ? { customInstructions: input.instructions } : {}),
        });
        return generate(SUMMARIZATION_SYSTEM_PROMPT, prompt, signal);
      };

      try {
        return await withHeartbeat(async (signal) => {
          try {
            return await finish(LEVEL_WHOLE, await attemptLevel(LEVEL_WHOLE, signal));
          } catch (error) {
            if (!(error instanceof LlmError && error.kind === 'overflow')) throw error;
          }
          try {
            return await finish(LEVEL_WITHOUT_OVERSIZED, await attemptLevel(LEVEL_WITHOUT_OVERSIZED, signal));
          } catch (error) {
            if (!(error instanceof LlmError && error.kind === 'overflow')) throw error;
            // Even without its oversized messages the chunk overflows the summarizer: digest it.
            return finish(LEVEL_EXTRACTIVE, chunkDigest(messages, previousSummary), errorText(error));
          }
        });
      } catch (error) {
        await updateChunk(db, input.compactionId, input.index, {
          status: 'retrying',
          error: errorText(error),
        });
        return toActivityFailure(error);
      }
    },

    /** §8 level 3 for a chunk whose LLM attempts are spent: its deterministic digest. */
    digestChunk,

    /**
     * Merges the chunk summaries into the compaction's body (LLM merge + one corrective retry when
     * the quality check fails), or builds the extractive digest of the whole range. Once the LLM
     * merge's attempts are spent the workflow calls `joinChunkSummaries`.
     */
    async mergeCompaction(
      input: CompactionRange & {
        instructions?: string;
        /**
         * @deprecated Histories recorded before the `named-fallback-activities` patch ask for the
         * joined summaries this way; replaying them on a running worker still needs it. New code
         * calls `joinChunkSummaries`.
         */
        concatenate?: boolean;
      },
    ): Promise<{ merged: true }> {
      if (input.concatenate) return joinChunkSummaries(input);
      const row = await compactionRow(db, input.compactionId);
      if (row?.mergedBody) return { merged: true };
      const chunks = await chunksOf(db, input.compactionId);
      const partials = chunks.map((c) => c.summary ?? '');
      const allExtractive = chunks.every((c) => c.level === LEVEL_EXTRACTIVE);

      let body: string;
      if (!model || partials.length === 1 || allExtractive) {
        body = await mergedWithoutLlm(input, partials);
      } else {
        const stored = await loadRange({ ...input, fromSeq: Math.max(input.fromSeq, input.toSeq - 200) });
        const recent = stored.slice(-QUALITY_CHECK_RECENT_MESSAGES).map((m) => m.body);
        body = await withHeartbeat(async (signal) => {
          const prompt = buildMergeSummariesPrompt(
            partials,
            input.instructions ? { customInstructions: input.instructions } : {},
          );
          try {
            const draft = await generate(SUMMARIZATION_SYSTEM_PROMPT, prompt, signal);
            const quality = checkSummaryQuality(draft, recent);
            if (quality.ok) return draft;
            // One corrective retry; if that fails the check too, the better of the two is kept.
            const corrected = await generate(
              SUMMARIZATION_SYSTEM_PROMPT,
              `${prompt}\n\n${buildSummaryCorrectionPrompt(quality.problems, draft)}`,
              signal,
            );
            const again = checkSummaryQuality(corrected, recent);
            return again.problems.length <= quality.problems.length ? corrected : draft;
          } catch (error) {
            return toActivityFailure(error);
          }
        });
      }
      await setMergedBody(db, input.compactionId, body);
      return { merged: true };
    },

    /** The merge for a compaction whose LLM merge failed for good: the chunk summaries as they are. */
    joinChunkSummaries,

    /**
     * Digest (§9) + persist + verify, in one transaction: the summary row (at most one per
     * compaction), files, tool failures and TODOs (status kept across compactions), then the
     * compaction's final status. A summary that is not smaller than what it replaces fails.
     */
    async persistCompaction(input: CompactionRange): Promise<CompactionResult> {
      const finished = await storedResult(input.compactionId);
      if (finished) return finished;

      const row = await compactionRow(db, input.compactionId);
      if (!row?.mergedBody) throw new Error(`compaction ${input.compactionId} has no merged body`);
      const chunks = await chunksOf(db, input.compactionId);
      const stored = await loadRange(input);
      const messages = stored.map((m) => m.body);
      const session = await getSession(db, input.tenantId, input.sessionId);
      const previous = input.previousCompactionId
        ? await summaryOf(db, input.previousCompactionId)
        : undefined;

      const failures = collectToolFailures(messages);
      const files = collectFileActivity(messages);
      const mergedTodos: Todo[] = mergeTodos(await sessionTodos(db, input.tenantId, input.sessionId), [
        ...inferPendingWork(messages),
        ...extractOpenTodos(row.mergedBody),
      ]);
      const agentsMd = (session?.settings as { agentsMd?: unknown } | undefined)?.agentsMd;
      const rules = typeof agentsMd === 'string' ? extractWorkspaceRules(agentsMd) : '';
      const text = composeSummary({
        body: row.mergedBody,
        toolFailures: failures,
        files,
        todos: mergedTodos,
        rules,
      });
      const summaryTokens = tokenCounter.messageTokens(buildContinuationMessage(text));
      const tokensBefore = stored.reduce((sum, m) => sum + m.tokens, 0) + (previous?.tokens ?? 0);
      // Level 3 is a fallback only when an LLM was configured; offline it is the design.
      const degraded = model !== null && chunks.some((c) => c.level === LEVEL_EXTRACTIVE);

      const error = reductionFailure(summaryTokens, tokensBefore);
      if (error !== null) {
        await failCompactionRow(db, input.compactionId, { error, tokensBefore, tokensAfter: summaryTokens });
        return { compactionId: input.compactionId, status: 'failed', tokensBefore, summaryTokens, error };
      }

      const status = degraded ? 'degraded' : 'succeeded';
      await persistCompactionResult(db, {
        compactionId: input.compactionId,
        tenantId: input.tenantId,
        sessionId: input.sessionId,
        status,
        summary: { text, tokens: summaryTokens },
        tokensBefore,
        files,
        failures,
        todos: mergedTodos,
      });
      return { compactionId: input.compactionId, status, tokensBefore, summaryTokens };
    },

    /** Records a compaction that could not finish (its error is shown to operators). */
    async failCompaction(input: { compactionId: string; error: string }): Promise<CompactionResult> {
      const finished = await storedResult(input.compactionId);
      if (finished) return finished;
      await failCompactionRow(db, input.compactionId, {
        error: input.error.slice(0, 2_000),
        onlyIfRunning: true,
      });
      return { compactionId: input.compactionId, status: 'failed', error: input.error };
    },
  };
}

/** §8 level 2: an oversized message is replaced by a note saying what was left out. */
function omittedNote(message: Message): Message {
  const thousands = Math.max(1, Math.round(estimateMessageTokens(message) / 1_000));
  return { role: 'user', content: `[Large ${message.role} (~${thousands}K tokens) omitted from summary]` };
}
