/** The adapters by format: the schema a body is validated with, and the conversion either way. */

import { z } from 'zod';
import {
  assistantMessageSchema,
  type Message,
  toolResultMessageSchema,
  userMessageSchema,
} from '../messages.js';
import { anthropicToCanonical, toAnthropicMessages } from './anthropic.js';
import { type AnthropicMessage, anthropicMessagesSchema } from './anthropic-schema.js';
import { openAIToCanonical, type ToOpenAIOptions, toOpenAIChatMessages } from './openai.js';
import { type OpenAIChatMessage, openAIChatMessagesSchema } from './openai-schema.js';
import { type MessageFormat, stringOrBlocks } from './schema.js';

/**
 * What an agent may post in the canonical format: the canonical messages, except that an
 * assistant's `content` may be a plain string like a user's (convertToCanonical makes it one text
 * block, so the engine counts, digests and recalls it). Built once: building a zod schema per
 * turn showed in the turn path's CPU profile.
 */
const canonicalMessagesSchema = z.array(
  z.discriminatedUnion('role', [
    userMessageSchema,
    assistantMessageSchema.extend({
      content: stringOrBlocks(assistantMessageSchema.shape.content, 'text, or text/thinking/toolCall blocks'),
    }),
    toolResultMessageSchema,
  ]),
);

/** An assistant message posted with plain-string content, as the one text block it stands for. */
function assistantTextAsBlock(message: Message): Message {
  if (message.role !== 'assistant' || typeof (message.content as unknown) !== 'string') return message;
  // A spread keeps every other field as sent, an own `__proto__` key included (docs/limits.md).
  return { ...message, content: [{ type: 'text', text: message.content as unknown as string }] };
}

/** The zod schema for a list of messages in `format` (canonical for "openclaw"). */
export function messagesSchemaForFormat(format: MessageFormat) {
  switch (format) {
    case 'anthropic':
      return anthropicMessagesSchema;
    case 'openai':
      return openAIChatMessagesSchema;
    default:
      return canonicalMessagesSchema;
  }
}

export function convertToCanonical(messages: readonly Message[], format: 'openclaw'): Message[];
export function convertToCanonical(messages: readonly AnthropicMessage[], format: 'anthropic'): Message[];
export function convertToCanonical(messages: readonly OpenAIChatMessage[], format: 'openai'): Message[];
export function convertToCanonical(messages: readonly unknown[], format: MessageFormat): Message[];
/**
 * Messages in `format` → canonical ("openclaw" is canonical: returned as a new array, with an
 * assistant's plain-string content as one text block).
 */
export function convertToCanonical(messages: readonly unknown[], format: MessageFormat): Message[] {
  switch (format) {
    case 'anthropic':
      return anthropicToCanonical(messages);
    case 'openai':
      return openAIToCanonical(messages);
    default:
      return (messages as Message[]).map(assistantTextAsBlock);
  }
}

export function convertFromCanonical(messages: readonly Message[], format: 'openclaw'): Message[];
export function convertFromCanonical(messages: readonly Message[], format: 'anthropic'): AnthropicMessage[];
export function convertFromCanonical(
  messages: readonly Message[],
  format: 'openai',
  options?: ToOpenAIOptions,
): OpenAIChatMessage[];
export function convertFromCanonical(
  messages: readonly Message[],
  format: MessageFormat,
  options?: ToOpenAIOptions,
): Message[] | AnthropicMessage[] | OpenAIChatMessage[];
/** Canonical messages → `format` ("openclaw" is canonical: returned as a new array). */
export function convertFromCanonical(
  messages: readonly Message[],
  format: MessageFormat,
  options: ToOpenAIOptions = {},
): Message[] | AnthropicMessage[] | OpenAIChatMessage[] {
  switch (format) {
    case 'anthropic':
      return toAnthropicMessages(messages);
    case 'openai':
      return toOpenAIChatMessages(messages, options);
    default:
      return messages.slice();
  }
}
