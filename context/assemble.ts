/**
 * The context an agent gets before each LLM call (`GET /context`): repair the pairing, keep the
 * last N user turns, prune old tool results when the cache-TTL gate allows, truncate oversized
 * results, and — when all that still leaves more than the window (a compaction is late, the
 * LLM is down) — leave out the oldest turns until it fits (`fitted`), estimate. Pure: the clock and the session's last cache touch are inputs, and the
 * caller records a touch when `pruneApplied` is true. Cost: one char pass when pruning plus one
 * token estimate per message object — or, with `knownTokens` (counts stored at ingest), only
 * for the messages this call changed (bench/assemble.bench.ts).
 */
import { CHARS_PER_TOKEN, estimateMessageChars } from './estimate.js';
import { limitHistoryTurns } from './history-limit.js';
import type { Message } from './messages.js';
import { repairToolUseResultPairing } from './pairing.js';
import { pruneContextMessagesWithStats } from './pruning/pruner.js';
import {
  decidePruning,
  type PruneGateReason,
  type PruningSettings,
  resolvePruningSettings,
} from './pruning/settings.js';
import { estimateMessageTokens, type TokenCounter } from './tokens/index.js';
import { truncateOversizedToolResults } from './truncation.js';

export type AssembleContextParams = {
  /** The live messages (after the compaction boundary), oldest first. */
  messages: Message[];
  /** Kept first and never pruned, truncated or limited: the continuation message with the summary. */
  prefix?: readonly Message[];
  contextWindowTokens: number;
  /** Effective pruning settings; `null` turns pruning off; omitted means the defaults. */
  pruning?: PruningSettings | null;
  /** Keep only the last N user turns (docs/engine-rules.md#history-limit); missing or ≤ 0 keeps all. */
  historyLimit?: number | null;
  /** Which tools' results may be pruned; defaults to the settings' allow/deny lists. */
  isToolPrunable?: (toolName: string) => boolean;
  /** The request time (ms since the epoch). */
  now: number;
  /** The session's last LLM call (ms since the epoch); null/undefined when unknown. */
  lastCacheTouchAt?: number | null;
  /** Tokens of the system prompt and tool schemas, when the agent reports them: they fill the window too. */
  reservedTokens?: number;
  /** Counts tokens (e.g. the `exact` counter); defaults to molt's estimator. */
  tokenCounter?: TokenCounter;
  /**
   * Token counts already known for a message object (stored when the turn was posted), so only
   * messages this call creates or changes are counted. Undefined means "count it".
   */
  knownTokens?: (message: Message) => number | undefined;
};

export type AssembledContext = {
  /** `prefix` followed by the processed messages. */
  messages: Message[];
  estimatedTokens: number;
  pruned: { softTrimmed: number; hardCleared: number };
  /** Tool results cut by truncation. */
  truncated: number;
  /** The gate let pruning run this time: the caller records a cache touch. */
  pruneApplied: boolean;
  pruneReason: PruneGateReason;
  repair: { added: number; droppedDuplicateCount: number; droppedOrphanCount: number; moved: boolean };
  /**
   * The oldest live messages left out so that the context fits the window (they stay stored and
   * are compacted as usual), and whether even the newest user turn alone is over the window.
   */
  fitted: { droppedMessages: number; overWindow: boolean };
};

function sumChars(messages: readonly Message[]): number {
  let chars = 0;
  for (const message of messages) chars += estimateMessageChars(message);
  return chars;
}

/** Assemble the context for one LLM call (see the module comment). */
export function assembleContext(params: AssembleContextParams): AssembledContext {
  const prefix = params.prefix ?? [];
  const window = params.contextWindowTokens;
  const reservedTokens =
    params.reservedTokens !== undefined && params.reservedTokens > 0 ? params.reservedTokens : 0;

  const repair = repairToolUseResultPairing(params.messages);
  let live = repair.messages;
  const limited = limitHistoryTurns(live, params.historyLimit ?? undefined);
  // The cut lands on a user turn, but a transcript broken around it is repaired again.
  if (limited !== live) live = repairToolUseResultPairing(limited).messages;

  const settings = params.pruning === undefined ? resolvePruningSettings() : params.pruning;
  // Each message object is counted once per call: the fullness check and the final estimate
  // share counts, and messages that pruning and truncation leave alone keep their identity.
  const counted = new Map<Message, number>();
  const counter = params.tokenCounter;
  const count = counter ? (message: Message) => counter.messageTokens(message) : estimateMessageTokens;
  const tokensOf = (messages: readonly Message[]): number => {
    let total = 0;
    for (const message of messages) {
      let tokens = counted.get(message);
      if (tokens === undefined) {
        tokens = params.knownTokens?.(message) ?? count(message);
        counted.set(message, tokens);
      }
      total += tokens;
    }
    return total;
  };
  const prefixTokens = tokensOf(prefix);

  // The window's fullness only matters while the cache is warm (for `forcePruneRatio`).
  let decision = decidePruning({ settings, now: params.now, lastCacheTouchAt: params.lastCacheTouchAt });
  if (decision.reason === 'cache-warm') {
    const ratio = window > 0 ? (prefixTokens + tokensOf(live) + reservedTokens) / window : 0;
    decision = decidePruning({ settings, now: params.now, lastCacheTouchAt: params.lastCacheTouchAt, ratio });
  }

  let softTrimmed = 0;
  let hardCleared = 0;
  if (decision.prune && settings) {
    const pruned = pruneContextMessagesWithStats({
      messages: live,
      settings,
      contextWindowTokens: window,
      isToolPrunable: params.isToolPrunable,
      reservedChars: sumChars(prefix) + reservedTokens * CHARS_PER_TOKEN,
    });
    softTrimmed = pruned.softTrimmed;
    hardCleared = pruned.hardCleared;
    live = pruned.messages;
  }

  const truncation = truncateOversizedToolResults(live, window);
  live = truncation.messages;

  // Never more than the window: leave out the oldest turns, starting the context at a user message.
  let droppedMessages = 0;
  const budget = window - prefixTokens - reservedTokens;
  if (window > 0 && tokensOf(live) > budget) {
    const tokens = live.map((message) => tokensOf([message]));
    let suffix = tokens.reduce((sum, t) => sum + t, 0);
    let start = live.length;
    let lastUser = -1;
    for (let i = 0; i < live.length; i++) {
      if (live[i]?.role === 'user') {
        lastUser = i;
        if (suffix <= budget) {
          start = i;
          break;
        }
      }
      suffix -= tokens[i]!;
    }
    if (start === live.length) start = lastUser >= 0 ? lastUser : live.length - 1;
    const kept = repairToolUseResultPairing(live.slice(Math.max(0, start))).messages;
    droppedMessages = Math.max(0, live.length - kept.length);
    live = kept;
  }
  const estimatedTokens = prefixTokens + tokensOf(live);

  return {
    messages: prefix.length > 0 ? [...prefix, ...live] : live,
    estimatedTokens,
    fitted: { droppedMessages, overWindow: window > 0 && estimatedTokens + reservedTokens > window },
    pruned: { softTrimmed, hardCleared },
    truncated: truncation.truncatedCount,
    pruneApplied: decision.prune,
    pruneReason: decision.reason,
    repair: {
      added: repair.added.length,
      droppedDuplicateCount: repair.droppedDuplicateCount,
      droppedOrphanCount: repair.droppedOrphanCount,
      moved: repair.moved,
    },
  };
}
