/**
 * Reading workflow histories for the benchmarks: activity spans (scheduled → started → completed)
 * from event timestamps, and the chain of runs of a workflow that continued as new.
 */
import type { Client } from '@temporalio/client';
import { tsToMs } from '@temporalio/common/lib/time.js';

type History = Awaited<ReturnType<ReturnType<Client['workflow']['getHandle']>['fetchHistory']>>;
type HistoryEvent = NonNullable<History['events']>[number];

export interface ActivitySpan {
  type: string;
  scheduledAt: number;
  startedAt: number | undefined;
  closedAt: number | undefined;
}

const eventMs = (event: HistoryEvent): number => tsToMs(event.eventTime);
const id = (value: unknown): number => Number(value);

/** Every activity of a run with its timestamps (epoch ms), in scheduling order. */
export function activitySpans(history: History): ActivitySpan[] {
  const spans = new Map<number, ActivitySpan>();
  for (const event of history.events ?? []) {
    const scheduled = event.activityTaskScheduledEventAttributes;
    if (scheduled) {
      spans.set(id(event.eventId), {
        type: scheduled.activityType?.name ?? '?',
        scheduledAt: eventMs(event),
        startedAt: undefined,
        closedAt: undefined,
      });
      continue;
    }
    const started = event.activityTaskStartedEventAttributes;
    if (started) {
      const span = spans.get(id(started.scheduledEventId));
      if (span) span.startedAt = eventMs(event);
      continue;
    }
    const closed =
      event.activityTaskCompletedEventAttributes ??
      event.activityTaskFailedEventAttributes ??
      event.activityTaskTimedOutEventAttributes ??
      event.activityTaskCanceledEventAttributes;
    if (closed) {
      const span = spans.get(id(closed.scheduledEventId));
      if (span) span.closedAt = eventMs(event);
    }
  }
  return [...spans.values()];
}

/** First and last event times of a run. */
export function runBounds(history: History): { startedAt: number; closedAt: number } {
  const events = history.events ?? [];
  return { startedAt: eventMs(events[0]!), closedAt: eventMs(events[events.length - 1]!) };
}

export interface RunLength {
  runId: string;
  events: number;
  /** WorkflowExecutionSignaled events (Temporal rejects signals past 10 000 per run by default). */
  signals: number;
  /** Event id of the first workflow task started with `suggestContinueAsNew` (null: never suggested). */
  continueAsNewSuggestedAt: number | null;
}

/**
 * The runs of `workflowId`, oldest first, found by following each run's first event back to the
 * run it continued from (`continuedExecutionRunId`), starting at the latest run.
 */
export async function runChain(client: Client, workflowId: string, maxRuns = 10_000): Promise<RunLength[]> {
  const latest = await client.workflow.getHandle(workflowId).describe();
  const runs: RunLength[] = [];
  let runId: string | undefined = latest.runId;
  while (runId && runs.length < maxRuns) {
    const history: History = await client.workflow.getHandle(workflowId, runId).fetchHistory();
    const events: HistoryEvent[] = history.events ?? [];
    const suggested = events.find((event) => event.workflowTaskStartedEventAttributes?.suggestContinueAsNew);
    runs.push({
      runId,
      events: events.length,
      signals: events.filter((event) => event.workflowExecutionSignaledEventAttributes).length,
      continueAsNewSuggestedAt: suggested ? id(suggested.eventId) : null,
    });
    const previous: string | null | undefined =
      events[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId;
    runId = previous ? previous : undefined;
  }
  return runs.reverse();
}
