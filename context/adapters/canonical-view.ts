/**
 * Canonical messages as the outbound adapters read them (toAnthropicMessages, toOpenAIChatMessages):
 * read once into views, so the converters switch on a discriminant instead of probing fields.
 */
import { isToolCallBlock } from '../blocks.js';
import { isRecord, str, type UnknownRecord } from './shared.js';

/** A block of user or tool-result content. */
export type CanonicalUserPart =
  | { kind: 'text'; text: string }
  | { kind: 'image'; data: string; mimeType: string }
  | { kind: 'other'; block: UnknownRecord };

export type CanonicalAssistantPart =
  | { kind: 'text'; text: string }
  | { kind: 'thinking'; thinking: string; signature: string | undefined; redacted: boolean }
  | {
      kind: 'toolCall';
      id: string;
      name: string;
      /** As stored: each target takes what it can from `arguments`, then `input` (other spellings). */
      arguments: unknown;
      input: unknown;
      rawArguments: string | undefined;
    }
  | { kind: 'other'; block: UnknownRecord };

export type CanonicalView =
  /** Not an object: skipped, but it still stands between its neighbours. */
  | null
  /** An object with a role no adapter sends. */
  | { role: 'unknown' }
  /** Content that is neither a string nor an array reads as no blocks. */
  | { role: 'user'; content: string | CanonicalUserPart[] }
  | { role: 'assistant'; content: string | CanonicalAssistantPart[] }
  /** String content reads as one text block; `toolUseId` is the other spelling of the call id. */
  | { role: 'toolResult'; toolCallId: string; content: CanonicalUserPart[]; isError: boolean | undefined };

function readUserPart(block: UnknownRecord): CanonicalUserPart {
  if (block.type === 'text') return { kind: 'text', text: str(block.text) };
  if (block.type === 'image') return { kind: 'image', data: str(block.data), mimeType: str(block.mimeType) };
  return { kind: 'other', block };
}

function readAssistantPart(block: UnknownRecord): CanonicalAssistantPart {
  if (block.type === 'text') return { kind: 'text', text: str(block.text) };
  if (block.type === 'thinking') {
    return {
      kind: 'thinking',
      thinking: str(block.thinking),
      signature: typeof block.signature === 'string' ? block.signature : undefined,
      redacted: block.redacted === true,
    };
  }
  if (isToolCallBlock(block)) {
    return {
      kind: 'toolCall',
      id: str(block.id),
      name: str(block.name),
      arguments: block.arguments,
      input: block.input,
      rawArguments: typeof block.rawArguments === 'string' ? block.rawArguments : undefined,
    };
  }
  return { kind: 'other', block };
}

function readParts<Part>(content: unknown, read: (block: UnknownRecord) => Part): Part[] {
  return Array.isArray(content) ? content.filter(isRecord).map(read) : [];
}

function readMessage(message: unknown): CanonicalView {
  if (!isRecord(message)) return null;
  const { content } = message;
  switch (message.role) {
    case 'user':
      return {
        role: 'user',
        content: typeof content === 'string' ? content : readParts(content, readUserPart),
      };
    case 'assistant':
      return {
        role: 'assistant',
        content: typeof content === 'string' ? content : readParts(content, readAssistantPart),
      };
    case 'toolResult':
      return {
        role: 'toolResult',
        toolCallId: str(message.toolCallId) || str(message.toolUseId),
        content:
          typeof content === 'string' ? [{ kind: 'text', text: content }] : readParts(content, readUserPart),
        isError: typeof message.isError === 'boolean' ? message.isError : undefined,
      };
    default:
      return { role: 'unknown' };
  }
}

/** One view per entry, in order: a converter that pairs neighbours sees the same neighbours. */
export function readCanonicalMessages(messages: readonly unknown[]): CanonicalView[] {
  return Array.from(messages, readMessage);
}
