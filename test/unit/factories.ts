/**
 * Small factories for canonical messages, so tests read as the rules they check:
 * `user("hi")`, `assistantWithCalls([call("exec", {cmd: "ls"})])`, `toolResult("exec", "out")`.
 * A call's id defaults to `call_<name>` and a result's to `call_<toolName>`, so a call and its
 * result pair up without naming ids; pass `{ id }` when a test needs several calls of one tool.
 */
import type {
  AssistantMessage,
  ImageBlock,
  Message,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolResultMessage,
  UserMessage,
} from '../../context/messages.js';

export function text(value: string): TextBlock {
  return { type: 'text', text: value };
}

export function image(data = 'iVBORw0KGgo=', mimeType = 'image/png'): ImageBlock {
  return { type: 'image', data, mimeType };
}

export function thinking(value: string, signature?: string): ThinkingBlock {
  return signature === undefined
    ? { type: 'thinking', thinking: value }
    : { type: 'thinking', thinking: value, signature };
}

export function user(
  content: string | (TextBlock | ImageBlock)[],
  extra: Partial<UserMessage> = {},
): UserMessage {
  return { role: 'user', content, ...extra };
}

export function assistant(value: string, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  return { role: 'assistant', content: [text(value)], stopReason: 'stop', ...extra };
}

export function call(
  name: string,
  args: Record<string, unknown> = {},
  options: { id?: string } = {},
): ToolCallBlock {
  return { type: 'toolCall', id: options.id ?? `call_${name}`, name, arguments: args };
}

/** An assistant turn that calls tools: pass call blocks, or tool names for argument-less calls. */
export function assistantWithCalls(
  calls: (ToolCallBlock | string)[],
  extra: Partial<AssistantMessage> & { text?: string } = {},
): AssistantMessage {
  const { text: leading, ...rest } = extra;
  const blocks: AssistantMessage['content'] = [];
  if (leading !== undefined) blocks.push(text(leading));
  for (const entry of calls) blocks.push(typeof entry === 'string' ? call(entry) : entry);
  return { role: 'assistant', content: blocks, stopReason: 'toolUse', ...rest };
}

export function toolResult(
  toolName: string,
  content: string | (TextBlock | ImageBlock)[],
  options: { id?: string; isError?: boolean } & Partial<ToolResultMessage> = {},
): ToolResultMessage {
  const { id, ...rest } = options;
  return {
    role: 'toolResult',
    toolCallId: id ?? `call_${toolName}`,
    toolName,
    content: typeof content === 'string' ? [text(content)] : content,
    ...rest,
  };
}

/** A string of `length` chars made of numbered lines, so head and tail differ. */
export function lines(length: number, prefix = 'line'): string {
  let out = '';
  for (let i = 0; out.length < length; i++) out += `${prefix} ${i}\n`;
  return out.slice(0, length);
}

/** The text of a message's text blocks, joined with "\n" (for assertions). */
export function textOf(message: Message | undefined): string {
  if (!message) return '';
  const content = (message as { content?: unknown }).content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((block): block is TextBlock => block?.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text)
    .join('\n');
}
