/**
 * Context pruning (docs/engine-rules.md#pruning): per request and in memory, shrink old tool results so the
 * prompt fits — first soft-trim big ones to head + tail, then, if the window is still too full,
 * hard-clear them oldest first. The stored transcript never changes; user and assistant messages,
 * image results, the bootstrap before the first user message and the last N assistant turns are
 * never touched, and nothing is ever made larger. Returns the same array when nothing changes.
 */
import { blocksOf, isImageBlock, isTextBlock } from '../blocks.js';
import { CHARS_PER_TOKEN, estimateMessageChars, estimateStringChars } from '../estimate.js';
import type { Message, TextBlock, ToolResultMessage } from '../messages.js';
import type { PruningSettings } from './settings.js';
import { makeToolPrunablePredicate } from './tools.js';

export type PruneContextParams = {
  messages: Message[];
  settings: PruningSettings;
  contextWindowTokens: number;
  /** Which tools' results may be pruned; defaults to the settings' allow/deny lists. */
  isToolPrunable?: (toolName: string) => boolean;
  /**
   * Chars (docs/engine-rules.md#token-counting measure) that share the window but are not in `messages`: the system prompt and
   * tool schemas when the agent reports them, a summary prefix. They count towards the ratios.
   */
  reservedChars?: number;
};

export type PruneContextResult = {
  /** The pruned messages, or the input array itself when nothing changed. */
  messages: Message[];
  /** Tool results left soft-trimmed (a result trimmed and then cleared counts as cleared). */
  softTrimmed: number;
  hardCleared: number;
};

function textSegments(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  const parts: string[] = [];
  for (const block of blocksOf(content)) if (isTextBlock(block)) parts.push(block.text);
  return parts;
}

function hasImage(content: unknown): boolean {
  for (const block of blocksOf(content)) if (isImageBlock(block)) return true;
  return false;
}

function joinedLength(parts: readonly string[]): number {
  let length = Math.max(0, parts.length - 1);
  for (const part of parts) length += part.length;
  return length;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The first `maxChars` of the parts joined with "\n", never ending inside a surrogate pair. */
function headOfJoined(parts: readonly string[], maxChars: number): string {
  let remaining = maxChars;
  let out = '';
  for (let i = 0; i < parts.length && remaining > 0; i++) {
    if (i > 0) {
      out += '\n';
      remaining--;
      if (remaining <= 0) break;
    }
    const part = parts[i] as string;
    if (part.length <= remaining) {
      out += part;
      remaining -= part.length;
    } else {
      let end = remaining;
      if (isHighSurrogate(part.charCodeAt(end - 1))) end--;
      out += part.slice(0, end);
      remaining = 0;
    }
  }
  return out;
}

/** The last `maxChars` of the parts joined with "\n", never starting inside a surrogate pair. */
function tailOfJoined(parts: readonly string[], maxChars: number): string {
  let remaining = maxChars;
  const pieces: string[] = [];
  for (let i = parts.length - 1; i >= 0 && remaining > 0; i--) {
    const part = parts[i] as string;
    if (part.length <= remaining) {
      pieces.push(part);
      remaining -= part.length;
    } else {
      let start = part.length - remaining;
      if (isLowSurrogate(part.charCodeAt(start))) start++;
      pieces.push(part.slice(start));
      break;
    }
    if (remaining > 0 && i > 0) {
      pieces.push('\n');
      remaining--;
    }
  }
  return pieces.reverse().join('');
}

function withText(message: ToolResultMessage, text: string): ToolResultMessage {
  const block: TextBlock = { type: 'text', text };
  return { ...message, content: [block] };
}

function softTrimmed(message: ToolResultMessage, settings: PruningSettings): ToolResultMessage | null {
  const parts = textSegments(message.content);
  const rawLength = joinedLength(parts);
  const { maxChars, headChars, tailChars } = settings.softTrim;
  if (rawLength <= maxChars || rawLength <= headChars + tailChars) return null;
  const head = headOfJoined(parts, headChars);
  const tail = tailOfJoined(parts, tailChars);
  return withText(
    message,
    `${head}\n...\n${tail}\n\n[Tool result trimmed: kept first ${headChars} chars and last ${tailChars} chars of ${rawLength} chars.]`,
  );
}

/** Index of the N-th assistant from the end; the end for N = 0; null when there are fewer. */
function assistantCutoffIndex(messages: readonly Message[], keepLastAssistants: number): number | null {
  if (keepLastAssistants <= 0) return messages.length;
  let remaining = keepLastAssistants;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role !== 'assistant') continue;
    if (--remaining === 0) return i;
  }
  return null;
}

