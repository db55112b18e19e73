/**
 * The `exact` token counter (docs/engine-rules.md#token-counting): gpt-tokenizer's o200k_base wired into
 * context/tokens/counter.ts's createTokenCounter. context/ cannot import a tokenizer (Temporal workflows
 * import it, and the o200k tables are megabytes that take ~130 ms to load when this module is
 * imported), so Node-side code builds the counter here and passes it in.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { createTokenCounter, type TokenCounter } from '../context/tokens/index.js';

/**
 * Text is counted as plain text: a literal "<|endoftext|>" in a tool result is ordinary
 * characters to us, and gpt-tokenizer would otherwise throw on it.
 */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** o200k token count of a text; special-token markup counts as ordinary characters. */
export function countO200kTokens(text: string): number {
  return countTokens(text, PLAIN_TEXT);
}

let counter: TokenCounter | undefined;

/** A TokenCounter that counts text with o200k itself. */
export function exactTokenCounter(): TokenCounter {
  counter ??= createTokenCounter({ mode: 'exact', countTokens: countO200kTokens });
  return counter;
}
