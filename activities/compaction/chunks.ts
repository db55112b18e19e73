/**
 * The chunk half of a compaction (docs/engine-rules.md#staged-summarization): plan the range into chunks, then summarise
 * each chunk with its fallback levels, or digest it once its LLM attempts are spent.
 */

import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { errorText } from '../../context/error-text.js';
import {
  buildChunkSummaryPrompt,
  chunkMessagesByMaxTokens,
  computeAdaptiveChunkRatio,
  estimateMessageTokens,
  isOversizedForSummary,
  type Message,
  maxChunkTokens,
  pruneHistoryForContextShare,
  renderMessagesForSummary,
  SUMMARIZATION_SYSTEM_PROMPT,
} from '../../context/index.js';
import { chunkOf, chunksOf, createCompaction, planChunks, updateChunk } from '../../db/compaction-writes.js';
import type { StoredMessage } from '../../db/transcript.js';
import { LlmError } from '../../llm/model.js';
import type { CompactionInput } from '../../workflows/contract.js';
import { withHeartbeat } from '../heartbeat.js';
import { toActivityFailure } from '../llm-failure.js';
import {
  type ChunkInput,
  type ChunkPlan,
  type CompactionPlan,
  type CompactionSteps,
  type HistoryShareDrop,
  LEVEL_EXTRACTIVE,
  LEVEL_WHOLE,
  LEVEL_WITHOUT_OVERSIZED,
  OFFLINE_DIGEST_CAUSE,
} from './steps.js';

export function chunkActivities(steps: CompactionSteps) {
  const { db, model, concurrency, loadRange, summaryText, storedResult, digest, generate } = steps;

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
      return { done: { index: input.index, level: chunk.level }, lastError: chunk.error };

    const attempt = Context.current().info.attempt;
    await updateChunk(db, input.compactionId, input.index, { attempts: attempt, status: 'running' });
    const stored = await loadRange({ ...input, fromSeq: chunk.fromSeq, toSeq: chunk.toSeq });
    // The first chunk carries the summary in force forward; later chunks continue from it.
    const previousSummary =
      input.index === 0 ? await summaryText(input.tenantId, input.previousCompactionId) : undefined;
    return { messages: stored.map((m) => m.body), previousSummary, lastError: chunk.error };
  }

  async function finishChunk(input: ChunkInput, level: number, summary: string, error: string | null = null) {
    await updateChunk(db, input.compactionId, input.index, { level, summary, status: 'done', error });
    return { index: input.index, level };
  }

  /**
   * docs/engine-rules.md#staged-summarization level 3 for a chunk whose LLM attempts are spent (or,
   * `offline`, whose session's breaker is open): its deterministic digest. The chunk keeps the
   * provider's error of its last attempt, so the compaction's cause can name it.
   */
  async function digestChunk(
    input: ChunkInput & { offline?: boolean },
  ): Promise<{ index: number; level: number }> {
    const opened = await openChunk(input);
    if (opened.done) return opened.done;
    const fallback = input.offline ? OFFLINE_DIGEST_CAUSE : 'LLM attempts exhausted';
    return finishChunk(
      input,
      LEVEL_EXTRACTIVE,
      digest(opened.messages, opened.previousSummary),
      opened.lastError ?? fallback,
    );
  }

  return {
    /** Creates the compaction's rows (once) and splits its range into chunks; never returns bodies. */
    async planCompaction(
      input: CompactionInput & { workflowId: string; runId: string },
    ): Promise<CompactionPlan> {
      const finished = await storedResult(input.tenantId, input.compactionId);
      if (finished) return { chunks: [], concurrency: concurrency, finished };

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

      const existing = await chunksOf(db, input.tenantId, input.compactionId);
      if (existing.length > 0) {
        return {
          chunks: existing.map((c) => ({
            index: c.index,
            fromSeq: c.fromSeq,
            toSeq: c.toSeq,
            tokens: c.tokens,
          })),
          concurrency: concurrency,
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
      return { chunks, concurrency: concurrency, historyShare };
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

      if (!model) return finish(LEVEL_EXTRACTIVE, digest(messages, previousSummary));

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
            return finish(LEVEL_EXTRACTIVE, digest(messages, previousSummary), errorText(error));
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

    digestChunk,
  };
}

/** docs/engine-rules.md#staged-summarization level 2: an oversized message is replaced by a note saying what was left out. */
function omittedNote(message: Message): Message {
  const thousands = Math.max(1, Math.round(estimateMessageTokens(message) / 1_000));
  return { role: 'user', content: `[Large ${message.role} (~${thousands}K tokens) omitted from summary]` };
}
