/**
 * Every `patched()` marker molt's workflows use, in one place: what each changed, why it is
 * behind a marker, and when it may go (docs/architecture.md#changing-workflow-code). Every
 * `patched()` call names its marker from here; test/unit/patches.test.ts checks that.
 *
 * Temporal's cycle for a marker: (1) `patched(id)` keeps the old branch for histories recorded
 * without the marker; (2) once no open run can still replay without it, `deprecatePatch(id)` and
 * the old branch is removed; (3) once no open run replays with the marker's history either, the
 * call goes too. A session run is long-lived (an idle session's run waits for its next signal for
 * days) but short: it continues as new at CONTINUE_AS_NEW_AT_EVENTS, and a new run records the
 * markers it meets anew. So step 2 is safe for a marker when (a) every open session run started
 * after the release that added it — check with Temporal's visibility
 * (`temporal workflow list --query "WorkflowType='sessionWorkflow' AND ExecutionStatus='Running' AND StartTime < '<release date>'"`
 * returns nothing) — and (b) the committed histories in test/fixtures/histories/ that predate it
 * are re-recorded (`npm run record-histories`), since they replay without the marker. Step 3 is
 * safe one release later, by the same check against the release of step 2.
 *
 * The ids are part of every recorded history: never rename one.
 */

export interface WorkflowPatch {
  /** The marker's id, as recorded in histories. */
  readonly id: string;
  /** The release (date and commit subject) that added it. */
  readonly since: string;
  /** What histories recorded without it do instead, and why that must be kept on replay. */
  readonly why: string;
}

export const PATCHES = {
  namedFallbackActivities: {
    id: 'named-fallback-activities',
    since: '2026-11-23, compaction fallbacks are named activities',
    why: 'A chunk or merge whose LLM attempts are spent falls back to the digestChunk / joinChunkSummaries activities; compactions recorded before ran the fallback inside the failed activity and schedule no such activity.',
  },
  memoryExtraction: {
    id: 'memory-extraction',
    since: '2026-11-23, memoryExtractionWorkflow',
    why: 'The session starts memory extraction children (at the 50% upload, /new, idleness) and an idle timer; runs recorded before start neither.',
  },
  usageCalibration: {
    id: 'usage-calibration',
    since: '2026-11-23, turn usage reaches the workflow',
    why: "Turns' usage reports calibrate the live tokens; runs recorded before evaluated their thresholds on the estimate alone.",
  },
  memoryEmbedding: {
    id: 'memory-embedding',
    since: '2026-11-24, hybrid recall (pluggable embeddings)',
    why: 'An extraction starts an embedding child for its memories when the worker has an embedder; extractions recorded before start none.',
  },
  tenantScopedIds: {
    id: 'tenant-scoped-ids',
    since: '2026-11-24, tenant-scoped compaction ids (issue 19 item 1)',
    why: 'Compaction ids name the tenant; runs recorded before named their children with the legacy ids.',
  },
  viewVersionCollision: {
    id: 'view-version-collision',
    since: '2026-11-24, issue 19 item 9',
    why: 'A view write refused as not newer reports the stored version and the run writes again above it; runs recorded before read nothing from the write.',
  },
  overflowCompactsRecentTurns: {
    id: 'overflow-compacts-recent-turns',
    since: '2026-11-24, overflow recovery compacts the recent turns',
    why: 'Overflow recovery compacts the recent turns too when keeping them leaves nothing to compact; runs recorded before answered give_up there.',
  },
  keepRecentOwnedRoom: {
    id: 'keep-recent-owned-room',
    since: '2026-11-24, the kept tail follows the room molt owns',
    why: 'The default kept tail is a share of the room molt owns (the window less the prompt overhead); runs recorded before cut with a share of the whole window.',
  },
  learnedWindowKept: {
    id: 'learned-window-kept',
    since: '2026-11-24, the configured and the learned window kept apart',
    why: 'A window learned from an overflow survives turns that post the configured one again; runs recorded before applied any posted window, undoing what was learned.',
  },
  rebuildStateFromDb: {
    id: 'rebuild-state-from-db',
    since: '2026-11-24, issue 19 item 5',
    why: 'A run started again after its predecessor was lost reads its state back from PostgreSQL (a local activity) before registering its handlers; no recorded history carries `rebuild`, the marker guards runs started by an older API with it.',
  },
  shortRuns: {
    id: 'short-runs',
    since: '2026-11-24, session runs continue as new at 1,000 events (issue 24)',
    why: 'Runs continue as new at CONTINUE_AS_NEW_AT_EVENTS; runs recorded before continued at 3,000 events.',
  },
  breakerOfflineFallback: {
    id: 'breaker-offline-fallback',
    since: '2026-11-27, the breaker stops the LLM, never compaction (issue 32)',
    why: 'A state gets offlineFallback: while the breaker is open its compactions run on the offline digest and it half-opens after the default cool-down; runs recorded before ran no compaction while it was open (pruning only), with no cool-down unless one was set.',
  },
  overflowCompactsEverything: {
    id: 'overflow-compacts-everything',
    since: '2026-11-27, the overflow tree tries every live message before moving past compaction (issue 32)',
    why: 'Overflow recovery waits for a compaction the thresholds started meanwhile and tries once more over every live message when keeping the recent turns freed nothing; runs recorded before moved straight on to the next step.',
  },
} as const satisfies Record<string, WorkflowPatch>;

export type PatchName = keyof typeof PATCHES;
