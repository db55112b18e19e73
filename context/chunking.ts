/**
 * Splitting history for staged summarization (docs/engine-rules.md#staged-summarization): by token share, by a maximum
 * chunk size, and dropping the oldest share when history alone would crowd the window. Chunks
 * are contiguous, keep the input order, and never split a tool-call group — an assistant with
 * calls and the messages up to its last result — because a summarizer (or a provider) shown a
 * call without its result, or a result without its call, misreads both.
 */
import { SAFETY_MARGIN } from './estimate.js';
import type { Message } from './messages.js';
import {
  extractToolCalls,
  isFailedAssistant,
  repairToolUseResultPairing,
  toolResultIdOf,
} from './pairing.js';
import { estimateMessageTokens } from './tokens/index.js';

/** Chunk share of the window for ordinary messages (OpenClaw's BASE_CHUNK_RATIO). */
export const BASE_CHUNK_RATIO = 0.4;
/** Lowest chunk share, for transcripts of very large messages (OpenClaw's MIN_CHUNK_RATIO). */
export const MIN_CHUNK_RATIO = 0.15;
/** Tokens reserved for the summarization prompt itself (OpenClaw's SUMMARIZATION_OVERHEAD_TOKENS)… */
export const SUMMARIZATION_OVERHEAD_TOKENS = 4_096;
/**
 * …but never more than this share of the window. molt: OpenClaw's fixed 4 096 tokens left nothing of
 * a 4K–10K window's chunk share, so every message became a chunk of its own (24 summarizer calls for
 * a 1,266-token range of a 4,000-token window; issue 32).
 */
export const SUMMARIZATION_OVERHEAD_WINDOW_SHARE = 0.1;
export const DEFAULT_SUMMARY_PARTS = 2;
/** A message is too big to summarize when, with the margin, it needs more than half the window. */
export const OVERSIZED_SUMMARY_SHARE = 0.5;
export const DEFAULT_MAX_HISTORY_SHARE = 0.5;

type Group = { start: number; end: number; tokens: number };

/**
 * The atomic groups of a transcript, in order: a single message, or an assistant with tool calls
 * plus every following message up to the one that completes its calls (stopping before the next
 * assistant when a result never comes). Failed (error/aborted) assistants expect no results.
 */
function toolGroups(messages: readonly Message[], tokens: readonly number[]): Group[] {
  const groups: Group[] = [];
  let i = 0;
  while (i < messages.length) {
    const message = messages[i] as Message;
    let end = i + 1;
    let groupTokens = tokens[i] as number;
    if (message?.role === 'assistant' && !isFailedAssistant(message)) {
      const pending = new Set(extractToolCalls(message).map((call) => call.id));
      while (pending.size > 0 && end < messages.length && messages[end]?.role !== 'assistant') {
        const id = toolResultIdOf(messages[end]);
        if (id !== undefined) pending.delete(id);
        groupTokens += tokens[end] as number;
        end++;
      }
    }
    groups.push({ start: i, end, tokens: groupTokens });
    i = end;
  }
  return groups;
}

