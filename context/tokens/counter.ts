/** The token counters: the estimator, and the exact mode that counts with an injected tokenizer. */

import type { Message } from '../messages.js';
import { ESTIMATE_MARGIN } from './charges.js';
import { measureMessage } from './measure.js';
import { rawTextTokens } from './scan.js';

/** Estimated o200k tokens of a text (0 for an empty or non-string value). */
export function estimateTextTokens(text: string): number {
  return ESTIMATING_COUNTER.textTokens(text);
}

/** Estimated tokens of one message (docs/engine-rules.md#token-counting): text, thinking, tool call arguments, images, overhead. */
export function estimateMessageTokens(message: Message): number {
  return ESTIMATING_COUNTER.messageTokens(message);
}

export function estimateMessagesTokens(messages: readonly Message[]): number {
  return ESTIMATING_COUNTER.messagesTokens(messages);
}

export interface TokenCounter {
  readonly mode: 'estimate' | 'exact';
  textTokens(text: string): number;
  messageTokens(message: Message): number;
  messagesTokens(messages: readonly Message[]): number;
}

/** A tokenizer's encode: only the length of the result is used. */
export type EncodeText = (text: string) => { readonly length: number };
export type CountTextTokens = (text: string) => number;

export type TokenCounterOptions =
  | { mode: 'estimate' }
  | { mode: 'exact'; encode: EncodeText }
  | { mode: 'exact'; countTokens: CountTextTokens };

/**
 * A counter for one mode. `estimate` is this folder's estimator; `exact` counts text with the
 * tokenizer given (llm/tokenizer.ts's exactTokenCounter() wires gpt-tokenizer's o200k). Both
 * charge images, unserialisable arguments, unknown roles and per-message overhead the same way.
 */
export function createTokenCounter(options: TokenCounterOptions): TokenCounter {
  if (options?.mode === 'estimate') return ESTIMATING_COUNTER;
  if (options?.mode === 'exact') {
    const count = exactTextCount(options);
    return counterFor('exact', count, (textTokens) => textTokens);
  }
  throw new Error(
    `createTokenCounter: unknown mode ${JSON.stringify((options as { mode?: unknown } | undefined)?.mode)}; ` +
      `use { mode: 'estimate' } or { mode: 'exact', encode } (see llm/tokenizer.ts).`,
  );
}

function exactTextCount(options: {
  mode: 'exact';
  encode?: unknown;
  countTokens?: unknown;
}): CountTextTokens {
  const { countTokens, encode } = options;
  if (typeof countTokens === 'function') {
    return (text) => (text.length === 0 ? 0 : (countTokens as CountTextTokens)(text));
  }
  if (typeof encode === 'function') {
    return (text) => (text.length === 0 ? 0 : (encode as EncodeText)(text).length);
  }
  throw new Error(
    "createTokenCounter: mode 'exact' needs an encode(text) or countTokens(text) function; " +
      'exactTokenCounter() in llm/tokenizer.ts provides one backed by gpt-tokenizer (o200k).',
  );
}

const ESTIMATING_COUNTER: TokenCounter = counterFor('estimate', rawTextTokens, (raw) =>
  Math.ceil(raw * ESTIMATE_MARGIN),
);

/**
 * `countText` measures one text; `finishText` turns a message's summed text measure into tokens
 * (the estimator applies its margin and rounds once per message, not once per block).
 */
function counterFor(
  mode: TokenCounter['mode'],
  countText: CountTextTokens,
  finishText: (textMeasure: number) => number,
): TokenCounter {
  const textTokens = (text: string): number =>
    typeof text === 'string' && text.length > 0 ? finishText(countText(text)) : 0;
  const messageTokens = (message: Message): number => {
    const parts = measureMessage(message, countText);
    if (parts === undefined) return 0;
    return (parts.text > 0 ? finishText(parts.text) : 0) + parts.fixed;
  };
  const messagesTokens = (messages: readonly Message[]): number => {
    let total = 0;
    for (const message of messages) total += messageTokens(message);
    return total;
  };
  return { mode, textTokens, messageTokens, messagesTokens };
}
