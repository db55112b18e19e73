/**
 * Side effects of the session workflow other than the view: breaker events and persistent
 * truncation (overflow recovery, docs/engine-rules.md#overflow-recovery step 4). Both are idempotent on ids the workflow chooses.
 */
import { findOversizedToolResults, type TokenCounter } from '../context/index.js';
import type { Database } from '../db/client.js';
import { recordBreakerEvent } from '../db/sessions.js';
import { insertMessageOverrides, readEffectiveMessages } from '../db/transcript.js';
import type {
  BreakerEventInput,
  TruncateLiveToolResultsInput,
  TruncateLiveToolResultsResult,
} from '../workflows/contract.js';

export function sessionActivities(db: Database, tokenCounter: TokenCounter) {
  return {
    async recordBreakerEvent(input: BreakerEventInput): Promise<void> {
      await recordBreakerEvent(db, input);
    },

    /**
     * Truncates the live context's oversized tool results (one over its limit, or several over the
     * aggregate budget) by recording overrides; the stored rows stay as they were. Returns the new
     * token count of each changed message.
     */
    async truncateLiveToolResults(
      input: TruncateLiveToolResultsInput,
    ): Promise<TruncateLiveToolResultsResult> {
      const stored = await readEffectiveMessages(db, input.tenantId, input.sessionId, {
        afterSeq: input.afterSeq,
      });
      const plan = findOversizedToolResults(
        stored.map((m) => m.body),
        input.contextWindowTokens,
      );
      const changed = plan.map((item) => ({
        seq: stored[item.index]!.seq,
        body: item.message,
        tokens: tokenCounter.messageTokens(item.message),
        reason: `overflow recovery: ${item.reason} tool result cut from ${item.originalChars} to ${item.truncatedChars} chars`,
      }));
      await insertMessageOverrides(
        db,
        changed.map((c) => ({
          id: `${input.operationId}:${c.seq}`,
          tenantId: input.tenantId,
          sessionId: input.sessionId,
          seq: c.seq,
          body: c.body,
          tokens: c.tokens,
          reason: c.reason,
        })),
      );
      return { changed: changed.map(({ seq, tokens }) => ({ seq, tokens })) };
    },
  };
}
