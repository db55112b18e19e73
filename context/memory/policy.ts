/**
 * Memory policy in one place (docs/memory.md#the-model, #extraction): limits, the near-duplicate threshold, the idle
 * delay, and the normalisation that defines "the same text" and "the same key".
 */

export const MEMORY_CONTENT_MAX = 1_000;
export const MEMORY_ABSTRACT_MAX = 200;
/**
 * How the messages of a burst (one speaker's consecutive messages) join into one text: the
 * statement model reads them so (statement-candidates.ts), and a quote that spans them is found so
 * (verify.ts).
 */
export const BURST_JOIN = '\n';
/** The longest speaker name molt keeps (a message's `name`, in a conversation between people). */
export const SPEAKER_MAX = 100;
/** A candidate whose content is this similar (pg_trgm `similarity`) to an active memory of the same scope and type is a near duplicate. */
export const NEAR_DUPLICATE_SIMILARITY = 0.7;
/** A session idle this long extracts its unextracted tail (MOLT_MEMORY_IDLE_MS overrides). */
export const DEFAULT_MEMORY_IDLE_MS = 30 * 60 * 1000;
/** Version of the rule-based extractor: a new version re-extracts ranges (a new extraction id). */
export const EXTRACTIVE_VERSION = 'extractive@3';

/** Case-folded, NFKC, whitespace collapsed, trailing punctuation dropped: "the same text". */
export function normalizeMemoryText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.,;:!?。，；：！？、]+$/u, '')
    .trim();
}

/** A key as stored: normalised, words joined by single spaces, bounded. */
export function normalizeMemoryKey(key: string): string {
  return normalizeMemoryText(key)
    .replace(/[^\p{L}\p{N}\s:_-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/** Cuts text to `max` characters on a code-point boundary, marking the cut with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join('')}…`;
}
