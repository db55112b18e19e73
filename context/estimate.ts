/**
 * Size estimation (docs/engine-rules.md#token-counting). The char measure is OpenClaw's (used by pruning ratios);
 * the token estimator is molt's own.
 */
import { blocksOf, isRecord } from './blocks.js';
import type { Message } from './messages.js';

/** Images count as this many chars (OpenClaw's IMAGE_CHAR_ESTIMATE). */
export const IMAGE_CHAR_ESTIMATE = 8_000;
/** Chars charged when a tool call's arguments cannot be serialised. */
export const UNSERIALIZABLE_ARGUMENTS_CHARS = 128;
/** Chars charged for a message of an unknown role. */
export const UNKNOWN_ROLE_CHARS = 256;
/** Multiplies estimates wherever a limit must not be crossed. */
export const SAFETY_MARGIN = 1.2;
/** OpenClaw's chars-per-token heuristic. */
export const CHARS_PER_TOKEN = 4;

const WIDE_OR_SURROGATE = /[\u2e80-\uffff]/;

function isWideCodePoint(cp: number): boolean {
  return (
    (cp >= 0x2e80 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4ff) ||
    (cp >= 0xac00 && cp <= 0xd7af) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x20000 && cp <= 0x2fa1f)
  );
}

/** Code points, plus 3 for every CJK / kana / hangul code point (so those weigh 4, ≈ a token). */
export function estimateStringChars(text: string): number {
  if (typeof text !== 'string' || text.length === 0) return 0;
  // Fast path: without any code unit ≥ U+2E80 (no wide characters, no surrogate pairs) every
  // UTF-16 unit is one code point of weight 1.
  if (!WIDE_OR_SURROGATE.test(text)) return text.length;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x2e80) {
      count += 1;
      continue;
    }
    let cp = unit;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    count += isWideCodePoint(cp) ? 4 : 1;
  }
  return count;
}

function argumentChars(args: unknown): number {
  try {
    return estimateStringChars(JSON.stringify(args) ?? '');
  } catch {
    return UNSERIALIZABLE_ARGUMENTS_CHARS;
  }
}

/**
 * The pruner's measure of one message (docs/engine-rules.md#token-counting). Malformed blocks count as empty (docs/engine-rules.md#messages); never throws.
 * The block walk reads fields itself rather than through blocks.ts's accessors: this loop runs on
 * every block of every message on each `GET /context`, and one switch on `type` per block is
 * measurably cheaper there than one accessor call per block kind (see the commit message).
 */
export function estimateMessageChars(message: Message): number {
  if (!isRecord(message)) return 0;
  const { content } = message;
  const blocks = blocksOf(content);
  switch (message.role) {
    case 'user':
    case 'toolResult': {
      if (typeof content === 'string') return estimateStringChars(content);
      let chars = 0;
      for (const block of blocks) {
        if (!isRecord(block)) continue;
        if (block.type === 'text') chars += textChars(block.text);
        else if (block.type === 'image') chars += IMAGE_CHAR_ESTIMATE;
      }
      return chars;
    }
    case 'assistant': {
      let chars = 0;
      for (const block of blocks) {
        if (!isRecord(block)) continue;
        if (block.type === 'text') chars += textChars(block.text);
        else if (block.type === 'thinking') chars += textChars(block.thinking);
        else if (block.type === 'toolCall') chars += argumentChars(block.arguments);
      }
      return chars;
    }
    default:
      return UNKNOWN_ROLE_CHARS;
  }
}

/** A text field's docs/engine-rules.md#token-counting measure; a missing or non-string one is empty (docs/engine-rules.md#messages). */
function textChars(value: unknown): number {
  return typeof value === 'string' ? estimateStringChars(value) : 0;
}
