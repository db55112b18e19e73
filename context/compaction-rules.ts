/**
 * Compaction facts several layers share, defined once: the statuses a compaction row goes
 * through, what starts one, and the rule that a summary must be smaller than what it replaces
 * (docs/engine-rules.md#the-summary).
 */

/** Every status of a compaction row: the API's filters, metrics and the CLI list these. */
export const COMPACTION_STATUSES = ['running', 'succeeded', 'degraded', 'failed', 'cancelled'] as const;
export type CompactionStatus = (typeof COMPACTION_STATUSES)[number];

/**
 * What a finished compaction came to (docs/engine-rules.md#verdicts), with its cause on the row:
 * `compacted` (the LLM's summary), `degraded` (some chunk fell back to the digest: the cause is the
 * provider's error), `offline` (the breaker was open: the digest, no LLM call), `no_progress` (the
 * summary was not smaller than what it replaces), `failed`, `cancelled`.
 */
export const COMPACTION_VERDICTS = [
  'compacted',
  'degraded',
  'offline',
  'no_progress',
  'failed',
  'cancelled',
] as const;
export type CompactionVerdict = (typeof COMPACTION_VERDICTS)[number];
/** A cause is the provider's error text and status, once per job, capped. */
export const MAX_CAUSE_CHARS = 1_000;

/**
 * The verdict and cause of a compaction that produced a summary, from its chunks' levels and
 * errors: the first chunk error that is not the offline marker is the provider's cause.
 */
export function summaryVerdict(
  chunks: readonly { level: number | null; error: string | null }[],
  options: { extractiveLevel: number; llmConfigured: boolean; offlineCause: string },
): { verdict: CompactionVerdict; cause: string | null } {
  const digested = chunks.filter((c) => c.level === options.extractiveLevel);
  if (!options.llmConfigured || digested.length === 0) return { verdict: 'compacted', cause: null };
  const causes = digested.map((c) => c.error?.trim() ?? '').filter((e) => e.length > 0);
  if (causes.length > 0 && causes.every((c) => c === options.offlineCause))
    return { verdict: 'offline', cause: options.offlineCause };
  const provider = causes.find((c) => c !== options.offlineCause && c !== 'LLM attempts exhausted');
  return {
    verdict: 'degraded',
    cause: (provider ?? causes[0] ?? 'LLM attempts exhausted').slice(0, MAX_CAUSE_CHARS),
  };
}

/** What started a compaction: the API's answers and the session's upload name these. */
export const COMPACTION_TRIGGERS = ['threshold', 'forced', 'overflow', 'manual', 'replay'] as const;
export type CompactionTrigger = (typeof COMPACTION_TRIGGERS)[number];

/**
 * Why a finished summary cannot replace its range, or null when it can: it must take fewer
 * tokens than the messages (and the summary in force) it replaces.
 */
export function reductionFailure(summaryTokens: number, replacesTokens: number): string | null {
  return summaryTokens >= replacesTokens
    ? `compaction did not reduce tokens (${summaryTokens} >= ${replacesTokens})`
    : null;
}

/** The statuses an operator may replay: a compaction that did not fully succeed. */
export const REPLAYABLE_STATUSES: ReadonlySet<CompactionStatus> = new Set([
  'failed',
  'degraded',
  'cancelled',
]);

/**
 * Whether a replay of this compaction can act (context/session/plans.ts planReplay): its status is
 * replayable and either its summary is still the one in force (a better one replaces it) or part
 * of its range is still live (after the session's boundary). Otherwise a newer summary covers the
 * range and the replay could only answer 409 `nothing_to_compact`.
 */
export function replayCanAct(
  compaction: { id: string; status: CompactionStatus; toSeq: number },
  session: { boundarySeq: number; summary: { compactionId: string } | null },
): boolean {
  if (!REPLAYABLE_STATUSES.has(compaction.status)) return false;
  return session.summary?.compactionId === compaction.id || session.boundarySeq < compaction.toSeq;
}
