/**
 * Reading text and tool calls out of canonical messages for the digest. Tolerant like the rest of
 * the engine: malformed blocks (null entries, a text block without `text`) read as empty and never
 * throw. `toolResult.details` is never read here — it is untrusted (ALGORITHMS.md §1).
 */
import type { Message } from '../messages.js';

type LooseBlock = {
  type?: unknown;
  text?: unknown;
  thinking?: unknown;
  id?: unknown;
  name?: unknown;
  arguments?: unknown;
  input?: unknown;
} | null;

/** Block types accepted as tool calls (§6). */
const TOOL_CALL_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'toolCall',
  'toolUse',
  'functionCall',
  'tool_use',
]);

export interface ToolCallView {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

function blocksOf(message: Message): LooseBlock[] {
  const content = (message as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? (content as LooseBlock[]) : [];
}

/** The text blocks of a message (a user's string content counts as one block). Thinking excluded. */
export function textBlocksOf(message: Message): string[] {
  const m = message as { content?: unknown } | null;
  if (!m || typeof m !== 'object') return [];
  if (typeof m.content === 'string') return [m.content];
  const texts: string[] = [];
  for (const block of blocksOf(message)) {
    if (block && typeof block === 'object' && block.type === 'text' && typeof block.text === 'string') {
      texts.push(block.text);
    }
  }
  return texts;
}

/** All text of a message joined with newlines (no thinking, no tool arguments). */
export function messageText(message: Message): string {
  return textBlocksOf(message).join('\n');
}

/** The first text block that is not blank, as claw-code's digest reads a message. */
export function firstText(message: Message): string | undefined {
  return textBlocksOf(message).find((text) => text.trim().length > 0);
}

/** The thinking blocks of an assistant message. */
export function thinkingOf(message: Message): string[] {
  const out: string[] = [];
  for (const block of blocksOf(message)) {
    if (
      block &&
      typeof block === 'object' &&
      block.type === 'thinking' &&
      typeof block.thinking === 'string'
    ) {
      out.push(block.thinking);
    }
  }
  return out;
}

/** The tool calls of an assistant message (blocks with a non-empty string id and name). */
export function toolCallsOf(message: Message): ToolCallView[] {
  if ((message as { role?: unknown } | null)?.role !== 'assistant') return [];
  const calls: ToolCallView[] = [];
  for (const block of blocksOf(message)) {
    if (!block || typeof block !== 'object' || typeof block.type !== 'string') continue;
    if (!TOOL_CALL_BLOCK_TYPES.has(block.type)) continue;
    if (typeof block.id !== 'string' || block.id.length === 0) continue;
    const name = typeof block.name === 'string' ? block.name : '';
    const rawArgs = block.arguments ?? block.input;
    const args =
      rawArgs && typeof rawArgs === 'object' && !Array.isArray(rawArgs)
        ? (rawArgs as Record<string, unknown>)
        : {};
    calls.push({ id: block.id, name, arguments: args });
  }
  return calls;
}

/** Counts image blocks (they are named, never inlined, when messages are rendered as text). */
export function imageCountOf(message: Message): number {
  let count = 0;
  for (const block of blocksOf(message)) {
    if (block && typeof block === 'object' && block.type === 'image') count++;
  }
  return count;
}

/** Runs of whitespace become one space; the ends are trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * At most `maxChars` code points, then `marker` when anything was cut. Counting code points keeps a
 * surrogate pair (emoji, rare CJK) from being split in half.
 */
export function capText(text: string, maxChars: number, marker = '…'): string {
  if (text.length <= maxChars) return text;
  let out = '';
  let count = 0;
  for (const char of text) {
    if (count === maxChars) return out + marker;
    out += char;
    count++;
  }
  return out;
}

/** `JSON.stringify` that never throws (circular or BigInt arguments read as a placeholder). */
export function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '[unserializable]';
  }
}
