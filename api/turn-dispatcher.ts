/**
 * The turn dispatcher (docs/architecture.md#coalesced-turns): drains the turn outbox
 * (db/turn-outbox.ts) into one `turns` signal per session and batch. The turn route commits the
 * turn with its outbox row and answers 202; the dispatcher signals the session right away, then
 * waits `intervalMs` before its next signal to that session, so under load a session's turns
 * arrive in batches: fewer workflow activations and history events than one signal each.
 *
 * Exactly once, in seq order: a session's rows are read oldest first (ids are taken under the
 * session's row lock, so every read is a prefix in seq order) and deleted only after Temporal
 * accepted the signal that carried them. A dispatcher that dies in between leaves them to be
 * signalled again — by its successor's start-up sweep, or another API's periodic one — and the
 * workflow skips turns it has applied (context/session/batch.ts). Any later batch is read after
 * the earlier rows were deleted, so after their signal was accepted: the workflow sees seqs in order.
 */
import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import type { SignalDefinition } from '@temporalio/common';
import {
  DEFAULT_TEMPORAL_TIMEOUT_MS,
  DEFAULT_TURN_DISPATCH_INTERVAL_MS,
  DEFAULT_TURN_OUTBOX_SWEEP_MS,
  TURN_BATCH_MAX_BYTES,
  TURN_BATCH_MAX_TURNS,
} from '../config/defaults.js';
import type { Database } from '../db/client.js';
import { deleteOutboxTurns, type OutboxTurn, readOutboxTurns, sessionsWaiting } from '../db/turn-outbox.js';
import {
  type SessionWorkflowInput,
  sessionWorkflowId,
  type TurnBatchSignal,
  turnBatchSignal,
} from '../workflows/contract.js';
import type { sessionWorkflow } from '../workflows/session.js';

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

export interface TurnDispatcherOptions {
  db: Database;
  temporal: Client;
  taskQueue: string;
  memoryIdleMs?: number;
  /** How long one signal may wait for Temporal (default 5 s). */
  temporalTimeoutMs?: number;
  intervalMs?: number;
  sweepMs?: number;
  /** Test hook: runs after a batch was read and before it is signalled / before its rows are deleted. */
  faults?: {
    beforeSignal?(turns: readonly OutboxTurn[]): Promise<void> | void;
    beforeDelete?(turns: readonly OutboxTurn[]): Promise<void> | void;
  };
}

type Availability = 'unknown' | 'up' | 'down';

interface SessionKey {
  tenantId: string;
  sessionId: string;
}

/** One session being drained: a notify meanwhile asks for another pass after the interval. */
interface Draining {
  again: boolean;
  wake: (() => void) | null;
}

