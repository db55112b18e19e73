/**
 * A session's state rebuilt from what PostgreSQL holds (issue 19 item 5): for a session whose
 * workflow run is gone (terminated, failed, lost with its server) and which a later turn starts
 * again. Without it the new run began at seq 0 — no boundary, no summary, a closed breaker — and
 * served the whole transcript on the next context read.
 *
 * The persisted view says what the last run had applied (boundary, summary in force, breaker,
 * compaction counts, lastSeq); the transcript gives the metas after the boundary. Messages stored
 * after the view's lastSeq come back as `pending`: the workflow applies them as a turn, so their
 * thresholds are evaluated as if their signal had arrived. Pure: the reads are db/session-rebuild.ts.
 */
import type { BreakerState } from '../breaker.js';
import type { SessionDefaults } from './defaults.js';
import type { LiveMessageMeta } from './live.js';
import { createSessionState, type SessionState } from './state.js';

/** The part of the persisted view (context/session/view.ts) a rebuild reads; anything may be missing. */
export interface PersistedViewFields {
  lastSeq?: unknown;
  boundarySeq?: unknown;
  summary?: unknown;
  breaker?: unknown;
  compactions?: unknown;
}

export interface RebuildInput {
  sessionId: string;
  contextWindowTokens: number;
  /** The session's stored settings (the turn body's; unknown keys are ignored). */
  settings: unknown;
  view: PersistedViewFields | null;
  /** Metas of every stored message after the view's boundary, ascending by seq. */
  metas: LiveMessageMeta[];
  /** The highest compaction attempt number used in the session (ids must not repeat). */
  maxAttempt: number;
  /** The defaults the new run decides with (its input's); absent: the pre-carried era's. */
  defaults?: SessionDefaults;
}

export interface RebuiltSession {
  state: SessionState;
  /** Stored messages the last run had not applied: to be applied as one turn. */
  pending: LiveMessageMeta[];
}

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;

function summaryOf(value: unknown): SessionState['summary'] {
  if (value === null || typeof value !== 'object') return null;
  const { compactionId, tokens, toSeq } = value as Record<string, unknown>;
  return typeof compactionId === 'string'
    ? { compactionId, tokens: count(tokens), toSeq: count(toSeq) }
    : null;
}

function breakerOf(value: unknown, base: BreakerState): BreakerState {
  if (value === null || typeof value !== 'object') return base;
  const { state, consecutiveFailures, lastError } = value as Record<string, unknown>;
  return {
    // A half-open breaker's trial belonged to the old run: the rebuilt one is open.
    state: state === 'open' ? 'open' : 'closed',
    consecutiveFailures: count(consecutiveFailures),
    lastError: typeof lastError === 'string' ? lastError : null,
    openedAt: null,
  };
}

function settingsOf(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object') return {};
  const { uploadRatio, forceRatio, keepRecentTokens, breaker } = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries({ uploadRatio, forceRatio, keepRecentTokens, breaker }).filter(([, v]) => v !== undefined),
  );
}

export function rebuildSessionState(input: RebuildInput): RebuiltSession {
  let state: SessionState;
  try {
    state = createSessionState({
      sessionId: input.sessionId,
      contextWindowTokens: input.contextWindowTokens,
      settings: settingsOf(input.settings),
      defaults: input.defaults,
    });
  } catch {
    // Settings stored by an older molt that today's rules refuse: the defaults.
    state = createSessionState({
      sessionId: input.sessionId,
      contextWindowTokens: input.contextWindowTokens,
      defaults: input.defaults,
    });
  }
  const view = input.view ?? {};
  const boundarySeq = count(view.boundarySeq);
  const appliedSeq = Math.max(count(view.lastSeq), boundarySeq);
  const compactions = (view.compactions ?? {}) as Record<string, unknown>;
  const live = input.metas.filter((meta) => meta.seq > boundarySeq && meta.seq <= appliedSeq);
  const pending = input.metas.filter((meta) => meta.seq > appliedSeq);
  return {
    state: {
      ...state,
      lastSeq: appliedSeq,
      boundarySeq,
      live,
      summary: summaryOf(view.summary),
      breaker: breakerOf(view.breaker, state.breaker),
      compactions: {
        total: count(compactions.total),
        failed: count(compactions.failed),
        degraded: count(compactions.degraded),
      },
      attemptCounter: input.maxAttempt,
    },
    pending,
  };
}
