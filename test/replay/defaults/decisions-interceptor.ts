/**
 * Records what the workflow code decides while a history replays: every activity, local
 * activity, child, timer and continue-as-new it asks for, with its input (a sink called during
 * replay). Replay itself only compares the kinds and order of commands; the inputs — the view a
 * session persists, the range a compaction covers — are where a changed default would show.
 * Bundled only into the replay tier's test bundles.
 */
import { proxySinks, type Sinks, type WorkflowInterceptorsFactory } from '@temporalio/workflow';

export interface DecisionSinks extends Sinks {
  decisions: { record(kind: string, value: unknown): void };
}

const { decisions } = proxySinks<DecisionSinks>();

export const interceptors: WorkflowInterceptorsFactory = () => ({
  outbound: [
    {
      scheduleActivity(input, next) {
        decisions.record('activity', { type: input.activityType, args: input.args });
        return next(input);
      },
      scheduleLocalActivity(input, next) {
        decisions.record('localActivity', { type: input.activityType, args: input.args });
        return next(input);
      },
      startChildWorkflowExecution(input, next) {
        const { workflowId, args } = input.options;
        decisions.record('child', { type: input.workflowType, workflowId, args });
        return next(input);
      },
      startTimer(input, next) {
        decisions.record('timer', { durationMs: input.durationMs });
        return next(input);
      },
      continueAsNew(input, next) {
        decisions.record('continueAsNew', { args: input.args });
        return next(input);
      },
    },
  ],
});
