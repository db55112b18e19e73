/**
 * The merge step of a compaction (docs/engine-rules.md#staged-summarization): the chunk summaries become one body, by the
 * LLM with a quality check and one corrective retry, or without it.
 */

import {
  buildMergeSummariesPrompt,
  buildSummaryCorrectionPrompt,
  checkSummaryQuality,
  SUMMARIZATION_SYSTEM_PROMPT,
} from '../../context/index.js';
import { chunksOf, compactionRow, setMergedBody } from '../../db/compaction-writes.js';
import { withHeartbeat } from '../heartbeat.js';
import { toActivityFailure } from '../llm-failure.js';
import {
  type CompactionRange,
  type CompactionSteps,
  LEVEL_EXTRACTIVE,
  QUALITY_CHECK_RECENT_MESSAGES,
} from './steps.js';

export function mergeActivities(steps: CompactionSteps) {
  const { db, model, loadRange, summaryText, digest, generate } = steps;

  /**
   * The merged body without the LLM: offline, the digest of the whole range (the design);
   * otherwise the chunk summaries joined as they are.
   */
  async function mergedWithoutLlm(input: CompactionRange, partials: string[]): Promise<string> {
    if (model) return partials.join('\n\n');
    const stored = await loadRange(input);
    return digest(
      stored.map((m) => m.body),
      await summaryText(input.tenantId, input.previousCompactionId),
    );
  }

  /** The merge for a compaction whose LLM merge failed for good: the chunk summaries as they are. */
  async function joinChunkSummaries(input: CompactionRange): Promise<{ merged: true }> {
    const row = await compactionRow(db, input.tenantId, input.compactionId);
    if (row?.mergedBody) return { merged: true };
    const chunks = await chunksOf(db, input.tenantId, input.compactionId);
    const body = await mergedWithoutLlm(
      input,
      chunks.map((c) => c.summary ?? ''),
    );
    await setMergedBody(db, input.compactionId, body);
    return { merged: true };
  }

  return {
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
      const row = await compactionRow(db, input.tenantId, input.compactionId);
      if (row?.mergedBody) return { merged: true };
      const chunks = await chunksOf(db, input.tenantId, input.compactionId);
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

    joinChunkSummaries,
  };
}
