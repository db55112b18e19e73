/**
 * The AI SDK's prompt (`LanguageModelV2Prompt`) ↔ molt's canonical messages (the `openclaw`
 * format, docs/engine-rules.md#messages). Tool calls and results map both ways; provider options
 * and metadata are the caller's and never reach molt. Files other than images become a short
 * text note (molt stores no file bytes but images).
 */
import { createHash } from 'node:crypto';
import type {
  LanguageModelV2Content,
  LanguageModelV2FilePart,
  LanguageModelV2Message,
  LanguageModelV2Prompt,
  LanguageModelV2ReasoningPart,
  LanguageModelV2TextPart,
  LanguageModelV2ToolCallPart,
  LanguageModelV2ToolResultOutput,
} from '@ai-sdk/provider';

type AssistantPart = LanguageModelV2TextPart | LanguageModelV2ReasoningPart | LanguageModelV2ToolCallPart;

type TextBlock = { type: 'text'; text: string };
type ImageBlock = { type: 'image'; data: string; mimeType: string };
type AssistantBlock =
  | TextBlock
  | { type: 'thinking'; thinking: string }
  | { type: 'toolCall'; id: string; name: string; arguments: Record<string, unknown> };

export type CanonicalMessage =
  | { role: 'user'; content: Array<TextBlock | ImageBlock> }
  | { role: 'assistant'; content: AssistantBlock[] }
  | { role: 'toolResult'; toolCallId: string; toolName: string; content: TextBlock[]; isError: boolean };

const base64Of = (data: unknown): string | null => {
  if (typeof data === 'string') return data;
  if (data instanceof Uint8Array) return Buffer.from(data).toString('base64');
  return null; // a URL: molt keeps no reference to fetch later
};

/** A tool call's input as an object (the AI SDK gives a JSON string in results, a value in prompts). */
export function argumentsOf(input: unknown): Record<string, unknown> {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return { input };
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}

function outputText(output: LanguageModelV2ToolResultOutput): { text: string; isError: boolean } {
  switch (output.type) {
    case 'text':
      return { text: output.value, isError: false };
    case 'error-text':
      return { text: output.value, isError: true };
    case 'json':
      return { text: JSON.stringify(output.value), isError: false };
    case 'error-json':
      return { text: JSON.stringify(output.value), isError: true };
    case 'content':
      return {
        text: output.value
          .map((part) => (part.type === 'text' ? part.text : `[${part.mediaType} content]`))
          .join('\n'),
        isError: false,
      };
  }
}

/** One AI SDK message as molt's messages (a `tool` message holds one result per tool call). */
function canonicalOf(message: LanguageModelV2Message): CanonicalMessage[] {
  switch (message.role) {
    case 'system':
      return [];
    case 'user': {
      const content: Array<TextBlock | ImageBlock> = [];
      for (const part of message.content) {
        if (part.type === 'text') {
          if (part.text !== '') content.push({ type: 'text', text: part.text });
          continue;
        }
        const data = base64Of(part.data);
        if (part.mediaType.startsWith('image/') && data !== null) {
          content.push({ type: 'image', data, mimeType: part.mediaType });
        } else {
          content.push({
            type: 'text',
            text: `[file${part.filename ? ` ${part.filename}` : ''}: ${part.mediaType}]`,
          });
        }
      }
      return content.length > 0 ? [{ role: 'user', content }] : [];
    }
    case 'assistant': {
      const content: AssistantBlock[] = [];
      for (const part of message.content) {
        if (part.type === 'text' && part.text !== '') content.push({ type: 'text', text: part.text });
        else if (part.type === 'reasoning' && part.text !== '')
          content.push({ type: 'thinking', thinking: part.text });
        else if (part.type === 'tool-call') {
          content.push({
            type: 'toolCall',
            id: part.toolCallId,
            name: part.toolName,
            arguments: argumentsOf(part.input),
          });
        }
      }
      return content.length > 0 ? [{ role: 'assistant', content }] : [];
    }
    case 'tool':
      return message.content.map((part) => {
        const { text, isError } = outputText(part.output);
        return {
          role: 'toolResult' as const,
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          content: [{ type: 'text' as const, text }],
          isError,
        };
      });
  }
}

/** The caller's system messages, and the rest of its prompt as molt's messages. */
export function splitPrompt(prompt: LanguageModelV2Prompt): {
  system: LanguageModelV2Message[];
  messages: CanonicalMessage[];
} {
  return {
    system: prompt.filter((m) => m.role === 'system'),
    messages: prompt.flatMap(canonicalOf),
  };
}

