/**
 * The canonical message model (docs/engine-rules.md#messages): OpenClaw's agent message shape, so OpenClaw
 * plugins map 1:1. Types describe well-formed messages; the engine still tolerates malformed
 * blocks at run time (null entries, a text block without `text`) by measuring them as empty.
 */
import { z } from 'zod';

export const textBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
export const imageBlockSchema = z.looseObject({
  type: z.literal('image'),
  data: z.string(),
  mimeType: z.string(),
});
export const thinkingBlockSchema = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string().optional(),
});
export const toolCallBlockSchema = z.looseObject({
  type: z.literal('toolCall'),
  id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()),
});

export type TextBlock = z.infer<typeof textBlockSchema>;
export type ImageBlock = z.infer<typeof imageBlockSchema>;
export type ThinkingBlock = z.infer<typeof thinkingBlockSchema>;
export type ToolCallBlock = z.infer<typeof toolCallBlockSchema>;

export const usageSchema = z.looseObject({
  input: z.number().nonnegative().optional(),
  output: z.number().nonnegative().optional(),
  cacheRead: z.number().nonnegative().optional(),
  cacheWrite: z.number().nonnegative().optional(),
});
export type Usage = z.infer<typeof usageSchema>;

const timestamp = z.number().int().nonnegative().optional();

export const userMessageSchema = z.looseObject({
  role: z.literal('user'),
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textBlockSchema, imageBlockSchema]))]),
  timestamp,
});
export const stopReasonSchema = z.enum(['stop', 'length', 'toolUse', 'error', 'aborted']);
export const assistantMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: z.array(z.discriminatedUnion('type', [textBlockSchema, thinkingBlockSchema, toolCallBlockSchema])),
  stopReason: stopReasonSchema.optional(),
  usage: usageSchema.optional(),
  timestamp,
});
export const toolResultMessageSchema = z.looseObject({
  role: z.literal('toolResult'),
  toolCallId: z.string().min(1),
  toolName: z.string(),
  content: z.array(z.discriminatedUnion('type', [textBlockSchema, imageBlockSchema])),
  isError: z.boolean().optional(),
  /** Untrusted and possibly huge: stored, never sent to an LLM, never counted in estimates. */
  details: z.unknown().optional(),
  timestamp,
});

export const messageSchema = z.discriminatedUnion('role', [
  userMessageSchema,
  assistantMessageSchema,
  toolResultMessageSchema,
]);

export type UserMessage = z.infer<typeof userMessageSchema>;
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;
export type ToolResultMessage = z.infer<typeof toolResultMessageSchema>;
export type StopReason = z.infer<typeof stopReasonSchema>;
export type Message = UserMessage | AssistantMessage | ToolResultMessage;
export type Role = Message['role'];
