/** OpenAI Chat Completions: the zod schemas the API validates bodies with, and their types. */

import { z } from 'zod';
import { stringOrBlocks } from './schema.js';
import { DATA_URL } from './shared.js';

const openAITextPartSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
const openAIImagePartSchema = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.looseObject({
    url: z.string().regex(DATA_URL, {
      error: 'Only base64 data URLs are supported (data:<mime>;base64,<data>): inline the image',
    }),
    detail: z.string().optional(),
  }),
});
const openAIRefusalPartSchema = z.looseObject({ type: z.literal('refusal'), refusal: z.string() });
const openAIToolCallSchema = z.looseObject({
  id: z.string().min(1),
  type: z.literal('function').optional(),
  function: z.looseObject({ name: z.string().min(1), arguments: z.string() }),
});

const openAITextPartsSchema = z.array(z.discriminatedUnion('type', [openAITextPartSchema]));
export const openAISystemMessageSchema = z.looseObject({
  role: z.enum(['system', 'developer']),
  content: stringOrBlocks(openAITextPartsSchema, 'A string, or text parts'),
});
export const openAIUserMessageSchema = z.looseObject({
  role: z.literal('user'),
  content: stringOrBlocks(
    z.array(z.discriminatedUnion('type', [openAITextPartSchema, openAIImagePartSchema])),
    'A string, or text and image_url (data URL) parts',
  ),
});
export const openAIAssistantMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: stringOrBlocks(
    z.array(z.discriminatedUnion('type', [openAITextPartSchema, openAIRefusalPartSchema])),
    'A string, or text and refusal parts',
  )
    .nullable()
    .optional(),
  tool_calls: z.array(openAIToolCallSchema).optional(),
  refusal: z.string().nullable().optional(),
  /** Reasoning text as DeepSeek, vLLM and other OpenAI-compatible servers return it. */
  reasoning_content: z.string().nullable().optional(),
});
export const openAIToolMessageSchema = z.looseObject({
  role: z.literal('tool'),
  tool_call_id: z.string().min(1),
  content: stringOrBlocks(openAITextPartsSchema, 'A string, or text parts'),
});
/** One OpenAI Chat Completions message. */
export const openAIChatMessageSchema = z.discriminatedUnion('role', [
  openAISystemMessageSchema,
  openAIUserMessageSchema,
  openAIAssistantMessageSchema,
  openAIToolMessageSchema,
]);
export const openAIChatMessagesSchema = z.array(openAIChatMessageSchema);

export type OpenAITextPart = z.infer<typeof openAITextPartSchema>;
export type OpenAIImagePart = z.infer<typeof openAIImagePartSchema>;
export type OpenAIToolCall = z.infer<typeof openAIToolCallSchema>;
export type OpenAISystemMessage = z.infer<typeof openAISystemMessageSchema>;
export type OpenAIUserMessage = z.infer<typeof openAIUserMessageSchema>;
export type OpenAIAssistantMessage = z.infer<typeof openAIAssistantMessageSchema>;
export type OpenAIToolMessage = z.infer<typeof openAIToolMessageSchema>;
export type OpenAIChatMessage = z.infer<typeof openAIChatMessageSchema>;
