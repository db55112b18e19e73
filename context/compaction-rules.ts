/**
 * Compaction facts several layers share, defined once: the statuses a compaction row goes
 * through, what starts one, and the rule that a summary must be smaller than what it replaces
 * (docs/engine-rules.md#the-summary).
 */

/** Every status of a compaction row: the API's filters, metrics and the CLI list these. */
export const COMPACTION_STATUSES = ['running', 'succeeded', 'degraded', 'failed', 'cancelled'] as const;
export type CompactionStatus = (typeof COMPACTION_STATUSES)[number];

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
