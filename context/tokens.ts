/**
 * molt's default token estimator (ALGORITHMS.md §2).
 * PROVISIONAL: ceil(chars / 4) until the calibrated estimator lands (issue 3). Signatures are final.
 */
import { CHARS_PER_TOKEN, estimateMessageChars, estimateStringChars } from './estimate.js';
import type { Message } from './messages.js';

export function estimateTextTokens(text: string): number {
  return Math.ceil(estimateStringChars(text) / CHARS_PER_TOKEN);
}

export function estimateMessageTokens(message: Message): number {
  return Math.ceil(estimateMessageChars(message) / CHARS_PER_TOKEN);
}

export function estimateMessagesTokens(messages: readonly Message[]): number {
  let total = 0;
  for (const message of messages) total += estimateMessageTokens(message);
  return total;
}