function firstUserIndex(messages: readonly Message[]): number {
  for (let i = 0; i < messages.length; i++) if (messages[i]?.role === 'user') return i;
  return messages.length;
}

/**
 * Prune and report what was done. See the module comment for the rules; the steps follow
 * docs/engine-rules.md#pruning one to one.
 */
export function pruneContextMessagesWithStats(params: PruneContextParams): PruneContextResult {
  const { messages, settings, contextWindowTokens } = params;
  const unchanged: PruneContextResult = { messages, softTrimmed: 0, hardCleared: 0 };
  if (!(contextWindowTokens > 0) || messages.length === 0) return unchanged;
  const charWindow = contextWindowTokens * CHARS_PER_TOKEN;

  const cutoff = assistantCutoffIndex(messages, settings.keepLastAssistants);
  if (cutoff === null) return unchanged;
  // Nothing before the first user message is pruned: identity and bootstrap reads live there.
  const start = firstUserIndex(messages);

  const chars = new Array<number>(messages.length);
  let total = params.reservedChars !== undefined && params.reservedChars > 0 ? params.reservedChars : 0;
  for (let i = 0; i < messages.length; i++) {
    const measured = estimateMessageChars(messages[i] as Message);
    chars[i] = measured;
    total += measured;
  }
  if (total / charWindow < settings.softTrimRatio) return unchanged;

  const isToolPrunable = params.isToolPrunable ?? makeToolPrunablePredicate(settings.tools);
  const prunable: number[] = [];
  let next: Message[] | null = null;
  let trimmedCount = 0;
  const trimmedAt = new Set<number>();

  for (let i = start; i < cutoff; i++) {
    const message = messages[i];
    if (message?.role !== 'toolResult') continue;
    // Image results are never pruned: they are hard to cut and usually what the user asked about.
    if (hasImage(message.content)) continue;
    if (!isToolPrunable(typeof message.toolName === 'string' ? message.toolName : '')) continue;
    prunable.push(i);
    const trimmed = softTrimmed(message, settings);
    if (!trimmed) continue;
    const after = estimateStringChars((trimmed.content[0] as TextBlock).text);
    const before = chars[i] as number;
    if (after >= before) continue;
    next ??= messages.slice();
    next[i] = trimmed;
    chars[i] = after;
    total += after - before;
    trimmedAt.add(i);
    trimmedCount++;
  }

  const afterSoftTrim: PruneContextResult = {
    messages: next ?? messages,
    softTrimmed: trimmedCount,
    hardCleared: 0,
  };
  if (total / charWindow < settings.hardClearRatio || !settings.hardClear.enabled) return afterSoftTrim;

  let prunableChars = 0;
  for (const i of prunable) prunableChars += chars[i] as number;
  if (prunableChars < settings.minPrunableToolChars) return afterSoftTrim;

  const placeholderChars = estimateStringChars(settings.hardClear.placeholder);
  let clearedCount = 0;
  for (const i of prunable) {
    if (total / charWindow < settings.hardClearRatio) break;
    const before = chars[i] as number;
    if (placeholderChars >= before) continue;
    next ??= messages.slice();
    next[i] = withText(next[i] as ToolResultMessage, settings.hardClear.placeholder);
    chars[i] = placeholderChars;
    total += placeholderChars - before;
    clearedCount++;
    if (trimmedAt.has(i)) trimmedCount--;
  }

  return { messages: next ?? messages, softTrimmed: trimmedCount, hardCleared: clearedCount };
}

/** Prune old tool results (docs/engine-rules.md#pruning); the same array when nothing changes. */
export function pruneContextMessages(params: PruneContextParams): Message[] {
  return pruneContextMessagesWithStats(params).messages;
}
