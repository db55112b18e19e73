/**
 * The per-session compaction circuit breaker (docs/engine-rules.md#circuit-breaker). Motivation, from the seed: one
 * production session retried a failing compaction thousands of times a day (250 000 API calls).
 * After `maxConsecutiveFailures` failures in a row the breaker opens: no more LLM calls for the
 * session's compactions until an operator resets it, a replayed compaction succeeds or, after the
 * cool-down, one trial compaction (half-open) succeeds. The breaker stops the LLM, never
 * compaction: sessions whose state carries `offlineFallback` compact with the offline digest
 * while it is open (issue 32). Time is always an input.
 */
/** Claude Code's and claw-code's limit: 3 consecutive failures. */
export const DEFAULT_MAX_CONSECUTIVE_FAILURES = 3;
/** Failure reasons are recorded for operators, capped so a provider's error page cannot bloat state. */
export const MAX_BREAKER_ERROR_CHARS = 500;

/** maxConsecutiveFailures' range (the API's schema, context/session/settings-schema.ts, uses it too). */
export const MAX_CONSECUTIVE_FAILURES_RANGE = { min: 1, max: 100 } as const;

/**
 * The breaker's settings. Plain types, no zod: the workflow bundle imports this module, and every
 * workflow the worker instantiates evaluates its imports anew (issue 24).
 */
export interface BreakerSettings {
  /** Integer in MAX_CONSECUTIVE_FAILURES_RANGE. */
  maxConsecutiveFailures: number;
  /** null: stay open until reset. A number (integer ≥ 0): after this long open, allow one trial attempt. */
  cooldownMs: number | null;
}

/**
 * The cool-down of sessions with `offlineFallback` whose settings name none (`cooldownMs: null`):
 * after this long open, one compaction tries the LLM again. Re-exported by config/defaults.ts; it
 * lives here because the workflow bundle must not import that module.
 */
export const DEFAULT_BREAKER_COOLDOWN_MS = 5 * 60_000;

export const DEFAULT_BREAKER_SETTINGS: BreakerSettings = {
  maxConsecutiveFailures: DEFAULT_MAX_CONSECUTIVE_FAILURES,
  cooldownMs: null,
};

/** `half-open`: the cooldown passed and one trial compaction is running. */
export type BreakerStatus = 'closed' | 'open' | 'half-open';

export interface BreakerState {
  state: BreakerStatus;
  consecutiveFailures: number;
  lastError: string | null;
  /** When the breaker last opened (epoch ms), if the caller supplied a time. */
  openedAt: number | null;
}

/** A success resets the count; a failure is a compaction that failed, degraded or did not reduce tokens. */
export type CompactionOutcome = { ok: true } | { ok: false; error: string };

export function createBreaker(): BreakerState {
  return { state: 'closed', consecutiveFailures: 0, lastError: null, openedAt: null };
}

/** An operator's reset: closed, no failures counted. */
export function resetBreaker(_breaker?: BreakerState): BreakerState {
  return createBreaker();
}

/**
 * Applies one compaction outcome. Success closes the breaker from any state. A failure counts; at
 * `maxConsecutiveFailures` the breaker opens; a failed trial (half-open) opens it again at once.
 * A failure while open restarts the cooldown.
 */
export function recordCompactionOutcome(
  breaker: BreakerState,
  outcome: CompactionOutcome,
  settings: BreakerSettings = DEFAULT_BREAKER_SETTINGS,
  now?: number,
): BreakerState {
  if (outcome.ok) return createBreaker();
  const consecutiveFailures = breaker.consecutiveFailures + 1;
  const lastError = outcome.error.slice(0, MAX_BREAKER_ERROR_CHARS);
  const opens = breaker.state !== 'closed' || consecutiveFailures >= settings.maxConsecutiveFailures;
  if (!opens) return { ...breaker, consecutiveFailures, lastError };
  return { state: 'open', consecutiveFailures, lastError, openedAt: now ?? breaker.openedAt ?? null };
}

/**
 * May an automatic compaction start now? Closed: yes. Open: only when a cooldown is configured, the
 * time is known and the cooldown has passed since the breaker opened. Half-open: no (the one trial
 * is already running).
 */
export function canCompact(
  breaker: BreakerState,
  settings: BreakerSettings = DEFAULT_BREAKER_SETTINGS,
  now?: number,
): boolean {
  if (breaker.state === 'closed') return true;
  if (breaker.state === 'half-open') return false;
  if (settings.cooldownMs === null || now === undefined || breaker.openedAt === null) return false;
  return now - breaker.openedAt >= settings.cooldownMs;
}

/**
 * The cool-down in force: the setting, else the session's default cool-down (DEFAULT_BREAKER_COOLDOWN_MS
 * when its run started, carried in its state: context/session/defaults.ts) for sessions that fall
 * back to the offline digest (runs recorded before that rule had no cool-down unless one was set).
 */
export function effectiveBreakerSettings(
  settings: BreakerSettings,
  offlineFallback: boolean,
  defaultCooldownMs: number,
): BreakerSettings {
  if (!offlineFallback || settings.cooldownMs !== null) return settings;
  return { ...settings, cooldownMs: defaultCooldownMs };
}

/** Marks the start of a compaction: an open breaker whose cooldown passed becomes half-open. */
export function beginCompactionAttempt(breaker: BreakerState): BreakerState {
  return breaker.state === 'open' ? { ...breaker, state: 'half-open' } : breaker;
}
