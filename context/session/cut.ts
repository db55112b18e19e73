/** The cut (docs/engine-rules.md#thresholds): which prefix of the live messages a compaction takes. */

import type { LiveMessageMeta } from './live.js';
import { MIN_TURN_BOUNDARY_SHARE } from './settings.js';

export interface Cut {
  fromSeq: number;
  toSeq: number;
  /** Index in `live` of the range's last message. */
  endIndex: number;
  /** Tokens of the range. */
  tokens: number;
  /** Tokens kept after the range. */
  keptTokens: number;
  /** The range ends inside a user turn (no good user-turn boundary was available). */
  splitTurn: boolean;
}

/**
 * For each index e: may a range end at e? Not when the next message is a tool result, not when a
 * later tool result answers a call made at or before e, and — for the very last message — not while
 * the last assistant's calls still await their results (they will arrive with the next turn).
 */
export function safeRangeEnds(live: readonly LiveMessageMeta[]): boolean[] {
  const n = live.length;
  const callIndex = new Map<string, number>();
  live.forEach((meta, index) => {
    for (const id of meta.toolCallIds ?? []) if (!callIndex.has(id)) callIndex.set(id, index);
  });
  const crossing = new Array<number>(n + 1).fill(0);
  const answered = new Set<string>();
  live.forEach((meta, index) => {
    if (meta.role !== 'toolResult' || meta.toolCallId === undefined) return;
    answered.add(meta.toolCallId);
    const call = callIndex.get(meta.toolCallId);
    if (call !== undefined && call < index) {
      crossing[call]! += 1;
      crossing[index]! -= 1;
    }
  });

  let lastAssistant = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (live[i]!.role !== 'toolResult') {
      lastAssistant = live[i]!.role === 'assistant' ? i : -1;
      break;
    }
  }
  const awaiting =
    lastAssistant >= 0 && (live[lastAssistant]!.toolCallIds ?? []).some((id) => !answered.has(id));

  const safe: boolean[] = [];
  let open = 0;
  for (let e = 0; e < n; e++) {
    open += crossing[e]!;
    const next = live[e + 1];
    if (next) safe.push(next.role !== 'toolResult' && open === 0);
    else safe.push(!awaiting && open === 0);
  }
  return safe;
}

/**
 * Where to cut: keep at least `keepRecentTokens` of the newest messages and end the range on a
 * user-turn boundary (before a user message, or at the end of the transcript) that never splits a
 * tool call from its result. When the nearest such boundary would compact less than half of what
 * the ideal cut would (one long agent turn), the turn is split at a safe assistant boundary instead.
 * `maxToSeq` bounds the range's end (replays). Null when nothing can be compacted.
 */
export function chooseCut(
  live: readonly LiveMessageMeta[],
  keepRecentTokens: number,
  options: { maxToSeq?: number } = {},
): Cut | null {
  const n = live.length;
  if (n === 0) return null;
  const keep = Math.max(0, keepRecentTokens);
  let keptStart = n;
  let kept = 0;
  while (keptStart > 0 && kept < keep) {
    keptStart--;
    kept += live[keptStart]!.tokens;
  }
  let maxEnd = keptStart - 1;
  if (options.maxToSeq !== undefined) {
    while (maxEnd >= 0 && live[maxEnd]!.seq > options.maxToSeq) maxEnd--;
  }
  if (maxEnd < 0) return null;

  const prefix = [0];
  for (const meta of live) prefix.push(prefix[prefix.length - 1]! + meta.tokens);
  const safe = safeRangeEnds(live);
  const isTurnBoundary = (e: number) => e === n - 1 || live[e + 1]!.role === 'user';

  let turnEnd = -1;
  let splitEnd = -1;
  for (let e = maxEnd; e >= 0 && turnEnd < 0; e--) {
    if (!safe[e]) continue;
    if (splitEnd < 0) splitEnd = e;
    if (isTurnBoundary(e)) turnEnd = e;
  }
  if (splitEnd < 0) return null;
  const idealTokens = prefix[maxEnd + 1]!;
  const useTurn = turnEnd >= 0 && prefix[turnEnd + 1]! >= idealTokens * MIN_TURN_BOUNDARY_SHARE;
  const end = useTurn ? turnEnd : splitEnd;
  return {
    fromSeq: live[0]!.seq,
    toSeq: live[end]!.seq,
    endIndex: end,
    tokens: prefix[end + 1]!,
    keptTokens: prefix[n]! - prefix[end + 1]!,
    splitTurn: !isTurnBoundary(end),
  };
}
