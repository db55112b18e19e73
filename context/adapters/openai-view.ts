/** OpenAI Chat messages as fromOpenAIChatMessages reads them: once, into views (see shared.ts). */

import type { ToolCallBlock } from '../messages.js';
import { DATA_URL, isRecord, str, type UnknownRecord } from './shared.js';

export type OpenAIUserPart =
  | { kind: 'text'; text: string }
  /** Only a base64 data URL reads as an image; any other image_url part is an `other` block. */
  | { kind: 'image'; data: string; mimeType: string }
  | { kind: 'other'; block: UnknownRecord };

/** `arguments` parsed; the string is kept verbatim in `rawArguments` unless it is the parse's own serialisation. */
export type OpenAIToolCallView = {
  id: string;
  name: string;
  args: Pick<ToolCallBlock, 'arguments'> & { rawArguments?: string };
};

export type OpenAIView =
  /** Content that is neither a string nor an array reads as ''. */
  | { role: 'user'; content: string | OpenAIUserPart[] }
  /** `reasoning` and `refusal` are '' when absent; `texts` include refusal parts. */
  | {
      role: 'assistant';
      reasoning: string;
      texts: string[];
      refusal: string;
      toolCalls: OpenAIToolCallView[];
    }
  | { role: 'tool'; toolCallId: string; texts: string[] };

function parseArguments(raw: unknown): OpenAIToolCallView['args'] {
  if (typeof raw !== 'string') return { arguments: isRecord(raw) ? raw : {} };
  try {
    const parsed: unknown = JSON.parse(raw);
    // Kept verbatim too when re-serialising would change it (spacing, key order, duplicate keys,
    // numbers beyond double precision): the agent reads back the string it sent (issue 19 item 8).
    if (isRecord(parsed) && !Array.isArray(parsed)) {
      return JSON.stringify(parsed) === raw
        ? { arguments: parsed }
        : { arguments: parsed, rawArguments: raw };
    }
  } catch {
    // Not JSON (a model wrote broken arguments): kept verbatim below.
  }
  return { arguments: {}, rawArguments: raw };
}

function readUserPart(part: UnknownRecord): OpenAIUserPart {
  if (part.type === 'text') return { kind: 'text', text: str(part.text) };
  if (part.type === 'image_url' && isRecord(part.image_url)) {
    const url = str(part.image_url.url);
    const match = DATA_URL.exec(url);
    if (match) return { kind: 'image', data: url.slice(match[0].length), mimeType: match[1] as string };
  }
  return { kind: 'other', block: part };
}

/** The text of string content, or of its text and refusal parts, in order. */
function textsOf(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  const texts: string[] = [];
  for (const part of content) {
    if (!isRecord(part)) continue;
    if (part.type === 'text') texts.push(str(part.text));
    else if (part.type === 'refusal') texts.push(str(part.refusal));
  }
  return texts;
}

function readToolCalls(calls: unknown): OpenAIToolCallView[] {
  if (!Array.isArray(calls)) return [];
  const views: OpenAIToolCallView[] = [];
  for (const call of calls) {
    if (!isRecord(call) || !isRecord(call.function)) continue;
    views.push({
      id: str(call.id),
      name: str(call.function.name),
      args: parseArguments(call.function.arguments),
    });
  }
  return views;
}

/**
 * The messages fromOpenAIChatMessages converts, in order. Left out: entries that are not objects,
 * and system and developer messages (the agent's own prompt, resent with every request; not history).
 */
export function readOpenAIMessages(messages: readonly unknown[]): OpenAIView[] {
  const views: OpenAIView[] = [];
  for (const message of Array.from(messages)) {
    if (!isRecord(message)) continue;
    const { content } = message;
    switch (message.role) {
      case 'user':
        views.push({
          role: 'user',
          content: Array.isArray(content) ? content.filter(isRecord).map(readUserPart) : str(content),
        });
        break;
      case 'assistant':
        views.push({
          role: 'assistant',
          reasoning: str(message.reasoning_content),
          texts: textsOf(content),
          refusal: str(message.refusal),
          toolCalls: readToolCalls(message.tool_calls),
        });
        break;
      case 'tool':
        views.push({ role: 'tool', toolCallId: str(message.tool_call_id), texts: textsOf(content) });
        break;
    }
  }
  return views;
}