function tokensOf(messages: readonly Message[]): number[] {
  const tokens = new Array<number>(messages.length);
  for (let i = 0; i < messages.length; i++) tokens[i] = estimateMessageTokens(messages[i] as Message);
  return tokens;
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

function normalizeParts(parts: number, messageCount: number): number {
  if (!Number.isFinite(parts) || parts <= 1) return 1;
  return Math.min(Math.floor(parts), Math.max(1, messageCount));
}

/**
 * Split into at most `parts` contiguous chunks of about equal tokens: a new chunk starts when the
 * current one is non-empty, adding the next group would pass `total / parts`, and fewer than
 * `parts − 1` chunks are closed. Empty input gives no chunks.
 */
export function splitMessagesByTokenShare(messages: Message[], parts = DEFAULT_SUMMARY_PARTS): Message[][] {
  if (messages.length === 0) return [];
  const wanted = normalizeParts(parts, messages.length);
  if (wanted <= 1) return [messages.slice()];
  const tokens = tokensOf(messages);
  const target = sum(tokens) / wanted;
  const chunks: Message[][] = [];
  let chunkStart = 0;
  let current = 0;
  for (const group of toolGroups(messages, tokens)) {
    if (group.start > chunkStart && current + group.tokens > target && chunks.length < wanted - 1) {
      chunks.push(messages.slice(chunkStart, group.start));
      chunkStart = group.start;
      current = 0;
    }
    current += group.tokens;
  }
  chunks.push(messages.slice(chunkStart));
  return chunks;
}

/**
 * Greedy chunks of at most `maxTokens / SAFETY_MARGIN` tokens each (the estimate can be low). A
 * group larger than that is a chunk of its own. Empty input gives no chunks.
 */
export function chunkMessagesByMaxTokens(messages: Message[], maxTokens: number): Message[][] {
  if (messages.length === 0) return [];
  const effectiveMax = Math.max(1, Math.floor(maxTokens / SAFETY_MARGIN));
  const tokens = tokensOf(messages);
  const chunks: Message[][] = [];
  let chunkStart = 0;
  let current = 0;
  for (const group of toolGroups(messages, tokens)) {
    if (group.start > chunkStart && current + group.tokens > effectiveMax) {
      chunks.push(messages.slice(chunkStart, group.start));
      chunkStart = group.start;
      current = 0;
    }
    current += group.tokens;
    if (group.tokens > effectiveMax) {
      chunks.push(messages.slice(chunkStart, group.end));
      chunkStart = group.end;
      current = 0;
    }
  }
  if (chunkStart < messages.length) chunks.push(messages.slice(chunkStart));
  return chunks;
}

/**
 * The chunk share of the window: 0.4, shrinking when messages are large — with
 * `avg = average tokens per message × 1.2 / window` above 0.1 it is
 * `max(0.15, 0.4 − min(2 × avg, 0.25))`. No messages → 0.4; no window → 0.15.
 */
export function computeAdaptiveChunkRatio(messages: readonly Message[], contextWindowTokens: number): number {
  if (messages.length === 0) return BASE_CHUNK_RATIO;
  if (!(contextWindowTokens > 0)) return MIN_CHUNK_RATIO;
  const average = sum(tokensOf(messages)) / messages.length;
  const averageRatio = (average * SAFETY_MARGIN) / contextWindowTokens;
  if (averageRatio <= 0.1) return BASE_CHUNK_RATIO;
  const reduction = Math.min(averageRatio * 2, BASE_CHUNK_RATIO - MIN_CHUNK_RATIO);
  // Rounded so that 0.4 − 0.25 is exactly the 0.15 floor, not 0.15000000000000002.
  return Math.max(MIN_CHUNK_RATIO, Math.round((BASE_CHUNK_RATIO - reduction) * 1e9) / 1e9);
}

/** The summarization prompt's overhead for a window: 4 096 tokens, at most 10% of the window. */
export function summarizationOverheadTokens(contextWindowTokens: number): number {
  if (!(contextWindowTokens > 0)) return SUMMARIZATION_OVERHEAD_TOKENS;
  return Math.min(
    SUMMARIZATION_OVERHEAD_TOKENS,
    Math.floor(contextWindowTokens * SUMMARIZATION_OVERHEAD_WINDOW_SHARE),
  );
}

/** Tokens one summarization chunk may hold: `max(1, floor(window × ratio) − overhead)` (see summarizationOverheadTokens). */
export function maxChunkTokens(contextWindowTokens: number, ratio: number): number {
  const raw = Math.floor(contextWindowTokens * ratio) - summarizationOverheadTokens(contextWindowTokens);
  return Number.isFinite(raw) ? Math.max(1, raw) : 1;
}

/** True when one message, with the safety margin, needs more than half the window. */
export function isOversizedForSummary(message: Message, contextWindowTokens: number): boolean {
  return estimateMessageTokens(message) * SAFETY_MARGIN > contextWindowTokens * OVERSIZED_SUMMARY_SHARE;
}

export type HistoryShareResult = {
  /** The history kept (pairing repaired). */
  messages: Message[];
  /** The dropped messages, oldest first: summarize them first, as the main pass's previous summary. */
  droppedMessagesList: Message[];
  droppedChunks: number;
  /** Dropped messages, counting results orphaned by a drop. */
  droppedMessages: number;
  droppedTokens: number;
  keptTokens: number;
  budgetTokens: number;
};

/**
 * Drop the oldest share of history until what is left fits `maxContextTokens × maxHistoryShare`
 * (with the safety margin): split by token share, drop the first part, repair the pairing of the
 * rest (results orphaned by the drop count as dropped), repeat.
 */
export function pruneHistoryForContextShare(params: {
  messages: Message[];
  maxContextTokens: number;
  maxHistoryShare?: number;
  parts?: number;
}): HistoryShareResult {
  const share = params.maxHistoryShare ?? DEFAULT_MAX_HISTORY_SHARE;
  const budgetTokens = Math.max(1, Math.floor(params.maxContextTokens * share));
  const parts = params.parts ?? DEFAULT_SUMMARY_PARTS;
  let kept = params.messages;
  let keptTokens = sum(tokensOf(kept));
  const droppedMessagesList: Message[] = [];
  let droppedChunks = 0;
  let droppedMessages = 0;
  let droppedTokens = 0;

  while (kept.length > 0 && keptTokens * SAFETY_MARGIN > budgetTokens) {
    const chunks = splitMessagesByTokenShare(kept, parts);
    if (chunks.length <= 1) break;
    const [dropped, ...rest] = chunks as [Message[], ...Message[][]];
    const repair = repairToolUseResultPairing(rest.flat());
    droppedMessagesList.push(...dropped);
    droppedChunks++;
    droppedMessages += dropped.length + repair.droppedOrphanCount;
    droppedTokens += sum(tokensOf(dropped));
    kept = repair.messages;
    keptTokens = sum(tokensOf(kept));
  }

  return {
    messages: kept,
    droppedMessagesList,
    droppedChunks,
    droppedMessages,
    droppedTokens,
    keptTokens,
    budgetTokens,
  };
}
