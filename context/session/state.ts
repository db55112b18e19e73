/** The session's durable state, the commands its transitions emit, and the initial state. */

import { type BreakerState, type BreakerStatus, createBreaker } from '../breaker.js';
import type { CompactionTrigger } from '../compaction-rules.js';
import type { AttemptCounters } from '../recovery.js';
import { defaultsOf, type SessionDefaults } from './defaults.js';
import type { LiveMessageMeta } from './live.js';
import { resolveSessionSettings, type SessionSettings, type SessionSettingsInput } from './settings.js';
import { type CalibrationState, createCalibrationState } from './usage-calibration.js';

export type { CompactionTrigger };
/** `degraded`: succeeded with an extractive fallback somewhere (attached, but a breaker failure). */
export type UploadStatus = 'running' | 'succeeded' | 'degraded' | 'failed' | 'cancelled';

/** The compaction in flight or the last one (its range, status and whether it was cleaned up). */
export interface UploadState {
  compactionId: string;
  attempt: number;
  trigger: CompactionTrigger;
  fromSeq: number;
  toSeq: number;
  /** Estimated tokens of the range when it was marked. */
  tokens: number;
  status: UploadStatus;
  /** The range was cleaned up by the force threshold before its summary arrived. */
  forced: boolean;
  /** The boundary has moved past the range. */
  cleanedUp: boolean;
  /** The boundary before this range; restored when a force-cleaned compaction fails. */
  previousBoundarySeq: number;
  /** Metas of a range cleaned up without a summary, kept so a failure can restore them. */
  cleaned: LiveMessageMeta[];
  resultTokens?: number;
  error?: string;
  /** Compacted with the offline digest only, the breaker being open: its outcome leaves the breaker as it is. */
  offline?: true;
}

export interface SessionSummaryRef {
  compactionId: string;
  tokens: number;
  /** The summary covers every message up to this seq. */
  toSeq: number;
}

/** The configured and the learned window, kept apart (window.ts: the effective one is the smaller). */
export interface SessionWindow {
  configured: number;
  learned?: number;
}

export interface SessionState {
  /**
   * The tenant, part of every compaction id (ids.ts). Absent in states of runs recorded before
   * the `tenant-scoped-ids` patch: their ids stay the legacy ones so their histories replay.
   */
  tenantId?: string;
  sessionId: string;
  /** The window the thresholds use: the effective one (window.ts). */
  contextWindowTokens: number;
  /**
   * The configured and the learned window apart (window.ts). Absent in states of runs before the
   * split, and until a turn posts a different window or an overflow teaches a smaller one.
   */
  window?: SessionWindow;
  settings: SessionSettings;
  /** The highest seq seen (0: none). Turns are idempotent on it. */
  lastSeq: number;
  /** Messages with seq ≤ boundarySeq are no longer sent live (0: none). */
  boundarySeq: number;
  /** Metas of the messages after the boundary, ascending by seq. */
  live: LiveMessageMeta[];
  /** The summary in force, sent ahead of the live messages. */
  summary: SessionSummaryRef | null;
  upload: UploadState | null;
  breaker: BreakerState;
  compactions: { total: number; failed: number; degraded: number };
  /** Counts compaction attempts; part of each compaction id. */
  attemptCounter: number;
  /** Overflow recovery counters of the latest agent attempts (docs/engine-rules.md#overflow-recovery). */
  overflowAttempts: AttemptCounters[];
  /**
   * The provider's latest usable count of the prompt (usage-calibration.ts). Absent in states
   * carried from runs before calibration existed: the plain estimate then.
   */
  calibration?: CalibrationState;
  /**
   * The default kept tail is a share of the room molt owns: the window less the system prompt and
   * tools the calibration measured (derived.ts). Absent in states of runs before the
   * `keep-recent-owned-room` patch: a share of the whole window, as they were recorded.
   */
  keepRecentOfOwnedRoom?: boolean;
  /**
   * The breaker stops the LLM, never compaction (docs/engine-rules.md#circuit-breaker): while it is
   * open, compactions run on the offline digest, and it half-opens after the default cool-down.
   * Absent in states of runs before the `breaker-offline-fallback` patch: they replay as recorded.
   */
  offlineFallback?: boolean;
  /**
   * The fingerprint (range and summary folded) of the last offline compaction that could not
   * shrink the context: the same state is not compacted offline again (the digest is deterministic).
   */
  offlineFailed?: string;
  /**
   * The defaults this session decides with (defaults.ts), resolved by the API when it started the
   * run and carried since. Absent in states of runs started before they were carried: the
   * defaults of that era (PRE_CARRIED_SESSION_DEFAULTS), never today's.
   */
  defaults?: SessionDefaults;
}

export interface StartCompactionCommand {
  type: 'startCompaction';
  compactionId: string;
  sessionId: string;
  attempt: number;
  trigger: CompactionTrigger;
  fromSeq: number;
  toSeq: number;
  /** Estimated tokens of the range. */
  tokens: number;
  /** The summary in force, to fold into the new one (it covers everything before fromSeq). */
  previousCompactionId: string | null;
  /** What the new summary replaces: the range plus the previous summary. It must end up smaller. */
  replacesTokens: number;
  contextWindowTokens: number;
  /** Summarise with the offline digest only (the breaker is open). */
  offline?: true;
}

export type SessionCommand =
  | StartCompactionCommand
  /** The boundary moved to toSeq. summaryAttached: false while a forced clean-up awaits its summary. */
  | {
      type: 'cleanup';
      compactionId: string;
      fromSeq: number;
      toSeq: number;
      boundarySeq: number;
      forced: boolean;
      summaryAttached: boolean;
    }
  /** The summary of a range cleaned up earlier arrived and is now in force. */
  | { type: 'attachSummary'; compactionId: string; toSeq: number; summaryTokens: number }
  /** A force-cleaned range's compaction failed: its messages are live again. */
  | { type: 'restore'; compactionId: string; fromSeq: number; toSeq: number; boundarySeq: number }
  | { type: 'cancelCompaction'; compactionId: string }
  /** The live context restarts after the last message; nothing is deleted. */
  | { type: 'reset'; boundarySeq: number }
  /** Record a breaker event row and the session's search attribute. */
  | {
      type: 'breakerChanged';
      from: BreakerStatus;
      to: BreakerStatus;
      consecutiveFailures: number;
      reason: string | null;
    };

export interface Transition {
  state: SessionState;
  commands: SessionCommand[];
}

export function createSessionState(input: {
  tenantId?: string;
  sessionId: string;
  contextWindowTokens: number;
  settings?: SessionSettingsInput;
  /** Absent: the state decides with the pre-carried era's defaults (defaults.ts). */
  defaults?: SessionDefaults | undefined;
}): SessionState {
  if (!Number.isFinite(input.contextWindowTokens) || input.contextWindowTokens <= 0) {
    throw new RangeError(`contextWindowTokens must be a positive number, got ${input.contextWindowTokens}`);
  }
  return {
    ...(input.tenantId !== undefined ? { tenantId: input.tenantId } : {}),
    sessionId: input.sessionId,
    contextWindowTokens: Math.floor(input.contextWindowTokens),
    settings: resolveSessionSettings(input.settings ?? {}, defaultsOf(input)),
    lastSeq: 0,
    boundarySeq: 0,
    live: [],
    summary: null,
    upload: null,
    breaker: createBreaker(),
    compactions: { total: 0, failed: 0, degraded: 0 },
    attemptCounter: 0,
    overflowAttempts: [],
    calibration: createCalibrationState(),
    ...(input.defaults ? { defaults: input.defaults } : {}),
  };
}
