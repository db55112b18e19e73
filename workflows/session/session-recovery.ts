/**
 * The recovery tree's loop for an overflow the agent reported (docs/engine-rules.md, "Overflow
 * recovery"): learn a smaller window from the error, then decide (context/recovery.ts), carry out
 * the step, feed its result back, until there is an answer for the agent.
 */
import { patched } from '@temporalio/workflow';
import { canCompact } from '../../context/breaker.js';
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
  for (;;) {
    const state = run.state;
    const decision = nextRecoveryStep({
      errorText: request.error,
      ...(request.autoCompacted !== undefined ? { autoCompacted: request.autoCompacted } : {}),
      counters: recoveryCountersOf(state, request.attemptId),
      hasOversizedToolResults: likelyHasOversizedToolResults(state),
      lastCompactionFreedNothing: freedNothing,
      compactionAllowed: canCompact(state.breaker, state.settings.breaker, now()),
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
      });
      if (plan.type !== 'started') {
        freedNothing = true;
        continue;
      }
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
