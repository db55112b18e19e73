/** The adapters by format: the schema a body is validated with, and the conversion either way. */

import { z } from 'zod';
import { type Message, messageSchema } from '../messages.js';
import { anthropicToCanonical, toAnthropicMessages } from './anthropic.js';
import { type AnthropicMessage, anthropicMessagesSchema } from './anthropic-schema.js';
import { openAIToCanonical, type ToOpenAIOptions, toOpenAIChatMessages } from './openai.js';
import { type OpenAIChatMessage, openAIChatMessagesSchema } from './openai-schema.js';
import type { MessageFormat } from './schema.js';

/** Built once: building a zod schema per turn showed in the turn path's CPU profile. */
const canonicalMessagesSchema = z.array(messageSchema);

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
/** Messages in `format` → canonical ("openclaw" is canonical: returned as a new array). */
export function convertToCanonical(messages: readonly unknown[], format: MessageFormat): Message[] {
  switch (format) {
    case 'anthropic':
      return anthropicToCanonical(messages);
    case 'openai':
      return openAIToCanonical(messages);
    default:
      return (messages as Message[]).slice();
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
