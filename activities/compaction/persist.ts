/**
 * The last step of a compaction (docs/engine-rules.md#the-summary): digest the range, merge it into
 * the working memory the previous summary left (docs/working-memory.md) and render that within the
 * session's summary budget, verify it is smaller than what it replaces, and persist it with its
 * files, tool failures and TODOs — or record why the compaction could not finish.
 */

import { reductionFailure, summaryVerdict } from '../../context/compaction-rules.js';
import { conversationOnly } from '../../context/digest/molt-text.js';
import {
  advanceWorkingMemory,
  buildContinuationMessage,
  collectFileActivity,
  collectToolFailures,
  extractOpenTodos,
  extractWorkspaceRules,
  formatWorkspaceRulesSection,
  inferPendingWork,
  mergeTodos,
  parseWorkingMemory,
  summaryBudgetTokens,
  type Todo,
} from '../../context/index.js';
import {
  chunksOf,
  compactionRow,
  compactionTenant,
  failCompactionRow,
  persistCompactionResult,
  readSummary,
  sessionTodos,
} from '../../db/compaction-writes.js';
import { getSession } from '../../db/transcript.js';
import type { CompactionResult } from '../../workflows/contract.js';
import {
  type CompactionRange,
  type CompactionSteps,
  LEVEL_EXTRACTIVE,
  OFFLINE_DIGEST_CAUSE,
} from './steps.js';

export function persistActivities(steps: CompactionSteps) {
  const { db, model, tokenCounter, loadRange, storedResult } = steps;

  return {
    /**
     * Digest (docs/engine-rules.md#the-summary) + persist + verify, in one transaction: the summary row (at most one per
     * compaction), files, tool failures and TODOs (status kept across compactions), then the
     * compaction's final status. A summary that is not smaller than what it replaces fails.
     */
    async persistCompaction(input: CompactionRange): Promise<CompactionResult> {
      const finished = await storedResult(input.tenantId, input.compactionId);
      if (finished) return finished;

      const row = await compactionRow(db, input.tenantId, input.compactionId);
      if (!row?.mergedBody) throw new Error(`compaction ${input.compactionId} has no merged body`);
      const chunks = await chunksOf(db, input.tenantId, input.compactionId);
      const stored = await loadRange(input);
      const messages = stored.map((m) => m.body);
      const session = await getSession(db, input.tenantId, input.sessionId);
      const previous = input.previousCompactionId
        ? await readSummary(db, input.tenantId, input.previousCompactionId)
        : undefined;

      const failures = collectToolFailures(messages);
      const files = collectFileActivity(messages);
      const settings = (session?.settings ?? {}) as { agentsMd?: unknown; summaryMaxTokens?: unknown };
      const rules = typeof settings.agentsMd === 'string' ? extractWorkspaceRules(settings.agentsMd) : '';
      const previousMemory = parseWorkingMemory(previous?.workingMemory);
      const advanced = advanceWorkingMemory({
        ...(previousMemory ? { previous: previousMemory } : {}),
        ...(previous && !previousMemory ? { legacySummary: previous.text } : {}),
        messages,
        body: row.mergedBody,
        // An LLM's narrative folds in the previous one; digests (offline, or every chunk at level 3) add to it.
        summarizer: model && chunks.some((c) => c.level !== LEVEL_EXTRACTIVE) ? 'llm' : 'extractive',
        throughSeq: input.toSeq,
        budgetTokens: summaryBudgetTokens(
          session?.contextWindowTokens ?? 0,
          typeof settings.summaryMaxTokens === 'number' ? settings.summaryMaxTokens : null,
        ),
        countTokens: (summary) => tokenCounter.messageTokens(buildContinuationMessage(summary)),
        sessionId: input.sessionId,
        suffix: formatWorkspaceRulesSection(rules),
      });
      const mergedTodos: Todo[] = mergeTodos(await sessionTodos(db, input.tenantId, input.sessionId), [
        ...inferPendingWork(conversationOnly(messages)),
        ...extractOpenTodos(row.mergedBody),
        ...advanced.memory.todosDone.map((text) => ({ text, status: 'done' as const })),
      ]);
      const text = advanced.text;
      const summaryTokens = advanced.tokens;
      const tokensBefore = stored.reduce((sum, m) => sum + m.tokens, 0) + (previous?.tokens ?? 0);
      // Level 3 is a fallback only when an LLM was configured; offline it is the design.
      const degraded = model !== null && chunks.some((c) => c.level === LEVEL_EXTRACTIVE);

      const error = reductionFailure(summaryTokens, tokensBefore);
      if (error !== null) {
        await failCompactionRow(db, input.compactionId, {
          error,
          tokensBefore,
          tokensAfter: summaryTokens,
          verdict: 'no_progress',
        });
        return { compactionId: input.compactionId, status: 'failed', tokensBefore, summaryTokens, error };
      }

      const status = degraded ? 'degraded' : 'succeeded';
      // The verdict and its cause, once per compaction: the provider's error a chunk recorded.
      const { verdict, cause } = summaryVerdict(chunks, {
        extractiveLevel: LEVEL_EXTRACTIVE,
        llmConfigured: model !== null,
        offlineCause: OFFLINE_DIGEST_CAUSE,
      });
      await persistCompactionResult(db, {
        compactionId: input.compactionId,
        tenantId: input.tenantId,
        sessionId: input.sessionId,
        status,
        verdict,
        cause,
        summary: { text, tokens: summaryTokens, workingMemory: advanced.memory },
        tokensBefore,
        files,
        failures,
        todos: mergedTodos,
      });
      return {
        compactionId: input.compactionId,
        status,
        tokensBefore,
        summaryTokens,
        ...(cause !== null ? { error: cause } : {}),
      };
    },

    /** Records a compaction that could not finish (its error is shown to operators). */
    async failCompaction(input: {
      compactionId: string;
      error: string;
      /** Absent in calls scheduled by workers before tenant-scoped reads: the row's own tenant. */
      tenantId?: string;
    }): Promise<CompactionResult> {
      const tenantId = input.tenantId ?? (await compactionTenant(db, input.compactionId));
      const finished = tenantId === undefined ? undefined : await storedResult(tenantId, input.compactionId);
      if (finished) return finished;
      await failCompactionRow(db, input.compactionId, {
        error: input.error.slice(0, 2_000),
        onlyIfRunning: true,
      });
      return { compactionId: input.compactionId, status: 'failed', error: input.error };
    },
  };
}
