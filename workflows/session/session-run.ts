/**
 * One run of sessionWorkflow as an entity: the run's state and one method per message the
 * workflow handles (a turn, a compaction's report, compact, report overflow, reset the breaker).
 * Every change of the session's state passes through `apply(transition)`, which also queues the
 * transition's commands for the main loop (workflows/session/session.ts) to carry out.
 *
 * Every decision is a pure function of context/session/ (docs/engine-rules.md: thresholds, the
 * breaker, the recovery tree); this class only holds the state, carries out what the decisions
 * return, and keeps the session's view in PostgreSQL current.
 */
import { condition, patched, workflowInfo } from '@temporalio/workflow';
// The workflow imports the modules it uses, not the context/ barrel: every workflow the worker
// instantiates evaluates its imports anew, and the barrel's message adapters build zod schemas.
import {
  applyBreakerReset,
  applyCompactionResult,
  applyPostedConfig,
  applyTurn,
  createSessionState,
  planCompactionRange,
  planReplay,
  type SessionState,
  sessionView,
  type Transition,
  updateSessionConfig,
} from '../../context/session/index.js';
import type {
  CompactInput,
  CompactionResult,
  CompactResult,
  ReportOverflowInput,
  ReportOverflowResult,
  SessionView,
  SessionWorkflowInput,
  TurnSignal,
} from '../contract.js';
import { PATCHES } from '../patches.js';
import { withKeepRecentOfOwnedRoom, withOfflineFallback } from './owned-room.js';
import { activities, persistSessionView } from './session-activities.js';
import { createCommandExecutor, type QueuedCommand } from './session-commands.js';
import { createMemoryHooks } from './session-memory.js';
import { recoverFromOverflow } from './session-recovery.js';
import { versionToWriteAbove } from './session-view-version.js';
import { withTenantScopedIds } from './tenant-ids.js';

/**
 * Continue-as-new well before Temporal's own suggestion (4 096 events): a burst of turns arriving
 * while the loop is busy adds events before the next check. The run's history is also what a
 * worker replays to bring an evicted session back (issue 24: the workflow cache is bounded), so a
 * shorter run is a cheaper cache miss: about 1,900 events took 5.9 s to replay on a loaded 2-core
 * machine (bench/scale.bench.ts, `longSession`). A continue-as-new costs a handful of events and
 * carries the state (ids, seqs and token counts: small).
 */
export const CONTINUE_AS_NEW_AT_EVENTS = 1_000;
/** The length runs recorded before SHORT_RUNS_PATCH continued at; they replay with it. */
export const LEGACY_CONTINUE_AS_NEW_AT_EVENTS = 3_000;
/** Runs continue as new at CONTINUE_AS_NEW_AT_EVENTS instead of the legacy 3,000 (issue 24). */
export const SHORT_RUNS_PATCH = PATCHES.shortRuns.id;

/**
 * Turns' usage reports calibrate the live tokens (context/session/usage-calibration.ts). Runs
 * whose history was recorded before (without the marker) replay with reports ignored: the
 * thresholds there were evaluated on the estimate alone.
 */
export const USAGE_CALIBRATION_PATCH = PATCHES.usageCalibration.id;

/**
 * A window learned from an overflow survives the turns that post the configured window again
 * (context/session/window.ts). Runs recorded before applied any posted window that differed from
 * the one in force, undoing what was learned, and replay that way.
 */
export const LEARNED_WINDOW_PATCH = PATCHES.learnedWindowKept.id;

/** What a request asked of the commands its transition queues (a replay, instructions). */
type Requested = Omit<QueuedCommand, 'command'>;

const now = () => Date.now();

