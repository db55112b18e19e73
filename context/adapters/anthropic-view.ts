/** Anthropic messages as fromAnthropicMessages reads them: once, into views (see shared.ts). */

import { isRecord, str, type UnknownRecord } from './shared.js';

/** A block of user or tool_result content. */
export type AnthropicContentPart =
  | { kind: 'text'; text: string }
  /** Only a base64 source reads as an image; any other source is an `other` block. */
  | { kind: 'image'; data: string; mediaType: string }
  | { kind: 'other'; block: UnknownRecord };

export type AnthropicUserPart =
  | AnthropicContentPart
  | { kind: 'toolResult'; toolUseId: string; content: AnthropicContentPart[]; isError: boolean | undefined };

export type AnthropicAssistantPart =
  | { kind: 'text'; text: string }
  | { kind: 'thinking'; thinking: string; signature: string | undefined }
  | { kind: 'redactedThinking'; data: string }
  /** `input` that is not an object reads as `{}`. */
  | { kind: 'toolUse'; id: string; name: string; input: UnknownRecord }
  | { kind: 'other'; block: UnknownRecord };

export type AnthropicView =
  | { role: 'user'; content: string }
  /** null: an entry that is not an object (an array of only those yields no message at all). */
  | { role: 'user'; content: (AnthropicUserPart | null)[] }
  /** String content reads as one text block; content that is neither reads as none. */
  | { role: 'assistant'; content: AnthropicAssistantPart[] };

function readContentPart(block: UnknownRecord): AnthropicContentPart {
  if (block.type === 'text') return { kind: 'text', text: str(block.text) };
  if (block.type === 'image') {
    const source = block.source;
    if (!isRecord(source) || source.type !== 'base64') return { kind: 'other', block };
    return { kind: 'image', data: str(source.data), mediaType: str(source.media_type) };
  }
  return { kind: 'other', block };
}

function readUserPart(block: unknown): AnthropicUserPart | null {
  if (!isRecord(block)) return null;
  if (block.type !== 'tool_result') return readContentPart(block);
  const content = block.content;
  return {
    kind: 'toolResult',
    toolUseId: str(block.tool_use_id),
    content:
      typeof content === 'string'
        ? [{ kind: 'text', text: content }]
        : Array.isArray(content)
          ? content.filter(isRecord).map(readContentPart)
          : [],
    isError: typeof block.is_error === 'boolean' ? block.is_error : undefined,
  };
}

function readAssistantPart(block: UnknownRecord): AnthropicAssistantPart {
  switch (block.type) {
    case 'text':
      return { kind: 'text', text: str(block.text) };
    case 'thinking':
      return {
        kind: 'thinking',
        thinking: str(block.thinking),
        signature: typeof block.signature === 'string' ? block.signature : undefined,
      };
    case 'redacted_thinking':
      return { kind: 'redactedThinking', data: str(block.data) };
    case 'tool_use':
      return {
        kind: 'toolUse',
        id: str(block.id),
        name: str(block.name),
        input: isRecord(block.input) ? block.input : {},
      };
    default:
      return { kind: 'other', block };
  }
}

/** The messages fromAnthropicMessages converts, in order; entries it skips are left out. */
export function readAnthropicMessages(messages: readonly unknown[]): AnthropicView[] {
  const views: AnthropicView[] = [];
  for (const message of Array.from(messages)) {
    if (!isRecord(message)) continue;
    const { content } = message;
    if (message.role === 'assistant') {
      views.push({
        role: 'assistant',
        content:
          typeof content === 'string'
            ? [{ kind: 'text', text: content }]
            : Array.isArray(content)
              ? content.filter(isRecord).map(readAssistantPart)
              : [],
      });
    } else if (message.role === 'user') {
      views.push(
        Array.isArray(content)
          ? { role: 'user', content: content.map(readUserPart) }
          : { role: 'user', content: str(content) },
      );
    }
  }
  return views;
}