/** A model's answer (doGenerate's content, or what a stream carried) as molt's assistant message. */
export function assistantOf(content: readonly LanguageModelV2Content[]): CanonicalMessage | null {
  const parts = content.flatMap((part): AssistantPart[] => {
    if (part.type === 'text') return [{ type: 'text' as const, text: part.text }];
    if (part.type === 'reasoning') return [{ type: 'reasoning' as const, text: part.text }];
    if (part.type === 'tool-call' && !part.providerExecuted) {
      return [
        {
          type: 'tool-call' as const,
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: part.input,
        },
      ];
    }
    return [];
  });
  return canonicalOf({ role: 'assistant', content: parts })[0] ?? null;
}

/** A message's identity: the same message said twice in a row has the same hash. */
export function hashOf(message: CanonicalMessage): string {
  return createHash('sha256').update(JSON.stringify(message)).digest('hex').slice(0, 32);
}

// biome-ignore lint/suspicious/noExplicitAny: molt's assembled messages, read field by field
type Json = Record<string, any>;

const textOf = (blocks: unknown): string =>
  typeof blocks === 'string'
    ? blocks
    : Array.isArray(blocks)
      ? blocks
          .filter((b: Json) => b?.type === 'text' && typeof b.text === 'string')
          .map((b: Json) => b.text as string)
          .join('\n')
      : '';

/** molt's assembled context (`GET /context?format=openclaw`) as the AI SDK's messages. */
export function promptOf(messages: readonly unknown[]): LanguageModelV2Prompt {
  const prompt: LanguageModelV2Prompt = [];
  for (const raw of messages) {
    const m = raw as Json;
    if (m?.role === 'user') {
      const content: Array<LanguageModelV2TextPart | LanguageModelV2FilePart> =
        typeof m.content === 'string'
          ? [{ type: 'text' as const, text: m.content }]
          : (m.content as Json[]).flatMap(
              (b): Array<LanguageModelV2TextPart | LanguageModelV2FilePart> =>
                b?.type === 'text'
                  ? [{ type: 'text' as const, text: String(b.text ?? '') }]
                  : b?.type === 'image'
                    ? [{ type: 'file' as const, data: String(b.data), mediaType: String(b.mimeType) }]
                    : [],
            );
      if (content.length > 0) prompt.push({ role: 'user', content });
    } else if (m?.role === 'assistant') {
      const blocks: Json[] =
        typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content as Json[]);
      const content = blocks.flatMap((b): AssistantPart[] =>
        b?.type === 'text'
          ? [{ type: 'text' as const, text: String(b.text ?? '') }]
          : b?.type === 'thinking'
            ? [{ type: 'reasoning' as const, text: String(b.thinking ?? '') }]
            : b?.type === 'toolCall'
              ? [
                  {
                    type: 'tool-call' as const,
                    toolCallId: String(b.id),
                    toolName: String(b.name),
                    input: b.arguments ?? {},
                  },
                ]
              : [],
      );
      if (content.length > 0) prompt.push({ role: 'assistant', content });
    } else if (m?.role === 'toolResult') {
      const part = {
        type: 'tool-result' as const,
        toolCallId: String(m.toolCallId),
        toolName: String(m.toolName ?? ''),
        output: m.isError
          ? { type: 'error-text' as const, value: textOf(m.content) }
          : { type: 'text' as const, value: textOf(m.content) },
      };
      const last = prompt.at(-1);
      if (last?.role === 'tool') last.content.push(part);
      else prompt.push({ role: 'tool', content: [part] });
    }
  }
  return prompt;
}

/** A rough size (4 characters a token, molt's default estimate) for the fallback's pruning. */
export function roughTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / 4);
}

/**
 * The caller's own prompt cut to `window` tokens, for when molt cannot answer: the system
 * messages stay, the oldest messages go first, and what is left starts at a user message (no
 * tool result without its call). The latest message always stays.
 */
export function pruneToWindow(prompt: LanguageModelV2Prompt, window: number): LanguageModelV2Prompt {
  const system = prompt.filter((m) => m.role === 'system');
  const rest = prompt.filter((m) => m.role !== 'system');
  let budget = window - roughTokens(system);
  let start = rest.length;
  while (start > 0) {
    const size = roughTokens(rest[start - 1]);
    if (size > budget && start < rest.length) break;
    budget -= size;
    start--;
  }
  let kept = rest.slice(start);
  const firstUser = kept.findIndex((m) => m.role === 'user');
  if (firstUser > 0) kept = kept.slice(firstUser);
  else if (firstUser === -1) while (kept.length > 1 && kept[0]?.role === 'tool') kept = kept.slice(1);
  return [...system, ...kept];
}
