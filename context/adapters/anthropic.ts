/** Anthropic Messages ⇄ canonical messages (the differences are listed in index.ts). */

import type {
  AssistantMessage,
  ImageBlock,
  Message,
  TextBlock,
  ThinkingBlock,
  ToolResultMessage,
} from '../messages.js';
import type {
  AnthropicAssistantMessage,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicTextBlock,
  AnthropicThinkingBlock,
  AnthropicToolResultBlock,
  AnthropicUserMessage,
} from './anthropic-schema.js';
import {
  type AnthropicAssistantPart,
  type AnthropicContentPart,
  type AnthropicUserPart,
  readAnthropicMessages,
} from './anthropic-view.js';
import {
  type CanonicalAssistantPart,
  type CanonicalUserPart,
  type CanonicalView,
  readCanonicalMessages,
} from './canonical-view.js';
import { isRecord, passThrough, text, toolNamesById, UNKNOWN_TOOL_NAME } from './shared.js';

// ---------------------------------------------------------------------------------------------
// Anthropic → canonical

function contentPartToCanonical(part: AnthropicContentPart): TextBlock | ImageBlock {
  switch (part.kind) {
    case 'text':
      return text(part.text);
    case 'image':
      return { type: 'image', data: part.data, mimeType: part.mediaType };
    default:
      return passThrough(part.block);
  }
}

function toolResultToCanonical(
  part: Extract<AnthropicUserPart, { kind: 'toolResult' }>,
  names: Map<string, string>,
): ToolResultMessage {
  const result: ToolResultMessage = {
    role: 'toolResult',
    toolCallId: part.toolUseId,
    toolName: names.get(part.toolUseId) ?? UNKNOWN_TOOL_NAME,
    content: part.content.map(contentPartToCanonical),
  };
  if (part.isError !== undefined) result.isError = part.isError;
  return result;
}

function assistantPartToCanonical(part: AnthropicAssistantPart): AssistantMessage['content'][number] {
  switch (part.kind) {
    case 'text':
      return text(part.text);
    case 'thinking': {
      const thinking: ThinkingBlock = { type: 'thinking', thinking: part.thinking };
      if (part.signature !== undefined) thinking.signature = part.signature;
      return thinking;
    }
    case 'redactedThinking':
      return { type: 'thinking', thinking: '', signature: part.data, redacted: true };
    case 'toolUse':
      return { type: 'toolCall', id: part.id, name: part.name, arguments: part.input };
    default:
      return passThrough(part.block);
  }
}

/** Anthropic Messages → canonical messages. */
export function fromAnthropicMessages(messages: readonly AnthropicMessage[]): Message[] {
  return anthropicToCanonical(messages);
}

/** fromAnthropicMessages for input no schema has checked (convertToCanonical's). */
export function anthropicToCanonical(messages: readonly unknown[]): Message[] {
  const views = readAnthropicMessages(messages);
  const names = toolNamesById(
    views.flatMap((view) =>
      view.role === 'assistant'
        ? view.content.flatMap((part) => (part.kind === 'toolUse' ? [[part.id, part.name] as const] : []))
        : [],
    ),
  );
  const out: Message[] = [];
  for (const view of views) {
    if (view.role === 'assistant') {
      out.push({ role: 'assistant', content: view.content.map(assistantPartToCanonical) });
      continue;
    }
    if (typeof view.content === 'string') {
      out.push({ role: 'user', content: view.content });
      continue;
    }
    if (view.content.length === 0) {
      out.push({ role: 'user', content: [] });
      continue;
    }
    // Tool results become their own messages; the other blocks between them, in order, user messages.
    let pending: (TextBlock | ImageBlock)[] | null = null;
    for (const part of view.content) {
      if (!part) continue;
      if (part.kind === 'toolResult') {
        if (pending) out.push({ role: 'user', content: pending });
        pending = null;
        out.push(toolResultToCanonical(part, names));
      } else {
        pending ??= [];
        pending.push(contentPartToCanonical(part));
      }
    }
    if (pending) out.push({ role: 'user', content: pending });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// canonical → Anthropic

type AnthropicUserBlock = Exclude<AnthropicUserMessage['content'], string>[number];
type AnthropicAssistantBlock = Exclude<AnthropicAssistantMessage['content'], string>[number];

function userPartToAnthropic(part: CanonicalUserPart): AnthropicTextBlock | AnthropicImageBlock {
  switch (part.kind) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } };
    default:
      return passThrough(part.block);
  }
}

function assistantPartToAnthropic(part: CanonicalAssistantPart): AnthropicAssistantBlock {
  switch (part.kind) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'thinking': {
      if (part.redacted) return { type: 'redacted_thinking', data: part.signature ?? '' };
      const thinking: AnthropicThinkingBlock = { type: 'thinking', thinking: part.thinking };
      if (part.signature !== undefined) thinking.signature = part.signature;
      return thinking;
    }
    case 'toolCall': {
      const input = isRecord(part.arguments) ? part.arguments : isRecord(part.input) ? part.input : {};
      return { type: 'tool_use', id: part.id, name: part.name, input };
    }
    default:
      return passThrough(part.block);
  }
}

function toolResultToAnthropic(
  view: Extract<CanonicalView, { role: 'toolResult' }>,
): AnthropicToolResultBlock {
  const block: AnthropicToolResultBlock = { type: 'tool_result', tool_use_id: view.toolCallId };
  if (view.content.length > 0) block.content = view.content.map(userPartToAnthropic);
  if (view.isError !== undefined) block.is_error = view.isError;
  return block;
}

function userContentToAnthropic(content: string | CanonicalUserPart[]): AnthropicUserBlock[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content.map(userPartToAnthropic);
}

/** Canonical messages → Anthropic Messages (system prompt not included). */
export function toAnthropicMessages(messages: readonly Message[]): AnthropicMessage[] {
  const views = readCanonicalMessages(messages);
  const out: AnthropicMessage[] = [];
  for (let i = 0; i < views.length; i++) {
    const view = views[i];
    if (!view) continue;
    if (view.role === 'toolResult') {
      const blocks: AnthropicUserBlock[] = [];
      let j = i;
      for (let next = views[j]; next?.role === 'toolResult'; next = views[++j]) {
        blocks.push(toolResultToAnthropic(next));
      }
      // The user message right after the results joins them: Anthropic's shape for that turn.
      const after = views[j];
      if (after?.role === 'user') {
        blocks.push(...userContentToAnthropic(after.content));
        j++;
      }
      out.push({ role: 'user', content: blocks });
      i = j - 1;
    } else if (view.role === 'user') {
      const { content } = view;
      out.push({
        role: 'user',
        content: typeof content === 'string' ? content : userContentToAnthropic(content),
      });
    } else if (view.role === 'assistant') {
      const { content } = view;
      out.push({
        role: 'assistant',
        content:
          typeof content === 'string'
            ? [{ type: 'text', text: content }]
            : content.map(assistantPartToAnthropic),
      });
    }
  }
  return out;
}