export class SessionRun {
  state: SessionState;
  /**
   * A fresh run (not continued-as-new) counts its view versions on from its start time: a run
   * that replaces one that is gone (terminated, lost with its server) then writes above every
   * version the old run stored, even a write of the old run that lands after this run started;
   * from 0 its writes would be refused as older and the session's view would stay stale. Up to
   * 1,000 writes per millisecond of the old run's life keep the order; ms × 1,000 stays exact.
   */
  viewVersion: number;
  /** Persist once per run: a turn applied just before continue-as-new may not have been persisted. */
  dirty = true;
  /** Commands the transitions returned, for the main loop to carry out in order. */
  readonly queue: QueuedCommand[] = [];
  readonly memory: ReturnType<typeof createMemoryHooks>;
  /** Carries out one queued command (workflows/session/session-commands.ts). */
  readonly execute: (item: QueuedCommand) => Promise<void>;
  readonly workflowId: string;
  private readonly calibrate: boolean;
  /** The configured and the learned window kept apart (context/session/window.ts). */
  readonly windowsApart: boolean;
  /** The history length at which this run continues as new. */
  private readonly historyCap: number;
  private persistedVersion: number;
  /** Results of finished compactions, for the updates that wait on them. */
  private readonly finished = new Map<string, CompactionResult>();
  /** Compactions whose child this run has started (a detached compact update answers then). */
  private readonly started = new Set<string>();

  constructor(readonly input: SessionWorkflowInput) {
    this.workflowId = workflowInfo().workflowId;
    this.state = withTenantScopedIds(
      input.carried?.state ??
        createSessionState({
          sessionId: input.sessionId,
          contextWindowTokens: input.contextWindowTokens,
          ...(input.settings ? { settings: input.settings } : {}),
          ...(input.defaults ? { defaults: input.defaults } : {}),
        }),
      input.tenantId,
    );
    this.viewVersion = input.carried?.viewVersion ?? workflowInfo().runStartTime.getTime() * 1_000;
    this.persistedVersion = this.viewVersion;
    // The order of the patch markers is part of the history: memory's first, then calibration's.
    this.memory = createMemoryHooks(input);
    this.calibrate = patched(USAGE_CALIBRATION_PATCH);
    this.windowsApart = patched(LEARNED_WINDOW_PATCH);
    // After the other markers: histories recorded before it replay with the legacy length.
    const shortRuns = patched(SHORT_RUNS_PATCH);
    this.historyCap =
      input.maxHistoryEvents ?? (shortRuns ? CONTINUE_AS_NEW_AT_EVENTS : LEGACY_CONTINUE_AS_NEW_AT_EVENTS);
    this.state = withOfflineFallback(withKeepRecentOfOwnedRoom(this.state));
    this.execute = createCommandExecutor({
      input,
      workflowId: this.workflowId,
      activities,
      memory: this.memory,
      uploadCompactionId: () => this.state.upload?.compactionId ?? null,
      started: this.started,
    });
  }

  /**
   * The one way the state changes: take the transition's state and queue its commands. The view
   * is persisted when the state changed — or always, with `persist` (a step the view must record
   * even when it changed nothing).
   */
  apply(transition: Transition, requested: Requested = {}, persist = false): void {
    if (persist || transition.state !== this.state) this.dirty = true;
    this.state = transition.state;
    for (const command of transition.commands) this.queue.push({ command, ...requested });
  }

  view(): SessionView {
    return { ...sessionView(this.state), workflowId: this.workflowId };
  }

  /**
   * Persists the view if anything changed, and in any case returns only once the view of the
   * current state is in PostgreSQL — an update answers the agent after this, and the agent's next
   * GET /context reads that view.
   */
  async flushView(): Promise<void> {
    if (!this.dirty) {
      await condition(() => this.persistedVersion >= this.viewVersion);
      return;
    }
    this.dirty = false;
    this.viewVersion += 1;
    const version = this.viewVersion;
    const outcome = await persistSessionView({
      tenantId: this.input.tenantId,
      sessionId: this.input.sessionId,
      version,
      view: this.view(),
    });
    this.persistedVersion = Math.max(this.persistedVersion, version);
    // Refused as not newer (session-view-version.ts): write the current view again above it.
    const above = versionToWriteAbove(outcome, version);
    if (above !== null) {
      this.viewVersion = Math.max(this.viewVersion, above);
      this.dirty = true;
    }
  }

  /** A turn: the window or settings it carries, then its messages. */
  turn(turn: TurnSignal): void {
    const state = this.state;
    const config = {
      ...(turn.contextWindowTokens !== undefined ? { contextWindowTokens: turn.contextWindowTokens } : {}),
      ...(turn.settings ? { settings: turn.settings } : {}),
    };
    if (this.windowsApart) {
      const posted = applyPostedConfig(state, config, now());
      if (posted) this.apply(posted);
    } else if (
      (turn.contextWindowTokens !== undefined && turn.contextWindowTokens !== state.contextWindowTokens) ||
      turn.settings
    ) {
      this.apply(updateSessionConfig(state, config, now()));
    }
    this.apply(
      applyTurn(this.state, {
        turnId: turn.turnId,
        messages: turn.messages,
        ...(this.calibrate && turn.usage ? { usage: turn.usage } : {}),
        now: now(),
      }),
    );
  }

