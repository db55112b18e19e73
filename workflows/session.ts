/**
 * sessionWorkflow: one per tenant and agent session, long-lived. It accounts every turn's tokens,
 * applies each turn exactly once (seqs already seen are ignored, so a re-delivered turn never
 * double-counts), persists the session view through an activity and continues-as-new before its
 * history grows large.
 */
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import {
  type SessionCarriedState,
  type SessionView,
  type SessionWorkflowInput,
  stateQuery,
  type TurnSignal,
  turnSignal,
} from './definitions.js';

const { persistSessionView } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

export async function sessionWorkflow(input: SessionWorkflowInput): Promise<void> {
  const state: SessionCarriedState = input.carried ?? {
    contextWindowTokens: input.contextWindowTokens,
    lastSeq: 0,
    liveTokens: 0,
    viewVersion: 0,
    turnsApplied: 0,
  };
  // Persist once per run: a turn applied just before continue-as-new may not have been persisted.
  let dirty = true;
  const { workflowId } = workflowInfo();

  const view = (): SessionView => ({
    sessionId: input.sessionId,
    contextWindowTokens: state.contextWindowTokens,
    liveTokens: state.liveTokens,
    ratio: state.contextWindowTokens > 0 ? state.liveTokens / state.contextWindowTokens : 0,
    thresholds: { upload: 0.5, force: 0.7 },
    lastSeq: state.lastSeq,
    boundarySeq: 0,
    summary: null,
    upload: null,
    breaker: { state: 'closed', consecutiveFailures: 0, lastError: null },
    compactions: { total: 0, failed: 0 },
    workflowId,
  });

  setHandler(turnSignal, (turn: TurnSignal) => {
    if (turn.contextWindowTokens && turn.contextWindowTokens !== state.contextWindowTokens) {
      state.contextWindowTokens = turn.contextWindowTokens;
      dirty = true;
    }
    let applied = false;
    for (const message of turn.messages) {
      if (message.seq <= state.lastSeq) continue;
      state.lastSeq = message.seq;
      state.liveTokens += message.tokens;
      applied = true;
    }
    if (applied) {
      state.turnsApplied += 1;
      dirty = true;
    }
  });
  setHandler(stateQuery, view);

  const historyCapReached = () => {
    const info = workflowInfo();
    return input.maxHistoryEvents !== undefined
      ? info.historyLength >= input.maxHistoryEvents
      : info.continueAsNewSuggested;
  };

  for (;;) {
    await condition(() => dirty || historyCapReached());
    if (dirty) {
      dirty = false;
      state.viewVersion += 1;
      await persistSessionView({
        tenantId: input.tenantId,
        sessionId: input.sessionId,
        version: state.viewVersion,
        view: view(),
      });
    }
    if (historyCapReached() && !dirty) {
      await condition(allHandlersFinished);
      await continueAsNew<typeof sessionWorkflow>({ ...input, carried: state });
    }
  }
}
