/**
 * Tool-result truncation (docs/engine-rules.md#truncation): the guard against a tool result too big for the
 * window. Unlike pruning it is not cache-gated — an oversized result overflows the request no
 * matter how warm the cache is. Text keeps its head (and its tail when the tail looks like an
 * error or a result) and says how to ask for the rest; images are kept.
 *
 * Sizes here use the docs/engine-rules.md#token-counting char measure (a CJK character weighs 4), so a Chinese or Japanese tool
 * result is judged by the tokens it really costs; for Latin text this is exactly OpenClaw's
 * `text.length`. Cut positions are UTF-16 indices and never split a surrogate pair.
 */
import { blocksOf, contentBlocks, isTextBlock, type UnknownRecord } from './blocks.js';
import { CHARS_PER_TOKEN, estimateStringChars } from './estimate.js';
import type { Message, ToolResultMessage } from './messages.js';

/** One result may fill at most this share of the window (OpenClaw's MAX_TOOL_RESULT_CONTEXT_SHARE). */
export const MAX_TOOL_RESULT_CONTEXT_SHARE = 0.3;
/** Absolute cap on one result, ≈ 100K tokens (OpenClaw's HARD_MAX_TOOL_RESULT_CHARS). */
export const HARD_MAX_TOOL_RESULT_CHARS = 400_000;
/** Truncation always keeps at least this many chars of the text (OpenClaw's MIN_KEEP_CHARS). */
export const MIN_KEEP_CHARS = 2_000;
/**
 * molt's aggregate budget: all tool-result text in the context together may fill at most this
 * share of the window. Half leaves the other half for the system prompt, the conversation and
 * the answer; it sits at the pruner's hard-clear ratio, so it only bites when pruning could not
 * run (warm cache) or could not help (results of the last turns, which pruning protects).
 */
export const AGGREGATE_TOOL_RESULT_CONTEXT_SHARE = 0.5;

export const TRUNCATION_SUFFIX =
  "\n\n⚠️ [Content truncated — original was too large for the model's context window. " +
  'The content above is a partial view. If you need more, request specific sections or use ' +
  'offset/limit parameters to read smaller chunks.]';
export const MIDDLE_OMISSION_MARKER = '\n\n⚠️ [... middle content omitted — showing head and tail ...]\n\n';

/** How much of the end is inspected for errors and results, and the tail's caps (OpenClaw's). */
const IMPORTANT_TAIL_WINDOW = 2_000;
const TAIL_SHARE = 0.3;
const MAX_TAIL_CHARS = 4_000;
/** A cut moves back to a newline when that keeps at least 80% (head) / skips at most 20% (tail). */
const HEAD_NEWLINE_SNAP = 0.8;
const TAIL_NEWLINE_SNAP = 0.2;

const ERROR_WORDS = /\b(error|exception|failed|fatal|traceback|panic|stack trace|errno|exit code)\b/;
const RESULT_WORDS = /\b(total|summary|result|complete|finished|done)\b/;

/** `min(floor(window × 0.3) × 4, 400 000)`: the most chars one tool result may keep. */
export function calculateMaxToolResultChars(contextWindowTokens: number): number {
  if (!(contextWindowTokens > 0)) return 0;
  const maxChars = Math.floor(contextWindowTokens * MAX_TOOL_RESULT_CONTEXT_SHARE) * CHARS_PER_TOKEN;
  return Math.min(maxChars, HARD_MAX_TOOL_RESULT_CHARS);
}

/** `floor(window × 0.5) × 4`: the most chars all tool results together may keep (molt). */
export function calculateAggregateToolResultChars(contextWindowTokens: number): number {
  if (!(contextWindowTokens > 0)) return 0;
  return Math.floor(contextWindowTokens * AGGREGATE_TOOL_RESULT_CONTEXT_SHARE) * CHARS_PER_TOKEN;
}

function hasImportantTail(text: string): boolean {
  const tail = text.slice(-IMPORTANT_TAIL_WINDOW).toLowerCase();
  return ERROR_WORDS.test(tail) || tail.trimEnd().endsWith('}') || RESULT_WORDS.test(tail);
}

/** A head cut never ends between the two halves of a surrogate pair. */
function safeEnd(text: string, end: number): number {
  const code = text.charCodeAt(end - 1);
  return end > 0 && code >= 0xd800 && code <= 0xdbff ? end + 1 : end;
}
/** A tail start never begins on the low half of a surrogate pair. */
function safeStart(text: string, start: number): number {
  const code = text.charCodeAt(start);
  return code >= 0xdc00 && code <= 0xdfff ? start - 1 : start;
}