export class TurnDispatcher {
  private readonly draining = new Map<string, Draining>();
  private readonly running = new Set<Promise<void>>();
  private availability: Availability = 'unknown';
  private probing: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: TurnDispatcherOptions) {
    this.intervalMs = options.intervalMs ?? DEFAULT_TURN_DISPATCH_INTERVAL_MS;
    this.timeoutMs = options.temporalTimeoutMs ?? DEFAULT_TEMPORAL_TIMEOUT_MS;
  }

  /** Drains what earlier processes left (any age), then sweeps periodically. */
  start(): void {
    if (this.timer) return;
    this.track(this.sweep(new Date(Date.now() + 60_000)));
    const every = this.options.sweepMs ?? DEFAULT_TURN_OUTBOX_SWEEP_MS;
    this.timer = setInterval(() => this.track(this.sweep(new Date(Date.now() - every))), every);
    this.timer.unref();
  }

  /** Stops sweeping and waits for the signals in flight; undelivered rows stay for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const entry of this.draining.values()) entry.wake?.();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /**
   * Whether the route should store a turn: false while Temporal is known to be unreachable (the
   * turn is refused with 503, as before the outbox). Unknown at start: asked once.
   */
  async accepting(): Promise<boolean> {
    if (this.availability !== 'unknown') return this.availability === 'up';
    return this.probe();
  }

  /** A turn of the session was committed: signal it now, or with the next batch. */
  notify(tenantId: string, sessionId: string): void {
    if (this.stopped) return;
    const key = JSON.stringify([tenantId, sessionId]);
    const entry = this.draining.get(key);
    if (entry) {
      entry.again = true;
      return;
    }
    const fresh: Draining = { again: false, wake: null };
    this.draining.set(key, fresh);
    this.track(this.drainLoop({ tenantId, sessionId }, key, fresh));
  }

  /**
   * Delivers every turn of the session committed before this call, now (no interval): an update
   * (/compact, /overflow, breaker reset) is planned on every turn the agent got a 202 for.
   */
  async flush(tenantId: string, sessionId: string): Promise<void> {
    await this.deliverAll({ tenantId, sessionId });
  }

  private track(work: Promise<void>): void {
    const settled = work.catch(() => {}).finally(() => this.running.delete(settled));
    this.running.add(settled);
  }

  private async drainLoop(key: SessionKey, id: string, entry: Draining): Promise<void> {
    try {
      do {
        entry.again = false;
        await this.deliverAll(key);
        // The interval: turns stored meanwhile go as one batch.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.intervalMs);
          entry.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        entry.wake = null;
      } while (entry.again && !this.stopped);
    } finally {
      this.draining.delete(id);
    }
  }

  /** Signals the session's waiting turns, batch after batch, until none is left. */
  private async deliverAll(key: SessionKey): Promise<void> {
    const { db, taskQueue } = this.options;
    for (;;) {
      const rows = await readOutboxTurns(db, { ...key, taskQueue }, TURN_BATCH_MAX_TURNS);
      if (rows.length === 0) return;
      const batch = fitBatch(rows);
      await this.options.faults?.beforeSignal?.(batch);
      await this.signal(key, batch);
      await this.options.faults?.beforeDelete?.(batch);
      await deleteOutboxTurns(
        db,
        batch.map((row) => row.id),
      );
      if (batch.length === rows.length && rows.length < TURN_BATCH_MAX_TURNS) return;
    }
  }

  private async signal(key: SessionKey, batch: readonly OutboxTurn[]): Promise<void> {
    const { temporal, taskQueue, memoryIdleMs } = this.options;
    const first = batch[0]!.signal;
    const payload: TurnBatchSignal = { turns: batch.map((row) => row.signal) };
    try {
      await temporal.withDeadline(Date.now() + this.timeoutMs, () =>
        deliverToSession(
          temporal,
          {
            workflowId: sessionWorkflowId(key.tenantId, key.sessionId),
            taskQueue,
            created: batch[0]!.created,
            start: {
              tenantId: key.tenantId,
              sessionId: key.sessionId,
              contextWindowTokens: first.contextWindowTokens!,
              ...(memoryIdleMs !== undefined ? { memoryIdleMs } : {}),
              ...(first.settings ? { settings: first.settings } : {}),
            },
          },
          turnBatchSignal,
          payload,
        ),
      );
    } catch (error) {
      this.availability = 'down';
      throw error;
    }
    this.availability = 'up';
  }

  /** Asks Temporal once whether it answers (at start, and while it is known to be down). */
  private probe(): Promise<boolean> {
    this.probing ??= (async () => {
      const { temporal } = this.options;
      try {
        await temporal.withDeadline(Date.now() + this.timeoutMs, () =>
          temporal.workflowService.getSystemInfo({}),
        );
        this.availability = 'up';
      } catch {
        this.availability = 'down';
      } finally {
        this.probing = null;
      }
      return this.availability === 'up';
    })();
    return this.probing;
  }

  /** Turns left by a dead process or a failed signal: drained like fresh ones. */
  private async sweep(before: Date): Promise<void> {
    if (this.sweeping || this.stopped) return;
    this.sweeping = true;
    try {
      if (this.availability === 'down' && !(await this.probe())) return;
      const waiting = await sessionsWaiting(this.options.db, this.options.taskQueue, before, 1_000);
      for (const { tenantId, sessionId } of waiting) this.notify(tenantId, sessionId);
    } finally {
      this.sweeping = false;
    }
  }
}

/** The oldest rows whose signals fit TURN_BATCH_MAX_BYTES together (at least one). */
function fitBatch(rows: readonly OutboxTurn[]): OutboxTurn[] {
  let bytes = 0;
  const batch: OutboxTurn[] = [];
  for (const row of rows) {
    bytes += row.bytes;
    if (batch.length > 0 && bytes > TURN_BATCH_MAX_BYTES) break;
    batch.push(row);
  }
  return batch;
}
