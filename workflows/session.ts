/**
 * sessionWorkflow: one per tenant and agent session, long-lived (continue-as-new).
 *
 * Every decision is a pure function of context/session/ (thresholds §7, breaker §10,
 * recovery §12); this file only carries out the commands they return: start a compaction child
 * (never awaited by a turn), cancel one, record breaker events, truncate persistently, and persist
 * the session view. Signal handlers are synchronous: they apply the event and queue commands; the
 * main loop executes the queue. Turns are idempotent on seq, so a re-delivered turn counts once.
 */
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
// The workflow imports the modules it uses, not the context/ barrel: every workflow the worker
// instantiates evaluates its imports anew, and the barrel's message adapters build zod schemas.
import { canCompact } from '../context/breaker.js';
import {
  learnedContextWindow,
  nextRecoveryStep,
  recoveryAttempts,
  recoveryStepFreedTokens,
} from '../context/recovery.js';
import {
  applyBreakerReset,
  applyCompactionResult,
  applyContextReset,
  applyObservedWindow,
  applyTruncation,
  applyTurn,
  createSessionState,
  likelyHasOversizedToolResults,
  liveTokensOf,
  planCompaction,
  planReplay,
  recoveryCountersOf,
  type SessionState,
  sessionView,
  type Transition,
  updateSessionConfig,
  withRecoveryCounters,
} from '../context/session/index.js';
import {
  type CompactInput,
  type CompactionResult,
  type CompactResult,
  compactionFinishedSignal,
  compactUpdate,
  type ReportOverflowInput,
  type ReportOverflowResult,
  reportOverflowUpdate,
  resetBreakerSignal,
  resetBreakerUpdate,
  type SessionView,
  type SessionWorkflowInput,
  stateQuery,
  type TurnSignal,
  turnSignal,
} from './definitions.js';
import { createCommandExecutor, type QueuedCommand } from './session-commands.js';
import { createMemoryHooks } from './session-memory.js';
import { withTenantScopedIds } from './tenant-ids.js';

/**
 * Continue-as-new well before Temporal's own suggestion (4 096 events): a burst of turns arriving
 * while the loop is busy adds events before the next check.
 */
export const CONTINUE_AS_NEW_AT_EVENTS = 3_000;

/**
 * Turns' usage reports calibrate the live tokens (context/session/usage-calibration.ts). Runs
 * whose history was recorded before (without the marker) replay with reports ignored: the
 * thresholds there were evaluated on the estimate alone.
 */
export const USAGE_CALIBRATION_PATCH = 'usage-calibration';

/**
 * Overflow recovery compacts the recent turns too when keeping them leaves nothing to compact.
 * Runs recorded before answered `give_up` there, and replay that way.
 */
export const OVERFLOW_COMPACTS_RECENT_TURNS_PATCH = 'overflow-compacts-recent-turns';

/** The view write is small and frequent: a local activity costs one marker event, not a task round. */
const { persistSessionView } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

const activities = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