/**
 * Cut `text` to about `maxChars`: the head (cut at a line end when one is near), with the tail
 * too when it mentions errors or results or closes a JSON object, plus a note asking the model to
 * read the rest in pieces. Keeps at least 2 000 chars, so the output may exceed a tiny
 * `maxChars`; text not longer than `maxChars`, or that truncation would not shorten, is returned
 * unchanged.
 */
export function truncateToolResultText(text: string, maxChars: number): string {
  if (typeof text !== 'string') return '';
  if (text.length <= maxChars) return text;
  const budget = Math.max(MIN_KEEP_CHARS, Math.floor(maxChars) - TRUNCATION_SUFFIX.length);
  if (budget + TRUNCATION_SUFFIX.length >= text.length) return text;

  if (budget > 2 * MIN_KEEP_CHARS && hasImportantTail(text)) {
    const tailBudget = Math.min(Math.floor(budget * TAIL_SHARE), MAX_TAIL_CHARS);
    const headBudget = budget - tailBudget - MIDDLE_OMISSION_MARKER.length;
    let headCut = headBudget;
    const headNewline = text.lastIndexOf('\n', headBudget);
    if (headNewline > headBudget * HEAD_NEWLINE_SNAP) headCut = headNewline;
    let tailStart = text.length - tailBudget;
    const tailNewline = text.indexOf('\n', tailStart);
    if (tailNewline !== -1 && tailNewline < tailStart + tailBudget * TAIL_NEWLINE_SNAP) {
      tailStart = tailNewline + 1;
    }
    headCut = safeEnd(text, headCut);
    tailStart = safeStart(text, tailStart);
    return text.slice(0, headCut) + MIDDLE_OMISSION_MARKER + text.slice(tailStart) + TRUNCATION_SUFFIX;
  }

  let cut = budget;
  const newline = text.lastIndexOf('\n', budget);
  // molt: the newline snap never goes below the 2 000 kept chars (OpenClaw's could keep 1 600).
  if (newline > budget * HEAD_NEWLINE_SNAP && newline >= MIN_KEEP_CHARS) cut = newline;
  return text.slice(0, safeEnd(text, cut)) + TRUNCATION_SUFFIX;
}

/** Total UTF-16 length of a result's text blocks (cheap: no scan of the characters). */
function textLength(blocks: readonly unknown[]): number {
  let length = 0;
  for (const block of blocks) if (isTextBlock(block)) length += block.text.length;
  return length;
}

/**
 * Any code unit the docs/engine-rules.md#token-counting measure weighs differently from 1 (CJK and the like at U+2E80 and above,
 * surrogates). Text without one measures exactly its length, and V8 answers this test on
 * one-byte strings without scanning them — the common case of Latin tool output costs nothing.
 */
const WIDE_CODE_UNIT = /[\u2e80-\uffff]/;

function measure(text: string): number {
  return WIDE_CODE_UNIT.test(text) ? estimateStringChars(text) : text.length;
}

/** The docs/engine-rules.md#token-counting char measure of a result's text blocks (images excluded: they are never cut). */
function textChars(blocks: readonly unknown[]): number {
  let chars = 0;
  for (const block of blocks) if (isTextBlock(block)) chars += measure(block.text);
  return chars;
}

/**
 * Truncate the text blocks of one result to `maxChars` (docs/engine-rules.md#token-counting measure) in total: each text block
 * gets `max(2 000, its share of maxChars)`; images and other blocks are kept. Returns the same
 * message when nothing is cut.
 */
export function truncateToolResultMessage(message: ToolResultMessage, maxChars: number): ToolResultMessage {
  const blocks = contentBlocks(message);
  const length = textLength(blocks);
  // The measure is at most 4 × the length, so short results need no character scan.
  if (length * 4 <= maxChars) return message;
  const chars = textChars(blocks);
  if (chars <= maxChars) return message;
  let next: unknown[] | null = null;
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b];
    if (!isTextBlock(block)) continue;
    // Its share of the budget, converted to UTF-16 units at the result's average density.
    const blockMax = Math.max(MIN_KEEP_CHARS, Math.floor((maxChars * block.text.length) / chars));
    const text = truncateToolResultText(block.text, blockMax);
    if (text === block.text) continue;
    next ??= blocks.slice();
    next[b] = { ...block, text };
  }
  return next ? { ...message, content: next as ToolResultMessage['content'] } : message;
}

