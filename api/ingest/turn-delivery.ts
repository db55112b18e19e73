/**
 * What the turn dispatcher (api/ingest/turn-dispatcher.ts) sends and how: the signal to a session's
 * workflow, and which stored turns go together in one batch.
 */
import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import type { SignalDefinition } from '@temporalio/common';
import { TURN_BATCH_MAX_BYTES, TURN_BATCH_MAX_TURNS } from '../../config/defaults.js';
import type { SessionWorkflowInput } from '../../workflows/contract.js';
import type { sessionWorkflow } from '../../workflows/session/session.js';
import type { OutboxTurn } from './turn-outbox.js';

/**
 * Sends a signal to a session's workflow. A session's workflow runs from its first turn on, and a
 * plain signal costs less CPU than signalWithStart (on the bench's stack, per signal: API 1.2-1.5
 * ms against 1.8-2.1, Temporal 1.2-1.4 against 1.5-1.8). A workflow that is not running
 * (terminated, or lost by its server) is started as the first turn starts it, with `start` as its
 * input and `rebuild` set: the new run reads its state back from PostgreSQL.
 */
export async function deliverToSession<T>(
  temporal: Client,
  target: {
    workflowId: string;
    taskQueue: string;
    /** The session's first turn is in this signal: its workflow has not been started yet. */
    created: boolean;
    start: SessionWorkflowInput;
  },
  signal: SignalDefinition<[T]>,
  arg: T,
): Promise<void> {
  const signalWithStart = async (start: SessionWorkflowInput) => {
    await temporal.workflow.signalWithStart<typeof sessionWorkflow, [T]>('sessionWorkflow', {
      workflowId: target.workflowId,
      taskQueue: target.taskQueue,
      args: [start],
      signal,
      signalArgs: [arg],
    });
  };
  if (target.created) return signalWithStart(target.start);
  try {
    await temporal.workflow.getHandle(target.workflowId).signal(signal, arg);
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    await signalWithStart({ ...target.start, rebuild: true });
  }
}

/**
 * The pending rows that follow the last seq signalled, in order and without a gap, within the
 * batch's caps; null when that cannot be told from memory (the outbox must be read).
 */
export function followingRows(entry: {
  pending: ReadonlyMap<number, OutboxTurn>;
  deliveredTo: number | null;
}): OutboxTurn[] | null {
  const rows = [...entry.pending.values()].sort((a, b) => a.id - b.id);
  if (rows.length === 0) return [];
  const first = rows[0]!;
  const follows =
    entry.deliveredTo === null
      ? first.created && first.fromSeq === 1
      : first.fromSeq === entry.deliveredTo + 1;
  if (!follows) return null;
  const batch: OutboxTurn[] = [];
  let bytes = 0;
  let to = first.fromSeq - 1;
  for (const row of rows) {
    if (row.fromSeq !== to + 1 || batch.length >= TURN_BATCH_MAX_TURNS) break;
    bytes += row.bytes;
    if (batch.length > 0 && bytes > TURN_BATCH_MAX_BYTES) break;
    batch.push(row);
    to = row.toSeq;
  }
  return batch;
}

/** The oldest rows whose signals fit TURN_BATCH_MAX_BYTES together (at least one). */
export function fitBatch(rows: readonly OutboxTurn[]): OutboxTurn[] {
  let bytes = 0;
  const batch: OutboxTurn[] = [];
  for (const row of rows) {
    bytes += row.bytes;
    if (batch.length > 0 && bytes > TURN_BATCH_MAX_BYTES) break;
    batch.push(row);
  }
  return batch;
}
