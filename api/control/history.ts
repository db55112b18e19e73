/**
 * A session's Temporal history for reading without the Temporal UI: every run of the session
 * workflow (following the continue-as-new chain back from the latest run) and every compaction
 * run, each event with a one-line summary.
 */
import type { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';

/** The continue-as-new chain is followed back at most this far. */
export const MAX_SESSION_RUNS = 20;

export interface HistoryEvent {
  id: number;
  time: string;
  type: string;
  summary: string;
}

export interface HistoryRun {
  workflowId: string;
  runId: string;
  status: string;
  events: HistoryEvent[];
  /** This run in the Temporal Web UI, when one is configured (MOLT_TEMPORAL_UI_URL); else null. */
  uiUrl: string | null;
}

/** A run's page in the Temporal Web UI: `{ui}/namespaces/{ns}/workflows/{workflowId}/{runId}/history`. */
export function temporalUiLink(
  uiBase: string | undefined,
  namespace: string,
  workflowId: string,
  runId: string,
): string | null {
  if (!uiBase) return null;
  const base = uiBase.replace(/\/+$/, '');
  const part = encodeURIComponent;
  return `${base}/namespaces/${part(namespace)}/workflows/${part(workflowId)}/${part(runId)}/history`;
}

type JsonEvent = Record<string, unknown> & { eventId: string; eventTime: string; eventType: string };

/** EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED → WorkflowExecutionSignaled */
function typeName(eventType: string): string {
  return eventType
    .replace(/^EVENT_TYPE_/, '')
    .toLowerCase()
    .replace(/(^|_)([a-z])/g, (_m, _sep, letter: string) => letter.toUpperCase());
}

// biome-ignore lint/suspicious/noExplicitAny: event attributes are untyped JSON of dozens of event kinds
type Attributes = Record<string, any>;

function attributesOf(event: JsonEvent): Attributes {
  const key = Object.keys(event).find((k) => k.endsWith('EventAttributes'));
  return (key ? event[key] : {}) as Attributes;
}

function summarise(event: JsonEvent): string {
  const a = attributesOf(event);
  const failure = a.failure?.message ?? a.failure?.cause?.message;
  switch (typeName(event.eventType)) {
    case 'WorkflowExecutionStarted':
      return `${a.workflowType?.name ?? 'workflow'} started${a.continuedExecutionRunId ? ` (continued from ${a.continuedExecutionRunId})` : ''}`;
    case 'WorkflowExecutionSignaled':
      return `signal ${a.signalName}`;
    case 'WorkflowExecutionUpdateAccepted':
      return `update ${a.acceptedRequest?.input?.name ?? ''} accepted`;
    case 'WorkflowExecutionUpdateCompleted':
      return `update completed${a.outcome?.failure ? `: ${a.outcome.failure.message}` : ''}`;
    case 'ActivityTaskScheduled':
      return `activity ${a.activityType?.name} scheduled`;
    case 'ActivityTaskStarted':
      return `activity started (attempt ${a.attempt ?? 1})`;
    case 'ActivityTaskFailed':
    case 'ActivityTaskTimedOut':
      return `activity failed: ${failure ?? 'timed out'}`;
    case 'StartChildWorkflowExecutionInitiated':
      return `child ${a.workflowType?.name} ${a.workflowId} requested`;
    case 'ChildWorkflowExecutionStarted':
      return `child ${a.workflowExecution?.workflowId} started`;
    case 'SignalExternalWorkflowExecutionInitiated':
      return `signal ${a.signalName} to ${a.workflowExecution?.workflowId}`;
    case 'UpsertWorkflowSearchAttributes':
      return `search attributes ${Object.keys(a.searchAttributes?.indexedFields ?? {}).join(', ')}`;
    case 'WorkflowExecutionContinuedAsNew':
      return `continued as new (run ${a.newExecutionRunId})`;
    case 'WorkflowExecutionFailed':
      return `failed: ${failure ?? ''}`;
    case 'WorkflowExecutionTerminated':
      return `terminated${a.reason ? `: ${a.reason}` : ''}`;
    case 'TimerStarted':
      return `timer ${a.startToFireTimeout ?? ''}`;
    default:
      return typeName(event.eventType);
  }
}

async function readRunOf(client: Client, uiBase: string | undefined, workflowId: string, runId?: string) {
  const handle = client.workflow.getHandle(workflowId, runId);
  const [description, history] = await Promise.all([handle.describe(), handle.fetchHistory()]);
  const json = JSON.parse(historyToJSON(history)) as { events: JsonEvent[] };
  const events = json.events.map((event) => ({
    id: Number(event.eventId),
    time: event.eventTime,
    type: typeName(event.eventType),
    summary: summarise(event),
  }));
  const started = json.events[0] ? attributesOf(json.events[0]) : {};
  return {
    run: {
      workflowId,
      runId: description.runId,
      status: description.status.name,
      events,
      uiUrl: temporalUiLink(uiBase, client.options.namespace, workflowId, description.runId),
    },
    previousRunId: started.continuedExecutionRunId as string | undefined,
  };
}

export async function readHistory(
  client: Client,
  sessionWorkflowId: string,
  compactionRuns: ReadonlyArray<{ workflowId: string; runId: string | null }>,
  uiBase?: string,
): Promise<HistoryRun[]> {
  const readRun = (workflowId: string, runId?: string) => readRunOf(client, uiBase, workflowId, runId);
  const sessionRuns: HistoryRun[] = [];
  let runId: string | undefined;
  for (let i = 0; i < MAX_SESSION_RUNS; i++) {
    const { run, previousRunId } = await readRun(sessionWorkflowId, runId);
    sessionRuns.unshift(run);
    if (!previousRunId) break;
    runId = previousRunId;
  }
  const compactionHistories = await Promise.all(
    compactionRuns.map(async (c) => (await readRun(c.workflowId, c.runId ?? undefined)).run),
  );
  return [...sessionRuns, ...compactionHistories];
}
