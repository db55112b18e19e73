/**
 * The one tolerant reading of message content (docs/engine-rules.md#messages). The types in messages.ts
 * describe well-formed messages, but the engine also meets stored history and agent input that no
 * schema checked, and the rule is: malformed blocks (null entries, a text block without `text`, a
 * thinking block without `thinking`) never throw anywhere in the engine — they are measured as
 * empty and passed through. The engine reads content through these accessors, so the rule has
 * one home. The two estimator walks (estimateMessageChars, tokens/measure.ts) are the exception:
 * they run on every block of every message on each `GET /context`, so each switches on `type`
 * itself with the same checks (isRecord, then a string field or nothing).
 *
 * Accessors take `unknown`, check exactly what they claim and never throw; only toolCallOf
 * allocates (the call it returns).
 */
import type { TextBlock } from './messages.js';

/** An object whose fields are still unchecked (arrays included, as `typeof` has it). */
export type UnknownRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null;
}

/** Block types that carry a tool call (OpenClaw's, Anthropic's and Google-style spellings; docs/engine-rules.md#tool-pairing). */
export const TOOL_CALL_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'toolCall',
  'toolUse',
  'functionCall',
  'tool_use',
]);

/** A tool call as pairing and the digest identify it: a non-empty id and the name when it has one. */
export type ToolCallRef = { id: string; name: string | undefined };

/**
 * Readonly by type only: a frozen array has its own elements kind in V8, and mixing it into the
 * block loops made the estimator measurably slower.
 */
const NO_BLOCKS: readonly unknown[] = [];

/**
 * A message's content as a block list, each block still unchecked (null entries included): the
 * array itself, or no blocks for content that is not an array (a user's plain string, missing).
 * Takes the content, not the message: where the message is known to be an object the caller reads
 * `content` itself, which keeps that load specific to the call site (a shared load that sees
 * every kind of message measured slower in truncation's loop).
 */
export function blocksOf(content: unknown): readonly unknown[] {
  return Array.isArray(content) ? content : NO_BLOCKS;
}

/** The content blocks of a value that may not even be a message object (see blocksOf). */
export function contentBlocks(message: unknown): readonly unknown[] {
  return isRecord(message) ? blocksOf(message.content) : NO_BLOCKS;
}

/** A message's content when it is a plain string (a user may send text instead of blocks). */
export function contentString(message: unknown): string | undefined {
  if (!isRecord(message)) return undefined;
  const { content } = message;
  return typeof content === 'string' ? content : undefined;
}

/** A text block with string `text`; a text block without it is malformed and reads as empty. */
export function isTextBlock(block: unknown): block is TextBlock {
  return isRecord(block) && block.type === 'text' && typeof block.text === 'string';
}

/** The text of a thinking block; undefined for any other block and for one without `thinking`. */
export function blockThinking(block: unknown): string | undefined {
  return isRecord(block) && block.type === 'thinking' && typeof block.thinking === 'string'
    ? block.thinking
    : undefined;
}

/** An image block (its `data` and `mimeType` unchecked: the engine only counts and keeps images). */
export function isImageBlock(block: unknown): boolean {
  return isRecord(block) && block.type === 'image';
}

/** A block of any tool-call spelling (docs/engine-rules.md#tool-pairing), its other fields still unchecked. */
export function isToolCallBlock(block: unknown): block is UnknownRecord {
  return isRecord(block) && typeof block.type === 'string' && TOOL_CALL_BLOCK_TYPES.has(block.type);
}

/** The call a tool-call block makes, when it has a non-empty string id (else it is no call). */
export function toolCallOf(block: unknown): ToolCallRef | undefined {
  if (!isToolCallBlock(block) || typeof block.id !== 'string' || block.id.length === 0) return undefined;
  return { id: block.id, name: typeof block.name === 'string' ? block.name : undefined };
}

/** A tool call's arguments as stored: `arguments`, else `input` (Anthropic's spelling). */
export function toolCallArguments(block: unknown): unknown {
  return isRecord(block) ? (block.arguments ?? block.input) : undefined;
}
