/**
 * The recovery tree's loop for an overflow the agent reported (docs/engine-rules.md, "Overflow
 * recovery"): learn a smaller window from the error, then decide (context/recovery.ts), carry out
 * the step, feed its result back, until there is an answer for the agent.
 */
import { patched } from '@temporalio/workflow';
import {
  learnedContextWindow,
  nextRecoveryStep,
  recoveryAttempts,
  recoveryStepFreedTokens,
} from '../../context/recovery.js';
import {
  applyContextReset,
  applyLearnedWindow,
  applyObservedWindow,
  applyTruncation,
  likelyHasOversizedToolResults,
  liveTokensOf,
  llmCompactionAllowed,
  planCompactionRange,
  recoveryCountersOf,
  type SessionState,
  type Transition,
  withRecoveryCounters,
} from '../../context/session/index.js';
import type {
  CompactionResult,
  ReportOverflowInput,
  ReportOverflowResult,
  SessionWorkflowInput,
} from '../contract.js';
import { PATCHES } from '../patches.js';
import { activities } from './session-activities.js';

/**
 * Overflow recovery compacts the recent turns too when keeping them leaves nothing to compact.
 * Runs recorded before answered `give_up` there, and replay that way.
 */
export const OVERFLOW_COMPACTS_RECENT_TURNS_PATCH = PATCHES.overflowCompactsRecentTurns.id;
/**
 * Before the tree moves past compaction (issue 32: with the LLM down, `give_up` came while an
 * offline compaction could still shrink the context): a compaction that kept the recent turns and
 * freed nothing — or found nothing to take — is tried once more over every live message; and a
 * compaction the thresholds started while the previous one reported is waited for instead of
 * counting as "freed nothing". Runs recorded before moved straight on, and replay that way.
 */
export const OVERFLOW_COMPACTS_EVERYTHING_PATCH = PATCHES.overflowCompactsEverything.id;

const now = () => Date.now();

/** What the recovery loop needs of the session's run (workflows/session/session-run.ts SessionRun). */
export interface RecoveringRun {
  readonly state: SessionState;
  readonly input: SessionWorkflowInput;
  readonly workflowId: string;
  readonly windowsApart: boolean;
  apply(transition: Transition, requested?: object, persist?: boolean): void;
  runningUploadSettled(): Promise<void>;
  awaitCompaction(compactionId: string): Promise<CompactionResult>;
}

/** The recovery tree's loop: decide, carry out, feed the result back, until there is an answer. */
export async function recoverFromOverflow(
  run: RecoveringRun,
  request: ReportOverflowInput,
): Promise<ReportOverflowResult> {
  const learned = learnedContextWindow(request.error, run.state.contextWindowTokens);
  if (learned !== undefined) {
    const learn = run.windowsApart ? applyLearnedWindow : applyObservedWindow;
    run.apply(learn(run.state, learned, now()));
  }
  let freedNothing = false;
  let keepNothing = false;
  for (;;) {
    const state = run.state;
    const decision = nextRecoveryStep({
      errorText: request.error,
      ...(request.autoCompacted !== undefined ? { autoCompacted: request.autoCompacted } : {}),
      counters: recoveryCountersOf(state, request.attemptId),
      hasOversizedToolResults: likelyHasOversizedToolResults(state),
      lastCompactionFreedNothing: freedNothing,
      // The breaker stops the LLM, never compaction: a session that falls back compacts offline.
      compactionAllowed: state.offlineFallback === true || llmCompactionAllowed(state, now()),
    });
    run.apply(
      { state: withRecoveryCounters(state, request.attemptId, decision.counters), commands: [] },
      {},
      true,
    );
    const answer = (
      action: ReportOverflowResult['action'],
      extra: Partial<ReportOverflowResult> = {},
    ): ReportOverflowResult => ({
      action,
      step: decision.step,
      ...(decision.message ? { message: decision.message } : {}),
      attempts: recoveryAttempts(decision.counters),
      ...extra,
    });

    if (decision.action === 'compact') {
      await run.runningUploadSettled();
      const before = liveTokensOf(run.state);
      const plan = planCompactionRange(run.state, {
        trigger: 'overflow',
        now: now(),
        keepNothingWhenEmpty: patched(OVERFLOW_COMPACTS_RECENT_TURNS_PATCH),
        ...(keepNothing ? { keepRecentTokens: 0 } : {}),
      });
      // The compaction that was running finished and its result started the next one at once
      // (the thresholds): wait for that one too — it shrinks the context as well.
      if (plan.type === 'busy' && patched(OVERFLOW_COMPACTS_EVERYTHING_PATCH)) {
        await run.runningUploadSettled();
        const after = liveTokensOf(run.state);
        if (recoveryStepFreedTokens({ liveTokensBefore: before, liveTokensAfter: after })) {
          return answer('retry', { compactionId: plan.compactionId });
        }
        continue;
      }
      if (plan.type !== 'started') {
        if (
          plan.type === 'nothing' &&
          plan.reason === 'empty' &&
          !keepNothing &&
          !likelyHasOversizedToolResults(run.state) &&
          patched(OVERFLOW_COMPACTS_EVERYTHING_PATCH)
        ) {
          keepNothing = true;
          continue;
        }
        freedNothing = true;
        continue;
      }
      const keptRecent =
        !keepNothing && plan.state.upload !== null && plan.state.upload.toSeq < run.state.lastSeq;
      run.apply({ state: plan.state, commands: plan.commands });
      const result = await run.awaitCompaction(plan.compactionId);
      if (
        recoveryStepFreedTokens({
          liveTokensBefore: before,
          liveTokensAfter: liveTokensOf(run.state),
          failed: result.status === 'failed',
        })
      ) {
        return answer('retry', { compactionId: plan.compactionId });
      }
      // Oversized tool results are truncated first (step 4): it keeps the recent turns verbatim.
      if (
        keptRecent &&
        !likelyHasOversizedToolResults(run.state) &&
        patched(OVERFLOW_COMPACTS_EVERYTHING_PATCH)
      ) {
        keepNothing = true;
        continue;
      }
      freedNothing = true;
      continue;
    }
    if (decision.action === 'truncate') {
      const { changed } = await activities.truncateLiveToolResults({
        operationId: `${run.workflowId}:${request.attemptId}:truncate`,
        tenantId: run.input.tenantId,
        sessionId: run.input.sessionId,
        afterSeq: run.state.boundarySeq,
        contextWindowTokens: run.state.contextWindowTokens,
      });
      const before = liveTokensOf(run.state);
      run.apply({ state: applyTruncation(run.state, changed), commands: [] }, {}, true);
      if (recoveryStepFreedTokens({ liveTokensBefore: before, liveTokensAfter: liveTokensOf(run.state) }))
        return answer('retry');
      continue;
    }
    if (decision.action === 'reset') {
      run.apply(applyContextReset(run.state));
      return answer('reset');
    }
    return answer(decision.action);
  }
}
