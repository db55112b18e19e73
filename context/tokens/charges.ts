/** What a message costs besides its texts, and the margin that makes the estimate err high (docs/engine-rules.md#token-counting). */

import { CHARS_PER_TOKEN, UNKNOWN_ROLE_CHARS, UNSERIALIZABLE_ARGUMENTS_CHARS } from '../estimate.js';

/**
 * Tokens charged per image block. Anthropic bills (width × height) / 750 tokens, ≈ 1 600 for the
 * ~1.15-megapixel size images are scaled down to; OpenAI's high-detail 1024×1024 is 765, so this
 * errs high for both.
 */
export const IMAGE_TOKEN_ESTIMATE = 1_600;
/** Per-message framing (role marker, separators): ChatML spends 3–4 tokens per message. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Tool call arguments that cannot be serialised: the char measure's 128 chars, in tokens. */
export const UNSERIALIZABLE_ARGUMENTS_TOKENS = UNSERIALIZABLE_ARGUMENTS_CHARS / CHARS_PER_TOKEN;
/** A message of an unknown role: the char measure's 256 chars, in tokens (no overhead added). */
export const UNKNOWN_ROLE_TOKENS = UNKNOWN_ROLE_CHARS / CHARS_PER_TOKEN;

/**
 * Without it the fitted constants below land within −4 % … +3 % of o200k on every corpus
 * document; with it every document errs high (+2 % … +9 % measured), as docs/engine-rules.md#token-counting asks.
 */
export const ESTIMATE_MARGIN = 1.06;