export async function sessionWorkflow(input: SessionWorkflowInput): Promise<void> {
  const { workflowId } = workflowInfo();
  let state: SessionState =
    input.carried?.state ??
    createSessionState({
      sessionId: input.sessionId,
      contextWindowTokens: input.contextWindowTokens,
      ...(input.settings ? { settings: input.settings } : {}),
    });
  state = withTenantScopedIds(state, input.tenantId);
  // A fresh run (not continued-as-new) counts its view versions on from its start time: a run
  // that replaces one that is gone (terminated, lost with its server) then writes above every
  // version the old run stored, even a write of the old run that lands after this run started;
  // from 0 its writes would be refused as older and the session's view would stay stale. Up to
  // 1,000 writes per millisecond of the old run's life keep the order; ms × 1,000 stays exact.
  let viewVersion = input.carried?.viewVersion ?? workflowInfo().runStartTime.getTime() * 1_000;
  // Persist once per run: a turn applied just before continue-as-new may not have been persisted.
  let dirty = true;
  const queue: QueuedCommand[] = [];
  /** Results of finished compactions, for the updates that wait on them. */
  const finished = new Map<string, CompactionResult>();
  /** Compactions whose child this run has started (a detached compact update answers then). */
  const started = new Set<string>();

  const memory = createMemoryHooks(input);
  const calibrate = patched(USAGE_CALIBRATION_PATCH);
  const execute = createCommandExecutor({
    input,
    workflowId,
    activities,
    memory,
    uploadCompactionId: () => state.upload?.compactionId ?? null,
    started,
  });

  const now = () => Date.now();
  const apply = (transition: Transition, extra: { replayOf?: string; instructions?: string } = {}) => {
    if (transition.state !== state) dirty = true;
    state = transition.state;
    for (const command of transition.commands) queue.push({ command, ...extra });
  };
  const view = (): SessionView => ({ ...sessionView(state), workflowId });

  let persistedVersion = viewVersion;
  /**
   * Persists the view if anything changed, and in any case returns only once the view of the
   * current state is in PostgreSQL — an update answers the agent after this, and the agent's next
   * GET /context reads that view.
   */
  const flushView = async (): Promise<void> => {
    if (!dirty) {
      await condition(() => persistedVersion >= viewVersion);
      return;
    }
    dirty = false;
    viewVersion += 1;
    const version = viewVersion;
    await persistSessionView({
      tenantId: input.tenantId,
      sessionId: input.sessionId,
      version,
      view: view(),
    });
    persistedVersion = Math.max(persistedVersion, version);
  };

  setHandler(turnSignal, (turn: TurnSignal) => {
    if (
      (turn.contextWindowTokens !== undefined && turn.contextWindowTokens !== state.contextWindowTokens) ||
      turn.settings
    ) {
      apply(
        updateSessionConfig(
          state,
          {
            ...(turn.contextWindowTokens !== undefined
              ? { contextWindowTokens: turn.contextWindowTokens }
              : {}),
            ...(turn.settings ? { settings: turn.settings } : {}),
          },
          now(),
        ),
      );
    }
    apply(
      applyTurn(state, {
        turnId: turn.turnId,
        messages: turn.messages,
        ...(calibrate && turn.usage ? { usage: turn.usage } : {}),
        now: now(),
      }),
    );
  });

  setHandler(compactionFinishedSignal, (result: CompactionResult) => {
    finished.set(result.compactionId, result);
    apply(applyCompactionResult(state, result, now()));
  });

  setHandler(resetBreakerSignal, () => apply(applyBreakerReset(state)));
  setHandler(resetBreakerUpdate, async (): Promise<SessionView> => {
    apply(applyBreakerReset(state));
    await flushView();
    return view();
  });
  setHandler(stateQuery, view);

  /** Waits until the upload running now (if any) has finished; a new plan starts from its result. */
  const runningUploadSettled = async (): Promise<void> => {
    if (state.upload?.status !== 'running') return;
    const running = state.upload.compactionId;
    await condition(() => state.upload?.compactionId !== running || state.upload.status !== 'running');
  };

  /** Waits for a compaction this run started to report back. */
  const awaitCompaction = async (compactionId: string): Promise<CompactionResult> => {
    await condition(() => finished.has(compactionId));
    return finished.get(compactionId)!;
  };

  setHandler(
    compactUpdate,
    async (request: CompactInput): Promise<CompactResult> => {
      // A compaction in flight finishes first; then this one is planned on the new state.
      await runningUploadSettled();
      if (request.keepRecentTokens === 0 && !request.replayOf) memory.onNew(state);
      const plan = request.replayOf
        ? planReplay(state, request.replayOf, now())
        : planCompaction(state, {
            trigger: 'manual',
            ...(request.keepRecentTokens !== undefined ? { keepRecentTokens: request.keepRecentTokens } : {}),
            now: now(),
          });
      if (plan.type === 'nothing') return { status: 'nothing', reason: plan.reason };
      if (plan.type === 'busy')
        return { status: 'nothing', reason: `compaction ${plan.compactionId} is running` };
      apply(
        { state: plan.state, commands: plan.commands },
        {
          ...(request.replayOf ? { replayOf: request.replayOf.compactionId } : {}),
          ...(request.instructions ? { instructions: request.instructions } : {}),
        },
      );
      if (request.detach) {
        await condition(() => started.has(plan.compactionId));
        await flushView();
        return { status: 'started', compactionId: plan.compactionId };
      }
      const result = await awaitCompaction(plan.compactionId);
      await flushView();
      return {
        status: result.status,
        compactionId: plan.compactionId,
        ...(result.error ? { error: result.error } : {}),
      };
    },
    {
      validator: (request: CompactInput) => {
        if (request.keepRecentTokens !== undefined && !(request.keepRecentTokens >= 0)) {
          throw new Error('keepRecentTokens must be a non-negative number');
        }
      },
    },
  );

  setHandler(
    reportOverflowUpdate,
    async (request: ReportOverflowInput): Promise<ReportOverflowResult> => {
      const result = await recover(request);
      await flushView();
      return result;
    },
    {
      validator: (request: ReportOverflowInput) => {
        if (!request.attemptId) throw new Error('attemptId is required');
      },
    },
  );

  /** The recovery tree's loop: decide, carry out, feed the result back, until there is an answer. */
  async function recover(request: ReportOverflowInput): Promise<ReportOverflowResult> {
    const learned = learnedContextWindow(request.error, state.contextWindowTokens);
    if (learned !== undefined) apply(applyObservedWindow(state, learned, now()));
    let freedNothing = false;
    for (;;) {
      const counters = recoveryCountersOf(state, request.attemptId);
      const decision = nextRecoveryStep({
        errorText: request.error,
        ...(request.autoCompacted !== undefined ? { autoCompacted: request.autoCompacted } : {}),
        counters,
        hasOversizedToolResults: likelyHasOversizedToolResults(state),
        lastCompactionFreedNothing: freedNothing,
        compactionAllowed: canCompact(state.breaker, state.settings.breaker, now()),
      });
      state = withRecoveryCounters(state, request.attemptId, decision.counters);
      dirty = true;
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
        await runningUploadSettled();
        const before = liveTokensOf(state);
        const plan = planCompaction(state, {
          trigger: 'overflow',
          now: now(),
          keepNothingWhenEmpty: patched(OVERFLOW_COMPACTS_RECENT_TURNS_PATCH),
        });
        if (plan.type !== 'started') {
          freedNothing = true;
          continue;
        }
        apply({ state: plan.state, commands: plan.commands });
        const result = await awaitCompaction(plan.compactionId);
        if (
          recoveryStepFreedTokens({
            liveTokensBefore: before,
            liveTokensAfter: liveTokensOf(state),
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
          operationId: `${workflowId}:${request.attemptId}:truncate`,
          tenantId: input.tenantId,
          sessionId: input.sessionId,
          afterSeq: state.boundarySeq,
          contextWindowTokens: state.contextWindowTokens,
        });
        const before = liveTokensOf(state);
        state = applyTruncation(state, changed);
        dirty = true;
        if (recoveryStepFreedTokens({ liveTokensBefore: before, liveTokensAfter: liveTokensOf(state) }))
          return answer('retry');
        continue;
      }
      if (decision.action === 'reset') {
        apply(applyContextReset(state));
        return answer('reset');
      }
      return answer(decision.action);
    }
  }

  upsertSearchAttributes({
    MoltTenant: [input.tenantId],
    MoltBreakerOpen: [state.breaker.state !== 'closed'],
  });

  const historyCapReached = () => {
    const info = workflowInfo();
    return (
      info.historyLength >= (input.maxHistoryEvents ?? CONTINUE_AS_NEW_AT_EVENTS) ||
      info.continueAsNewSuggested
    );
  };

  for (;;) {
    await memory.wait(
      () => queue.length > 0 || dirty || historyCapReached(),
      () => state,
    );
    while (queue.length > 0) await execute(queue.shift()!);
    await memory.flush();
    if (dirty) await flushView();
    if (historyCapReached() && queue.length === 0) {
      // Updates waiting on a compaction keep the run open; commands are served meanwhile. A view
      // left dirty by turns that arrived since the last write is carried: the next run writes it
      // first. (Waiting for a quiet moment would never end under steady traffic.)
      await condition(() => allHandlersFinished() || queue.length > 0);
      if (allHandlersFinished() && queue.length === 0) {
        await continueAsNew<typeof sessionWorkflow>({
          tenantId: input.tenantId,
          sessionId: input.sessionId,
          contextWindowTokens: state.contextWindowTokens,
          carried: { state, viewVersion, ...(memory.carry() ? { memory: memory.carry()! } : {}) },
          ...(input.memoryIdleMs !== undefined ? { memoryIdleMs: input.memoryIdleMs } : {}),
          ...(input.maxHistoryEvents !== undefined ? { maxHistoryEvents: input.maxHistoryEvents } : {}),
        });
      }
    }
  }
}
