/**
 * The last step of a compaction (ALGORITHMS.md §9): digest the range, compose the summary, verify
 * it is smaller than what it replaces, and persist it with its files, tool failures and TODOs —
 * or record why the compaction could not finish.
 */

import { reductionFailure } from '../../context/compaction-rules.js';
import {
  buildContinuationMessage,
  collectFileActivity,
  collectToolFailures,
  composeSummary,
  extractOpenTodos,
  extractWorkspaceRules,
  inferPendingWork,
  mergeTodos,
  type Todo,
} from '../../context/index.js';
import {
  chunksOf,
  compactionRow,
  compactionTenant,
  failCompactionRow,
  persistCompactionResult,
  sessionTodos,
  summaryOf,
} from '../../db/compaction-writes.js';
import { getSession } from '../../db/transcript.js';
import type { CompactionResult } from '../../workflows/definitions.js';
import { type CompactionRange, type CompactionSteps, LEVEL_EXTRACTIVE } from './steps.js';

export function persistActivities(steps: CompactionSteps) {
  const { db, model, tokenCounter, loadRange, storedResult } = steps;

  return {
    /**
     * Digest (§9) + persist + verify, in one transaction: the summary row (at most one per
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
        ? await summaryOf(db, input.tenantId, input.previousCompactionId)
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