  /** A compaction child reported back. */
  compactionFinished(result: CompactionResult): void {
    this.finished.set(result.compactionId, result);
    this.apply(applyCompactionResult(this.state, result, now()));
  }

  /** Closes the breaker (the signal of molt ≤ 0.1 stops here; the update persists and answers). */
  resetBreaker(): void {
    this.apply(applyBreakerReset(this.state));
  }

  async resetBreakerAndAnswer(): Promise<SessionView> {
    this.resetBreaker();
    await this.flushView();
    return this.view();
  }

  /** A manual compaction, a `/new` (keepRecentTokens 0) or an operator replay of a failed one. */
  async compact(request: CompactInput): Promise<CompactResult> {
    // A compaction in flight finishes first; then this one is planned on the new state.
    await this.runningUploadSettled();
    if (request.keepRecentTokens === 0 && !request.replayOf) this.memory.onNew(this.state);
    const plan = request.replayOf
      ? planReplay(this.state, request.replayOf, now())
      : planCompactionRange(this.state, {
          trigger: 'manual',
          ...(request.keepRecentTokens !== undefined ? { keepRecentTokens: request.keepRecentTokens } : {}),
          now: now(),
        });
    if (plan.type === 'nothing') return { status: 'nothing', reason: plan.reason };
    if (plan.type === 'busy')
      return { status: 'nothing', reason: `compaction ${plan.compactionId} is running` };
    this.apply(
      { state: plan.state, commands: plan.commands },
      {
        ...(request.replayOf ? { replayOf: request.replayOf.compactionId } : {}),
        ...(request.instructions ? { instructions: request.instructions } : {}),
      },
    );
    if (request.detach) {
      await condition(() => this.started.has(plan.compactionId));
      await this.flushView();
      return { status: 'started', compactionId: plan.compactionId };
    }
    const result = await this.awaitCompaction(plan.compactionId);
    await this.flushView();
    return {
      status: result.status,
      compactionId: plan.compactionId,
      ...(result.error ? { error: result.error } : {}),
    };
  }

  /** The agent's call overflowed: walk the recovery tree, then answer once the view is persisted. */
  async reportOverflow(request: ReportOverflowInput): Promise<ReportOverflowResult> {
    const result = await recoverFromOverflow(this, request);
    await this.flushView();
    return result;
  }

  /** Whether this run should continue as new (its history is long enough). */
  historyCapReached(): boolean {
    const info = workflowInfo();
    return info.historyLength >= this.historyCap || info.continueAsNewSuggested;
  }

  /** The next run's input: the state, the view's version and the memory hooks' progress. */
  continueAsNewInput(): SessionWorkflowInput {
    const { input, memory } = this;
    return {
      tenantId: input.tenantId,
      sessionId: input.sessionId,
      contextWindowTokens: this.state.contextWindowTokens,
      carried: {
        state: this.state,
        viewVersion: this.viewVersion,
        ...(memory.carry() ? { memory: memory.carry()! } : {}),
      },
      ...(input.memoryIdleMs !== undefined ? { memoryIdleMs: input.memoryIdleMs } : {}),
      ...(input.maxHistoryEvents !== undefined ? { maxHistoryEvents: input.maxHistoryEvents } : {}),
    };
  }

  /** Waits until the upload running now (if any) has finished; a new plan starts from its result. */
  async runningUploadSettled(): Promise<void> {
    if (this.state.upload?.status !== 'running') return;
    const running = this.state.upload.compactionId;
    await condition(
      () => this.state.upload?.compactionId !== running || this.state.upload.status !== 'running',
    );
  }

  /** Waits for a compaction this run started to report back. */
  async awaitCompaction(compactionId: string): Promise<CompactionResult> {
    await condition(() => this.finished.has(compactionId));
    return this.finished.get(compactionId)!;
  }
}
