/** The one thing the session keeps of a message after the boundary: its meta (never its body). */

import { z } from 'zod';
import type { Message } from '../messages.js';

/** What the session knows of one message after the boundary: enough to choose a safe cut. */
export const liveMessageMetaSchema = z.object({
  seq: z.number().int().min(1),
  tokens: z.number().int().min(0),
  role: z.enum(['user', 'assistant', 'toolResult']),
  /** Assistant: the ids of its tool calls (a tool group starts here). */
  toolCallIds: z.array(z.string()).optional(),
  /** Tool result: the call it answers (it belongs to that call's group). */
  toolCallId: z.string().optional(),
});
export type LiveMessageMeta = z.infer<typeof liveMessageMetaSchema>;

/** What the session workflow needs of a message: its seq, size and its place in tool groups. */
export function liveMessageMetaOf(message: Message, seq: number, tokens: number): LiveMessageMeta {
  if (message.role === 'assistant') {
    const content = Array.isArray(message.content) ? message.content : [];
    const toolCallIds = content.flatMap((block) => (block?.type === 'toolCall' ? [block.id] : []));
    return toolCallIds.length > 0
      ? { seq, role: 'assistant', tokens, toolCallIds }
      : { seq, role: 'assistant', tokens };
  }
  if (message.role === 'toolResult')
    return { seq, role: 'toolResult', tokens, toolCallId: message.toolCallId };
  return { seq, role: 'user', tokens };
}
