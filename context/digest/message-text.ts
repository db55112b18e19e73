/**
 * Reading text and tool calls out of canonical messages for the digest, through blocks.ts like the
 * rest of the engine: malformed blocks read as empty and never throw. `toolResult.details` is never
 * read here — it is untrusted (docs/engine-rules.md#messages).
 */
import {
  blockThinking,
  contentBlocks,
  contentString,
  isImageBlock,
  isRecord,
  isTextBlock,
  toolCallArguments,
  toolCallOf,
} from '../blocks.js';
import type { Message } from '../messages.js';
import { inertLine } from '../prompt-data.js';

export interface ToolCallView {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** The text blocks of a message (a user's string content counts as one block). Thinking excluded. */
export function textBlocksOf(message: Message): string[] {
  const text = contentString(message);
  if (text !== undefined) return [text];
  const texts: string[] = [];
  for (const block of contentBlocks(message)) if (isTextBlock(block)) texts.push(block.text);
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
  for (const block of contentBlocks(message)) {
    const thinking = blockThinking(block);
    if (thinking !== undefined) out.push(thinking);
  }
  return out;
}

/** The tool calls of an assistant message (call blocks with a non-empty string id, docs/engine-rules.md#tool-pairing). */
export function toolCallsOf(message: Message): ToolCallView[] {
  if (!isRecord(message) || message.role !== 'assistant') return [];
  const calls: ToolCallView[] = [];
  for (const block of contentBlocks(message)) {
    const call = toolCallOf(block);
    if (!call) continue;
    const args = toolCallArguments(block);
    calls.push({
      id: call.id,
      // A name is one inert line: a line break in it can never open a section (issue 32).
      name: inertLine(call.name ?? ''),
      arguments: isRecord(args) && !Array.isArray(args) ? args : {},
    });
  }
  return calls;
}

/** Counts image blocks (they are named, never inlined, when messages are rendered as text). */
export function imageCountOf(message: Message): number {
  let count = 0;
  for (const block of contentBlocks(message)) if (isImageBlock(block)) count++;
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

/** A whitespace-free run longer than this is a blob (base64, minified code), not a word to keep whole. */
export const MAX_WORD_CHARS = 200;

/**
 * About `maxChars` characters (whitespace runs collapsed), never cutting inside a word: the word
 * the limit falls in is kept whole, unless it is a blob over MAX_WORD_CHARS, which is left out (or
 * cut, when it is the first word). `…` marks a cut. So an identifier such as `heron-staging-db`
 * survives any cap.
 */
export function clipAtWord(value: string, maxChars: number): string {
  const text = value.replace(/\s+/g, ' ').trim();
  if (text.length <= maxChars) return text;
  const start = text.lastIndexOf(' ', maxChars - 1) + 1;
  const next = text.indexOf(' ', maxChars);
  const end = next < 0 ? text.length : next;
  if (end - start <= MAX_WORD_CHARS) return end === text.length ? text : `${text.slice(0, end)} …`;
  if (start > 0) return `${text.slice(0, start - 1)} …`;
  return `${Array.from(text).slice(0, maxChars).join('')}…`;
}

/** Like clipAtWord, but line by line: the lines are kept while they fit `maxChars` in all. */
export function clipLines(value: string, maxChars: number): string {
  const out: string[] = [];
  let left = maxChars;
  for (const line of value.split(/\r?\n/)) {
    const text = collapseWhitespace(line);
    if (!text) continue;
    if (left <= 0) break;
    const clipped = clipAtWord(text, left);
    out.push(clipped);
    left -= clipped.length + 1;
  }
  return out.join('\n');
}
