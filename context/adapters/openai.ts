/** OpenAI Chat Completions ⇄ canonical messages (the differences are listed in index.ts). */

import type { AssistantMessage, ImageBlock, Message, TextBlock } from '../messages.js';
import { type CanonicalAssistantPart, readCanonicalMessages } from './canonical-view.js';
import type {
  OpenAIAssistantMessage,
  OpenAIChatMessage,
  OpenAIImagePart,
  OpenAITextPart,
  OpenAIToolCall,
} from './openai-schema.js';
import { type OpenAIUserPart, readOpenAIMessages } from './openai-view.js';
import { isRecord, passThrough, text, toolNamesById, UNKNOWN_TOOL_NAME } from './shared.js';

/** Text of the user message that carries tool-result images in OpenAI Chat. */
export const OPENAI_TOOL_IMAGES_TEXT = 'Attached image(s) from tool result:';

// ---------------------------------------------------------------------------------------------
// OpenAI Chat → canonical

function userPartToCanonical(part: OpenAIUserPart): TextBlock | ImageBlock {
  switch (part.kind) {
    case 'text':
      return text(part.text);
    case 'image':
      return { type: 'image', data: part.data, mimeType: part.mimeType };
    default:
      return passThrough(part.block);
  }
}

/** OpenAI Chat messages → canonical messages (system and developer messages are skipped). */
export function fromOpenAIChatMessages(messages: readonly OpenAIChatMessage[]): Message[] {
  return openAIToCanonical(messages);
}

/** fromOpenAIChatMessages for input no schema has checked (convertToCanonical's). */
export function openAIToCanonical(messages: readonly unknown[]): Message[] {
  const views = readOpenAIMessages(messages);
  const names = toolNamesById(
    views.flatMap((view) =>
      view.role === 'assistant' ? view.toolCalls.map((call) => [call.id, call.name] as const) : [],
    ),
  );
  const out: Message[] = [];
  for (const view of views) {
    switch (view.role) {
      case 'user':
        out.push({
          role: 'user',
          content: typeof view.content === 'string' ? view.content : view.content.map(userPartToCanonical),
        });
        break;
      case 'assistant': {
        const content: AssistantMessage['content'] = [];
        if (view.reasoning.length > 0) content.push({ type: 'thinking', thinking: view.reasoning });
        for (const piece of view.texts) content.push(text(piece));
        if (view.refusal.length > 0) content.push(text(view.refusal));
        for (const call of view.toolCalls) {
          content.push({ type: 'toolCall', id: call.id, name: call.name, ...call.args });
        }
        out.push({ role: 'assistant', content });
        break;
      }
      case 'tool':
        out.push({
          role: 'toolResult',
          toolCallId: view.toolCallId,
          toolName: names.get(view.toolCallId) ?? UNKNOWN_TOOL_NAME,
          content: view.texts.map(text),
        });
        break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// canonical → OpenAI Chat

export type ToOpenAIOptions = {
  /** Send thinking back as this assistant field (DeepSeek-style); omitted by default. */
  reasoningField?: 'reasoning_content';
};

function imageToDataUrlPart(image: { data: string; mimeType: string }): OpenAIImagePart {
  return { type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${image.data}` } };
}

/** One text → a string; several → text parts (lossless); none → the fallback. */
function textContent<F>(texts: string[], fallback: F): string | OpenAITextPart[] | F {
  if (texts.length === 0) return fallback;
  if (texts.length === 1) return texts[0] as string;
  return texts.map((value) => ({ type: 'text' as const, text: value }));
}

/** True when `raw` parses to what `args` holds (nothing changed the arguments since they were sent). */
function rawStillHolds(raw: string, args: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(raw)) === JSON.stringify(args);
  } catch {
    return false;
  }
}

/**
 * A call's arguments as a JSON string: its verbatim `rawArguments` when nothing was parsed, or
 * when they still parse to the arguments (the string as the agent sent it).
 */
function serializeArguments(call: Extract<CanonicalAssistantPart, { kind: 'toolCall' }>): string {
  const args = call.arguments ?? call.input ?? {};
  const isEmptyObject = isRecord(args) && Object.keys(args).length === 0;
  if (call.rawArguments !== undefined && (isEmptyObject || rawStillHolds(call.rawArguments, args))) {
    return call.rawArguments;
  }
  try {
    return JSON.stringify(args) ?? '{}';
  } catch {
    return '{}';
  }
}

function assistantToOpenAI(
  content: string | CanonicalAssistantPart[],
  options: ToOpenAIOptions,
): OpenAIAssistantMessage {
  const texts: string[] = [];
  const thinking: string[] = [];
  const toolCalls: OpenAIToolCall[] = [];
  // String content is not a canonical assistant's shape: it sends no text.
  for (const part of typeof content === 'string' ? [] : content) {
    if (part.kind === 'text') texts.push(part.text);
    else if (part.kind === 'thinking') thinking.push(part.thinking);
    else if (part.kind === 'toolCall') {
      toolCalls.push({
        id: part.id,
        type: 'function',
        function: { name: part.name, arguments: serializeArguments(part) },
      });
    }
  }
  const out: OpenAIAssistantMessage = {
    role: 'assistant',
    content: textContent(texts, toolCalls.length > 0 ? null : ''),
  };
  if (toolCalls.length > 0) out.tool_calls = toolCalls;
  if (options.reasoningField && thinking.some((t) => t.length > 0)) {
    out[options.reasoningField] = thinking.join('\n');
  }
  return out;
}

/**
 * Canonical messages → OpenAI Chat messages. Thinking is omitted unless `reasoningField` asks
 * for it; images of tool results follow the run of tool messages as one user message.
 */
export function toOpenAIChatMessages(
  messages: readonly Message[],
  options: ToOpenAIOptions = {},
): OpenAIChatMessage[] {
  const out: OpenAIChatMessage[] = [];
  let toolImages: OpenAIImagePart[] = [];
  const flushToolImages = () => {
    if (toolImages.length === 0) return;
    out.push({ role: 'user', content: [{ type: 'text', text: OPENAI_TOOL_IMAGES_TEXT }, ...toolImages] });
    toolImages = [];
  };
  for (const view of readCanonicalMessages(messages)) {
    if (!view) continue;
    if (view.role !== 'toolResult') flushToolImages();
    if (view.role === 'user') {
      if (typeof view.content === 'string') {
        out.push({ role: 'user', content: view.content });
        continue;
      }
      const parts: (OpenAITextPart | OpenAIImagePart)[] = [];
      for (const part of view.content) {
        if (part.kind === 'text') parts.push({ type: 'text', text: part.text });
        else if (part.kind === 'image') parts.push(imageToDataUrlPart(part));
      }
      out.push({ role: 'user', content: parts });
    } else if (view.role === 'assistant') {
      out.push(assistantToOpenAI(view.content, options));
    } else if (view.role === 'toolResult') {
      const texts: string[] = [];
      for (const part of view.content) {
        if (part.kind === 'text') texts.push(part.text);
        else if (part.kind === 'image') toolImages.push(imageToDataUrlPart(part));
      }
      out.push({ role: 'tool', tool_call_id: view.toolCallId, content: textContent(texts, '') });
    }
  }
  flushToolImages();
  return out;
}
