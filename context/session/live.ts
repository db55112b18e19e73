/** The one thing the session keeps of a message after the boundary: its meta (never its body). */

import type { Message } from '../messages.js';

/**
 * What the session knows of one message after the boundary: enough to choose a safe cut. A plain
 * type (no zod in the workflow bundle: every workflow instance evaluates its imports anew).
 */
export interface LiveMessageMeta {
  /** Integer ≥ 1. */
  seq: number;
  /** Integer ≥ 0. */
  tokens: number;
  role: 'user' | 'assistant' | 'toolResult';
  /** Assistant: the ids of its tool calls (a tool group starts here). */
  toolCallIds?: string[] | undefined;
  /** Tool result: the call it answers (it belongs to that call's group). */
  toolCallId?: string | undefined;
}

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
