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
import type { Client } from '@temporalio/client';
import {
  DEFAULT_TEMPORAL_TIMEOUT_MS,
  DEFAULT_TURN_DISPATCH_INTERVAL_MS,
  DEFAULT_TURN_OUTBOX_SWEEP_MS,
  TURN_BATCH_MAX_TURNS,
} from '../../config/defaults.js';
import type { Database } from '../../db/client.js';
import { deleteOutboxTurns, readOutboxTurns, sessionsWaiting } from '../../db/turn-outbox.js';
import { sessionWorkflowId, type TurnBatchSignal, turnBatchSignal } from '../../workflows/contract.js';
import { sessionStartInput } from '../control/session-start.js';
import { deliverToSession, fitBatch, followingRows } from './turn-delivery.js';
import { type OutboxTurn, outboxTurnOf } from './turn-outbox.js';

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

/** Sessions whose last signalled seq is remembered: a turn after a quiet spell then needs no read. */
const KNOWN_SESSIONS = 10_000;

interface SessionKey {
  tenantId: string;
  sessionId: string;
}

/**
 * A session this dispatcher is draining. `pending`: rows the route handed over after its commit
 * (by id). `deliveredTo`: the last seq this process signalled, to know a pending row follows it
 * (null: not known, or a row may be missing: read the outbox). A notify meanwhile asks for another
 * pass after the interval.
 */
interface Draining {
  key: SessionKey;
  pending: Map<number, OutboxTurn>;
  deliveredTo: number | null;
  needsRead: boolean;
  again: boolean;
  wake: (() => void) | null;
}

export class TurnDispatcher {
  private readonly draining = new Map<string, Draining>();
  private readonly delivering = new Map<string, Promise<void>>();
  /** The last seq signalled per session, for the sessions seen last (bounded: KNOWN_SESSIONS). */
  private readonly known = new Map<string, number>();
  /** Rows signalled and not yet deleted, by session: deleted together by the next sweep. */
  private signalled = new Map<string, number[]>();
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
    await this.deleteSignalled().catch(() => {});
  }

  /**
   * Whether the route should store a turn: false while Temporal is known to be unreachable (the
   * turn is refused with 503, as before the outbox). Unknown at start: asked once.
   */
  async accepting(): Promise<boolean> {
    if (this.availability !== 'unknown') return this.availability === 'up';
    return this.probe();
  }

  /**
   * A turn of the session was committed (`row`: as the route stored it; none: look in the
   * outbox): signal it now, or with the next batch.
   */
  notify(tenantId: string, sessionId: string, row?: OutboxTurn): void {
    if (this.stopped) return;
    const entry = this.entry({ tenantId, sessionId });
    if (row) entry.pending.set(row.id, row);
    else entry.needsRead = true;
    if (this.draining.has(idOf(entry.key))) {
      entry.again = true;
      return;
    }
    this.draining.set(idOf(entry.key), entry);
    this.track(this.drainLoop(entry));
  }

  /**
   * Delivers every turn of the session committed before this call, now (no interval), reading
   * the outbox (another API may have stored some): an update (/compact, /overflow, breaker reset)
   * is planned on every turn the agent got a 202 for.
   */
  async flush(tenantId: string, sessionId: string): Promise<void> {
    const entry = this.entry({ tenantId, sessionId });
    entry.needsRead = true;
    await this.deliverSerially(entry);
  }

  private entry(key: SessionKey): Draining {
    return (
      this.draining.get(idOf(key)) ?? {
        key,
        pending: new Map(),
        deliveredTo: this.known.get(idOf(key)) ?? null,
        needsRead: false,
        again: false,
        wake: null,
      }
    );
  }

  private track(work: Promise<void>): void {
    const settled = work.catch(() => {}).finally(() => this.running.delete(settled));
    this.running.add(settled);
  }

  private async drainLoop(entry: Draining): Promise<void> {
    try {
      do {
        entry.again = false;
        await this.deliverSerially(entry);
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
      this.draining.delete(idOf(entry.key));
    }
  }

  /**
   * One delivery of a session at a time in this process: a flush waits for the one in flight (an
   * erasure or an update then sees no signal of this process arrive after it).
   */
  private deliverSerially(entry: Draining): Promise<void> {
    const id = idOf(entry.key);
    const next = (this.delivering.get(id) ?? Promise.resolve())
      .catch(() => {})
      .then(() => this.deliverAll(entry));
    this.delivering.set(id, next);
    next
      .finally(() => {
        if (this.delivering.get(id) === next) this.delivering.delete(id);
      })
      .catch(() => {});
    return next;
  }

  /**
   * Signals the session's waiting turns, batch after batch, until none is left. The rows the
   * route handed over go as they are when they follow the last seq signalled; otherwise (first
   * contact, a row not handed over yet, a sweep, a flush) the outbox is read: it is the truth.
   */
  private async deliverAll(entry: Draining): Promise<void> {
    const { db, taskQueue } = this.options;
    const id = idOf(entry.key);
    for (;;) {
      let batch = entry.needsRead ? null : followingRows(entry);
      if (batch === null) {
        entry.needsRead = false;
        const rows = await readOutboxTurns(
          db,
          { ...entry.key, taskQueue },
          TURN_BATCH_MAX_TURNS,
          this.signalled.get(id),
        );
        batch = fitBatch(rows.map(outboxTurnOf));
      }
      if (batch.length === 0) return;
      try {
        await this.options.faults?.beforeSignal?.(batch);
        await this.signal(entry.key, batch);
      } catch (error) {
        entry.deliveredTo = null; // the next pass reads the outbox
        this.known.delete(id);
        throw error;
      }
      await this.options.faults?.beforeDelete?.(batch);
      for (const row of batch) entry.pending.delete(row.id);
      entry.deliveredTo = batch.at(-1)!.toSeq;
      this.known.delete(id);
      this.known.set(id, entry.deliveredTo);
      if (this.known.size > KNOWN_SESSIONS) this.known.delete(this.known.keys().next().value!);
      const ids = this.signalled.get(id) ?? [];
      ids.push(...batch.map((row) => row.id));
      this.signalled.set(id, ids);
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
            start: sessionStartInput(
              { memoryIdleMs },
              {
                tenantId: key.tenantId,
                sessionId: key.sessionId,
                contextWindowTokens: first.contextWindowTokens!,
                settings: first.settings,
              },
            ),
          },
          turnBatchSignal,
          payload,
        ),
      );
    } catch (error) {
      // One session's slow or failed signal says nothing about Temporal: only a failed probe
      // marks it down for every session of this process (issue 32). The row stays in the outbox.
      if (this.availability !== 'down') this.track(this.probe().then(() => {}));
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
      await this.deleteSignalled();
      if (this.availability === 'down' && !(await this.probe())) return;
      const waiting = await sessionsWaiting(this.options.db, this.options.taskQueue, before, 1_000);
      for (const { tenantId, sessionId } of waiting) this.notify(tenantId, sessionId);
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Signalled rows are deleted in one statement per sweep, not one per batch. A crash first
   * leaves them to be signalled again, which the workflow skips.
   */
  private async deleteSignalled(): Promise<void> {
    const ids = [...this.signalled.values()].flat();
    if (ids.length === 0) return;
    this.signalled = new Map();
    await deleteOutboxTurns(this.options.db, ids);
  }
}

const idOf = (key: SessionKey) => JSON.stringify([key.tenantId, key.sessionId]);
