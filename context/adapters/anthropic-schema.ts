/** Anthropic Messages: the zod schemas the API validates bodies with, and their types. */

import { z } from 'zod';
import { stringOrBlocks } from './schema.js';

const anthropicTextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
const anthropicImageBlockSchema = z.looseObject({
  type: z.literal('image'),
  source: z.looseObject({
    type: z.literal('base64', {
      error:
        'Only base64 image sources are supported: inline the image as {type: "base64", media_type, data}',
    }),
    media_type: z.string(),
    data: z.string(),
  }),
});
const anthropicThinkingBlockSchema = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string().optional(),
});
const anthropicRedactedThinkingBlockSchema = z.looseObject({
  type: z.literal('redacted_thinking'),
  data: z.string(),
});
const anthropicToolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});
const anthropicToolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: stringOrBlocks(
    z.array(z.discriminatedUnion('type', [anthropicTextBlockSchema, anthropicImageBlockSchema])),
    'A string, or text and image (base64) blocks',
  ).optional(),
  is_error: z.boolean().optional(),
});

export const anthropicUserMessageSchema = z.looseObject({
  role: z.literal('user'),
  content: stringOrBlocks(
    z.array(
      z.discriminatedUnion('type', [
        anthropicTextBlockSchema,
        anthropicImageBlockSchema,
        anthropicToolResultBlockSchema,
      ]),
    ),
    'A string, or text, image (base64) and tool_result blocks',
  ),
});
export const anthropicAssistantMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: stringOrBlocks(
    z.array(
      z.discriminatedUnion('type', [
        anthropicTextBlockSchema,
        anthropicThinkingBlockSchema,
        anthropicRedactedThinkingBlockSchema,
        anthropicToolUseBlockSchema,
      ]),
    ),
    'A string, or text, thinking, redacted_thinking and tool_use blocks',
  ),
});
/** One Anthropic Messages API message (the system prompt is not a message there). */
export const anthropicMessageSchema = z.discriminatedUnion('role', [
  anthropicUserMessageSchema,
  anthropicAssistantMessageSchema,
]);
export const anthropicMessagesSchema = z.array(anthropicMessageSchema);

export type AnthropicTextBlock = z.infer<typeof anthropicTextBlockSchema>;
export type AnthropicImageBlock = z.infer<typeof anthropicImageBlockSchema>;
export type AnthropicThinkingBlock = z.infer<typeof anthropicThinkingBlockSchema>;
export type AnthropicRedactedThinkingBlock = z.infer<typeof anthropicRedactedThinkingBlockSchema>;
export type AnthropicToolUseBlock = z.infer<typeof anthropicToolUseBlockSchema>;
export type AnthropicToolResultBlock = z.infer<typeof anthropicToolResultBlockSchema>;
export type AnthropicUserMessage = z.infer<typeof anthropicUserMessageSchema>;
export type AnthropicAssistantMessage = z.infer<typeof anthropicAssistantMessageSchema>;
export type AnthropicMessage = z.infer<typeof anthropicMessageSchema>;