export type OversizedToolResult = {
  /** Position in the messages given. */
  index: number;
  toolCallId: string | undefined;
  toolName: string | undefined;
  /** "single": over the per-result limit; "aggregate": shrunk because all results together were over. */
  reason: 'single' | 'aggregate';
  /** Text chars (docs/engine-rules.md#token-counting measure) before and after. */
  originalChars: number;
  truncatedChars: number;
  /** The limit the result was cut to. */
  maxChars: number;
  /** The replacement: the original with its text truncated (other fields kept). */
  message: ToolResultMessage;
};

type Candidate = { index: number; original: ToolResultMessage; chars: number; current: number };

/**
 * The truncation plan: first each result over the per-result limit is cut to it; then, if all
 * results together still exceed the aggregate budget, results are shrunk newest first — each just
 * enough to close the remaining gap, never below 2 000 chars — until the total fits. Newest first
 * because the older results sit in the provider's cached prefix; cutting them would miss the cache.
 */
function planTruncation(messages: readonly Message[], contextWindowTokens: number): OversizedToolResult[] {
  const limit = calculateMaxToolResultChars(contextWindowTokens);
  if (limit <= 0) return [];
  const planned = new Map<number, OversizedToolResult>();
  const results: Candidate[] = [];
  let lengthSum = 0;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message?.role !== 'toolResult') continue;
    const blocks = blocksOf(message.content);
    const length = textLength(blocks);
    if (length === 0) continue;
    lengthSum += length;
    results.push({ index: i, original: message, chars: -1, current: -1 });
    if (length * 4 <= limit) continue;
    const chars = textChars(blocks);
    const candidate = results[results.length - 1] as Candidate;
    candidate.chars = chars;
    candidate.current = chars;
    if (chars <= limit) continue;
    const truncated = truncateToolResultMessage(message, limit);
    if (truncated === message) continue;
    const after = textChars(blocksOf(truncated.content));
    if (after >= chars) continue;
    candidate.current = after;
    planned.set(i, entry(i, message, truncated, 'single', chars, after, limit));
  }

  const budget = calculateAggregateToolResultChars(contextWindowTokens);
  if (lengthSum * 4 > budget) {
    let total = 0;
    for (const candidate of results) {
      if (candidate.chars < 0) {
        candidate.chars = textChars(blocksOf(candidate.original.content));
        candidate.current = candidate.chars;
      }
      total += candidate.current;
    }
    for (let r = results.length - 1; r >= 0 && total > budget; r--) {
      const candidate = results[r] as Candidate;
      const target = Math.max(MIN_KEEP_CHARS, candidate.current - (total - budget));
      if (target >= candidate.current) continue;
      const truncated = truncateToolResultMessage(candidate.original, target);
      if (truncated === candidate.original) continue;
      const after = textChars(blocksOf(truncated.content));
      if (after >= candidate.current) continue;
      total -= candidate.current - after;
      candidate.current = after;
      planned.set(
        candidate.index,
        entry(candidate.index, candidate.original, truncated, 'aggregate', candidate.chars, after, target),
      );
    }
  }
  return [...planned.values()].sort((a, b) => a.index - b.index);
}

function entry(
  index: number,
  original: ToolResultMessage,
  message: ToolResultMessage,
  reason: OversizedToolResult['reason'],
  originalChars: number,
  truncatedChars: number,
  maxChars: number,
): OversizedToolResult {
  const record: UnknownRecord = original;
  return {
    index,
    toolCallId: typeof record.toolCallId === 'string' ? record.toolCallId : undefined,
    toolName: typeof record.toolName === 'string' ? record.toolName : undefined,
    reason,
    originalChars,
    truncatedChars,
    maxChars,
    message,
  };
}

/**
 * The tool results a truncation would cut, with their replacements — one over the per-result
 * limit, or several that together exceed the aggregate budget. Overflow recovery uses it to
 * decide whether truncation can help and to record overrides for exactly these messages.
 */
export function findOversizedToolResults(
  messages: readonly Message[],
  contextWindowTokens: number,
): OversizedToolResult[] {
  return planTruncation(messages, contextWindowTokens);
}

/**
 * Truncate oversized tool results in memory (docs/engine-rules.md#truncation and molt's aggregate pass). Untouched messages
 * keep their identity, and the array itself is returned when nothing is cut.
 */
export function truncateOversizedToolResults(
  messages: Message[],
  contextWindowTokens: number,
): { messages: Message[]; truncatedCount: number } {
  const plan = planTruncation(messages, contextWindowTokens);
  if (plan.length === 0) return { messages, truncatedCount: 0 };
  const next = messages.slice();
  for (const item of plan) next[item.index] = item.message;
  return { messages: next, truncatedCount: plan.length };
}
