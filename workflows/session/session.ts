/**
 * sessionWorkflow: one per tenant and agent session, long-lived (continue-as-new).
 *
 * The run's state and what each message does to it live in SessionRun (workflows/session/session-run.ts);
 * this file wires the handlers and runs the main loop, which carries out the commands the
 * transitions queued: start a compaction child (never awaited by a turn), cancel one, record
 * breaker events, persist the session view. Signal handlers are synchronous: they apply the event
 * and queue commands. Turns are idempotent on seq, so a re-delivered turn counts once.
 *
 * The order in which handlers are registered and the awaits below are part of every recorded
 * history (the replay tier checks them): change them only behind `patched()`.
 */
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { createSessionState, sessionView, turnAlreadyApplied } from '../../context/session/index.js';
import {
  type CompactInput,
  compactionFinishedSignal,
  compactUpdate,
  type ReportOverflowInput,
  reportOverflowUpdate,
  resetBreakerSignal,
  resetBreakerUpdate,
  type SessionView,
  type SessionWorkflowInput,
  stateQuery,
  turnBatchSignal,
  turnSignal,
} from '../contract.js';
import { restartInput } from './session-rebuild.js';
import { SessionRun } from './session-run.js';

export { OVERFLOW_COMPACTS_RECENT_TURNS_PATCH } from './session-recovery.js';
export {
  CONTINUE_AS_NEW_AT_EVENTS,
  LEARNED_WINDOW_PATCH,
  SHORT_RUNS_PATCH,
  USAGE_CALIBRATION_PATCH,
} from './session-run.js';

/** The view of the state a fresh run starts from: what a query sees while a rebuild is reading. */
function startingView(input: SessionWorkflowInput): SessionView {
  const state = createSessionState({
    sessionId: input.sessionId,
    contextWindowTokens: input.contextWindowTokens,
    ...(input.settings ? { settings: input.settings } : {}),
    ...(input.defaults ? { defaults: input.defaults } : {}),
  });
  return { ...sessionView(state), workflowId: workflowInfo().workflowId };
}

export async function sessionWorkflow(startInput: SessionWorkflowInput): Promise<void> {
  // A query adds nothing to the history, so it may be answered before the rebuild below awaits
  // its activity: the state a fresh run starts from until then, the run's own view after.
  let answering: SessionRun | undefined;
  setHandler(stateQuery, () => answering?.view() ?? startingView(startInput));
  // A run started again after its predecessor was lost reads the state back (session-rebuild.ts).
  const { input, pending } = await restartInput(startInput);
  const run = new SessionRun(input);
  answering = run;

  // Stored turns the lost run had not applied go first, in seq order; then buffered signals.
  if (pending.length > 0) run.turn({ turnId: 'rebuilt', messages: pending });
  setHandler(turnSignal, (turn) => run.turn(turn));
  // Coalesced turns (docs/architecture.md#coalesced-turns): a recorded history holds no `turns`
  // signal, so registering its handler changes no replay.
  setHandler(turnBatchSignal, (batch) => {
    for (const turn of batch.turns) if (!turnAlreadyApplied(run.state.lastSeq, turn)) run.turn(turn);
  });
  setHandler(compactionFinishedSignal, (result) => run.compactionFinished(result));
  setHandler(resetBreakerSignal, () => run.resetBreaker());
  setHandler(resetBreakerUpdate, () => run.resetBreakerAndAnswer());
  setHandler(compactUpdate, (request) => run.compact(request), {
    validator: (request: CompactInput) => {
      if (request.keepRecentTokens !== undefined && !(request.keepRecentTokens >= 0)) {
        throw new Error('keepRecentTokens must be a non-negative number');
      }
    },
  });
  setHandler(reportOverflowUpdate, (request) => run.reportOverflow(request), {
    validator: (request: ReportOverflowInput) => {
      if (!request.attemptId) throw new Error('attemptId is required');
    },
  });

  upsertSearchAttributes({
    MoltTenant: [input.tenantId],
    MoltBreakerOpen: [run.state.breaker.state !== 'closed'],
  });

  const { queue, memory } = run;
  for (;;) {
    await memory.wait(
      () => queue.length > 0 || run.dirty || run.historyCapReached(),
      () => run.state,
    );
    while (queue.length > 0) await run.execute(queue.shift()!);
    await memory.flush();
    if (run.dirty) await run.flushView();
    if (run.historyCapReached() && queue.length === 0) {
      // Updates waiting on a compaction keep the run open; commands are served meanwhile. A view
      // left dirty by turns that arrived since the last write is carried: the next run writes it
      // first. (Waiting for a quiet moment would never end under steady traffic.)
      await condition(() => allHandlersFinished() || queue.length > 0);
      if (allHandlersFinished() && queue.length === 0) {
        await continueAsNew<typeof sessionWorkflow>(run.continueAsNewInput());
      }
    }
  }
}
