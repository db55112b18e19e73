/**
 * Adapters at the edge (ALGORITHMS.md §1): Anthropic Messages and OpenAI Chat to and from the
 * canonical (OpenClaw) message shape, lossless for everything the shapes share, with zod schemas
 * the HTTP API validates bodies with (issues carry the exact path of the failing field).
 *
 * Where the shapes differ:
 * - Anthropic puts tool results inside user messages; canonical has one `toolResult` message per
 *   result. Going out, a run of results and the user message right after it become ONE user
 *   message (tool_result blocks first), the shape Anthropic expects after a tool_use turn.
 * - Anthropic `redacted_thinking` becomes a thinking block `{thinking: "", signature: data,
 *   redacted: true}` and goes back the same way. `cache_control` is not kept: breakpoints belong
 *   to the request being built, and replaying stored ones would exceed the limit of four.
 * - OpenAI Chat has no tool name on `role: "tool"` messages, so it is looked up from the calling
 *   assistant ("unknown" when the call is not in the list). `arguments` is a JSON string: parsed
 *   into an object; a string that is not a JSON object is kept verbatim in `rawArguments` (with
 *   `arguments: {}`) and sent back unchanged. `system`/`developer` messages are the agent's
 *   prompt, not history: they are accepted and skipped. `reasoning_content` becomes a thinking
 *   block; thinking is only sent back when asked for (`reasoningField`). Tool-result images,
 *   which `role: "tool"` cannot carry, follow the results as one user message. `isError`,
 *   signatures, `stopReason`, `usage` and timestamps have no OpenAI or Anthropic request field.
 * - Images must be inline base64 (Anthropic `source.type: "base64"`, OpenAI `data:` URLs): the
 *   canonical image block holds data, not links.
 */
import { z } from 'zod';
import type {
  AssistantMessage,
  ImageBlock,
  Message,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolResultMessage,
  UserMessage,
} from './messages.js';
import { messageSchema } from './messages.js';
import { TOOL_CALL_BLOCK_TYPES } from './pairing.js';

export const MESSAGE_FORMATS = ['openclaw', 'anthropic', 'openai'] as const;
export const messageFormatSchema = z.enum(MESSAGE_FORMATS);
export type MessageFormat = z.infer<typeof messageFormatSchema>;

/** Tool name used when a result's call cannot be found. */
export const UNKNOWN_TOOL_NAME = 'unknown';
/** Text of the user message that carries tool-result images in OpenAI Chat. */
export const OPENAI_TOOL_IMAGES_TEXT = 'Attached image(s) from tool result:';

/**
 * `string | Block[]` with precise errors: a plain `z.union` reports only "Invalid input" at
 * `content`; this reports the failing block field (`content.2.source.type`). A refinement, not a
 * transform, so the schema still converts to JSON Schema (OpenAPI) for requests and responses.
 */
function stringOrBlocks<T extends z.ZodType>(blocks: T, description: string) {
  return z
    .union([z.string(), z.array(z.unknown())], { error: 'Expected a string or an array of content blocks' })
    .superRefine((value, ctx) => {
      if (typeof value === 'string') return;
      const parsed = blocks.safeParse(value);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue(issue as never);
    })
    .meta({ description }) as unknown as z.ZodType<string | z.output<T>, string | z.input<T>>;
}

// ---------------------------------------------------------------------------------------------
// Anthropic Messages

const anthropicTextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
const anthropicImageBlockSchema = z.looseObject({
  type: z.literal('image'),
  source: z.looseObject({
    type: z.literal('base64', {
      error:
        'Only base64 image sources are supported: inline the image as {type: "base64", media_type, data}',
    }),
    media_type: z.string(),
    data: z.string(),
  }),
});
const anthropicThinkingBlockSchema = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string().optional(),
});
const anthropicRedactedThinkingBlockSchema = z.looseObject({
  type: z.literal('redacted_thinking'),
  data: z.string(),
});
const anthropicToolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});
const anthropicToolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: stringOrBlocks(
    z.array(z.discriminatedUnion('type', [anthropicTextBlockSchema, anthropicImageBlockSchema])),
    'A string, or text and image (base64) blocks',
  ).optional(),
  is_error: z.boolean().optional(),
});

export const anthropicUserMessageSchema = z.looseObject({
  role: z.literal('user'),
  content: stringOrBlocks(
    z.array(
      z.discriminatedUnion('type', [
        anthropicTextBlockSchema,
        anthropicImageBlockSchema,
        anthropicToolResultBlockSchema,
      ]),
    ),
    'A string, or text, image (base64) and tool_result blocks',
  ),
});
export const anthropicAssistantMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: stringOrBlocks(
    z.array(
      z.discriminatedUnion('type', [
        anthropicTextBlockSchema,
        anthropicThinkingBlockSchema,
        anthropicRedactedThinkingBlockSchema,
        anthropicToolUseBlockSchema,
      ]),
    ),
    'A string, or text, thinking, redacted_thinking and tool_use blocks',
  ),
});
/** One Anthropic Messages API message (the system prompt is not a message there). */
export const anthropicMessageSchema = z.discriminatedUnion('role', [
  anthropicUserMessageSchema,
  anthropicAssistantMessageSchema,
]);
export const anthropicMessagesSchema = z.array(anthropicMessageSchema);

export type AnthropicTextBlock = z.infer<typeof anthropicTextBlockSchema>;
export type AnthropicImageBlock = z.infer<typeof anthropicImageBlockSchema>;
export type AnthropicThinkingBlock = z.infer<typeof anthropicThinkingBlockSchema>;
export type AnthropicRedactedThinkingBlock = z.infer<typeof anthropicRedactedThinkingBlockSchema>;
export type AnthropicToolUseBlock = z.infer<typeof anthropicToolUseBlockSchema>;
export type AnthropicToolResultBlock = z.infer<typeof anthropicToolResultBlockSchema>;
export type AnthropicUserMessage = z.infer<typeof anthropicUserMessageSchema>;
export type AnthropicAssistantMessage = z.infer<typeof anthropicAssistantMessageSchema>;
export type AnthropicMessage = z.infer<typeof anthropicMessageSchema>;

// ---------------------------------------------------------------------------------------------
// OpenAI Chat Completions

const DATA_URL = /^data:([^;,]+)((?:;[^;,]*)*);base64,/;

const openAITextPartSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
const openAIImagePartSchema = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.looseObject({
    url: z.string().regex(DATA_URL, {
      error: 'Only base64 data URLs are supported (data:<mime>;base64,<data>): inline the image',
    }),
    detail: z.string().optional(),
  }),
});
const openAIRefusalPartSchema = z.looseObject({ type: z.literal('refusal'), refusal: z.string() });
const openAIToolCallSchema = z.looseObject({
  id: z.string().min(1),
  type: z.literal('function').optional(),
  function: z.looseObject({ name: z.string().min(1), arguments: z.string() }),
});

const openAITextPartsSchema = z.array(z.discriminatedUnion('type', [openAITextPartSchema]));
export const openAISystemMessageSchema = z.looseObject({
  role: z.enum(['system', 'developer']),
  content: stringOrBlocks(openAITextPartsSchema, 'A string, or text parts'),
});
export const openAIUserMessageSchema = z.looseObject({
  role: z.literal('user'),
  content: stringOrBlocks(
    z.array(z.discriminatedUnion('type', [openAITextPartSchema, openAIImagePartSchema])),
    'A string, or text and image_url (data URL) parts',
  ),
});
export const openAIAssistantMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: stringOrBlocks(
    z.array(z.discriminatedUnion('type', [openAITextPartSchema, openAIRefusalPartSchema])),
    'A string, or text and refusal parts',
  )
    .nullable()
    .optional(),
  tool_calls: z.array(openAIToolCallSchema).optional(),
  refusal: z.string().nullable().optional(),
  /** Reasoning text as DeepSeek, vLLM and other OpenAI-compatible servers return it. */
  reasoning_content: z.string().nullable().optional(),
});
export const openAIToolMessageSchema = z.looseObject({
  role: z.literal('tool'),
  tool_call_id: z.string().min(1),
  content: stringOrBlocks(openAITextPartsSchema, 'A string, or text parts'),
});
/** One OpenAI Chat Completions message. */
export const openAIChatMessageSchema = z.discriminatedUnion('role', [
  openAISystemMessageSchema,
  openAIUserMessageSchema,
  openAIAssistantMessageSchema,
  openAIToolMessageSchema,
]);
export const openAIChatMessagesSchema = z.array(openAIChatMessageSchema);

export type OpenAITextPart = z.infer<typeof openAITextPartSchema>;
export type OpenAIImagePart = z.infer<typeof openAIImagePartSchema>;
export type OpenAIToolCall = z.infer<typeof openAIToolCallSchema>;
export type OpenAISystemMessage = z.infer<typeof openAISystemMessageSchema>;
export type OpenAIUserMessage = z.infer<typeof openAIUserMessageSchema>;
export type OpenAIAssistantMessage = z.infer<typeof openAIAssistantMessageSchema>;
export type OpenAIToolMessage = z.infer<typeof openAIToolMessageSchema>;
export type OpenAIChatMessage = z.infer<typeof openAIChatMessageSchema>;

/** Built once: building a zod schema per turn showed in the turn path's CPU profile. */
const canonicalMessagesSchema = z.array(messageSchema);

/** The zod schema for a list of messages in `format` (canonical for "openclaw"). */
export function messagesSchemaForFormat(format: MessageFormat) {
  switch (format) {
    case 'anthropic':
      return anthropicMessagesSchema;
    case 'openai':
      return openAIChatMessagesSchema;
    default:
      return canonicalMessagesSchema;
  }
}

// ---------------------------------------------------------------------------------------------
// Shared helpers. Converters tolerate unvalidated input: null entries are skipped, blocks they
// cannot translate are passed through unchanged, and nothing throws.

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null;
}
function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
function text(value: string): TextBlock {
  return { type: 'text', text: value };
}

/** Tool names by call id, from every assistant's calls (canonical or foreign). */
function toolNamesById(entries: Iterable<[string, string]>): Map<string, string> {
  const names = new Map<string, string>();
  for (const [id, name] of entries) if (id && name && !names.has(id)) names.set(id, name);
  return names;
}

// ---------------------------------------------------------------------------------------------
// Anthropic → canonical

function anthropicImageToCanonical(block: Loose): ImageBlock | Loose {
  const source = block.source;
  if (!isObject(source) || source.type !== 'base64') return block;
  return { type: 'image', data: str(source.data), mimeType: str(source.media_type) };
}

function anthropicUserBlockToCanonical(block: Loose): TextBlock | ImageBlock | Loose {
  if (block.type === 'text') return text(str(block.text));
  if (block.type === 'image') return anthropicImageToCanonical(block);
  return block;
}

function anthropicToolResultToCanonical(block: Loose, names: Map<string, string>): ToolResultMessage {
  const id = str(block.tool_use_id);
  const content: ToolResultMessage['content'] = [];
  if (typeof block.content === 'string') content.push(text(block.content));
  else if (Array.isArray(block.content)) {
    for (const item of block.content) {
      if (isObject(item)) content.push(anthropicUserBlockToCanonical(item) as TextBlock | ImageBlock);
    }
  }
  const result: ToolResultMessage = {
    role: 'toolResult',
    toolCallId: id,
    toolName: names.get(id) ?? UNKNOWN_TOOL_NAME,
    content,
  };
  if (typeof block.is_error === 'boolean') result.isError = block.is_error;
  return result;
}

function anthropicAssistantBlockToCanonical(block: Loose): AssistantMessage['content'][number] | Loose {
  switch (block.type) {
    case 'text':
      return text(str(block.text));
    case 'thinking': {
      const thinking: ThinkingBlock = { type: 'thinking', thinking: str(block.thinking) };
      if (typeof block.signature === 'string') thinking.signature = block.signature;
      return thinking;
    }
    case 'redacted_thinking':
      return { type: 'thinking', thinking: '', signature: str(block.data), redacted: true };
    case 'tool_use':
      return {
        type: 'toolCall',
        id: str(block.id),
        name: str(block.name),
        arguments: (isObject(block.input) ? block.input : {}) as Record<string, unknown>,
      };
    default:
      return block;
  }
}

/** Anthropic Messages → canonical messages. */
export function fromAnthropicMessages(messages: readonly AnthropicMessage[]): Message[] {
  const names = toolNamesById(
    (function* () {
      for (const message of messages as readonly unknown[]) {
        if (!isObject(message) || message.role !== 'assistant' || !Array.isArray(message.content)) continue;
        for (const block of message.content) {
          if (isObject(block) && block.type === 'tool_use') yield [str(block.id), str(block.name)];
        }
      }
    })(),
  );
  const out: Message[] = [];
  for (const message of messages as readonly unknown[]) {
    if (!isObject(message)) continue;
    if (message.role === 'assistant') {
      const content =
        typeof message.content === 'string'
          ? [text(message.content)]
          : Array.isArray(message.content)
            ? message.content.filter(isObject).map(anthropicAssistantBlockToCanonical)
            : [];
      out.push({ role: 'assistant', content: content as AssistantMessage['content'] });
      continue;
    }
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string' || !Array.isArray(message.content)) {
      out.push({ role: 'user', content: str(message.content) });
      continue;
    }
    if (message.content.length === 0) {
      out.push({ role: 'user', content: [] });
      continue;
    }
    // Tool results become their own messages; the other blocks between them, in order, user messages.
    let pending: (TextBlock | ImageBlock)[] | null = null;
    for (const block of message.content) {
      if (!isObject(block)) continue;
      if (block.type === 'tool_result') {
        if (pending) out.push({ role: 'user', content: pending });
        pending = null;
        out.push(anthropicToolResultToCanonical(block, names));
      } else {
        pending ??= [];
        pending.push(anthropicUserBlockToCanonical(block) as TextBlock | ImageBlock);
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

function canonicalImageToAnthropic(block: Loose): AnthropicImageBlock {
  return {
    type: 'image',
    source: { type: 'base64', media_type: str(block.mimeType), data: str(block.data) },
  };
}

function canonicalUserBlockToAnthropic(block: unknown): AnthropicUserBlock | null {
  if (!isObject(block)) return null;
  if (block.type === 'text') return { type: 'text', text: str(block.text) };
  if (block.type === 'image') return canonicalImageToAnthropic(block);
  return block as AnthropicUserBlock;
}

function canonicalAssistantBlockToAnthropic(block: unknown): AnthropicAssistantBlock | null {
  if (!isObject(block)) return null;
  if (block.type === 'text') return { type: 'text', text: str(block.text) };
  if (block.type === 'thinking') {
    if (block.redacted === true) return { type: 'redacted_thinking', data: str(block.signature) };
    const thinking: AnthropicThinkingBlock = { type: 'thinking', thinking: str(block.thinking) };
    if (typeof block.signature === 'string') thinking.signature = block.signature;
    return thinking;
  }
  if (typeof block.type === 'string' && TOOL_CALL_BLOCK_TYPES.has(block.type)) {
    const input = isObject(block.arguments) ? block.arguments : isObject(block.input) ? block.input : {};
    return {
      type: 'tool_use',
      id: str(block.id),
      name: str(block.name),
      input: input as Record<string, unknown>,
    };
  }
  return block as AnthropicAssistantBlock;
}

function canonicalToolResultToAnthropic(message: ToolResultMessage): AnthropicToolResultBlock {
  const record = message as unknown as Loose;
  const id = str(record.toolCallId) || str(record.toolUseId);
  const block: AnthropicToolResultBlock = { type: 'tool_result', tool_use_id: id };
  const content = Array.isArray(record.content)
    ? record.content.map(canonicalUserBlockToAnthropic).filter((b) => b !== null)
    : typeof record.content === 'string'
      ? [{ type: 'text' as const, text: record.content }]
      : [];
  if (content.length > 0) block.content = content as AnthropicToolResultBlock['content'];
  if (typeof record.isError === 'boolean') block.is_error = record.isError;
  return block;
}

function userContentToAnthropicBlocks(content: unknown): AnthropicUserBlock[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.map(canonicalUserBlockToAnthropic).filter((b) => b !== null);
}

/** Canonical messages → Anthropic Messages (system prompt not included). */
export function toAnthropicMessages(messages: readonly Message[]): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    if (!isObject(message)) continue;
    if (message.role === 'toolResult') {
      const blocks: AnthropicUserBlock[] = [];
      let j = i;
      for (; j < messages.length && messages[j]?.role === 'toolResult'; j++) {
        blocks.push(canonicalToolResultToAnthropic(messages[j] as ToolResultMessage));
      }
      // The user message right after the results joins them: Anthropic's shape for that turn.
      if (j < messages.length && messages[j]?.role === 'user') {
        blocks.push(...userContentToAnthropicBlocks((messages[j] as UserMessage).content));
        j++;
      }
      out.push({ role: 'user', content: blocks });
      i = j - 1;
    } else if (message.role === 'user') {
      const content = (message as UserMessage).content as unknown;
      out.push({
        role: 'user',
        content: typeof content === 'string' ? content : userContentToAnthropicBlocks(content),
      });
    } else if (message.role === 'assistant') {
      const content = (message as AssistantMessage).content as unknown;
      out.push({
        role: 'assistant',
        content: Array.isArray(content)
          ? content.map(canonicalAssistantBlockToAnthropic).filter((b) => b !== null)
          : typeof content === 'string'
            ? [{ type: 'text', text: content }]
            : [],
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// OpenAI Chat → canonical

function dataUrlToImage(url: string): ImageBlock | null {
  const match = DATA_URL.exec(url);
  if (!match) return null;
  return { type: 'image', data: url.slice(match[0].length), mimeType: match[1] as string };
}

function parseArguments(raw: unknown): Pick<ToolCallBlock, 'arguments'> & { rawArguments?: string } {
  if (typeof raw !== 'string') return { arguments: isObject(raw) ? raw : {} };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isObject(parsed) && !Array.isArray(parsed)) return { arguments: parsed };
  } catch {
    // Not JSON (a model wrote broken arguments): kept verbatim below.
  }
  return { arguments: {}, rawArguments: raw };
}

function openAITextOf(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  const texts: string[] = [];
  for (const part of content) {
    if (!isObject(part)) continue;
    if (part.type === 'text') texts.push(str(part.text));
    else if (part.type === 'refusal') texts.push(str(part.refusal));
  }
  return texts;
}

/** OpenAI Chat messages → canonical messages (system and developer messages are skipped). */
export function fromOpenAIChatMessages(messages: readonly OpenAIChatMessage[]): Message[] {
  const names = toolNamesById(
    (function* () {
      for (const message of messages as readonly unknown[]) {
        if (!isObject(message) || message.role !== 'assistant' || !Array.isArray(message.tool_calls))
          continue;
        for (const call of message.tool_calls) {
          if (isObject(call) && isObject(call.function)) yield [str(call.id), str(call.function.name)];
        }
      }
    })(),
  );
  const out: Message[] = [];
  for (const message of messages as readonly unknown[]) {
    if (!isObject(message)) continue;
    switch (message.role) {
      case 'user': {
        if (!Array.isArray(message.content)) {
          out.push({ role: 'user', content: str(message.content) });
          break;
        }
        const content: (TextBlock | ImageBlock)[] = [];
        for (const part of message.content) {
          if (!isObject(part)) continue;
          if (part.type === 'text') content.push(text(str(part.text)));
          else if (part.type === 'image_url' && isObject(part.image_url)) {
            content.push(dataUrlToImage(str(part.image_url.url)) ?? (part as unknown as ImageBlock));
          } else content.push(part as unknown as TextBlock);
        }
        out.push({ role: 'user', content });
        break;
      }
      case 'assistant': {
        const content: AssistantMessage['content'] = [];
        if (typeof message.reasoning_content === 'string' && message.reasoning_content.length > 0) {
          content.push({ type: 'thinking', thinking: message.reasoning_content });
        }
        for (const piece of openAITextOf(message.content)) content.push(text(piece));
        if (typeof message.refusal === 'string' && message.refusal.length > 0) {
          content.push(text(message.refusal));
        }
        if (Array.isArray(message.tool_calls)) {
          for (const call of message.tool_calls) {
            if (!isObject(call) || !isObject(call.function)) continue;
            content.push({
              type: 'toolCall',
              id: str(call.id),
              name: str(call.function.name),
              ...parseArguments(call.function.arguments),
            });
          }
        }
        out.push({ role: 'assistant', content });
        break;
      }
      case 'tool': {
        const id = str(message.tool_call_id);
        out.push({
          role: 'toolResult',
          toolCallId: id,
          toolName: names.get(id) ?? UNKNOWN_TOOL_NAME,
          content: openAITextOf(message.content).map(text),
        });
        break;
      }
      default:
        // system / developer: the agent's own prompt, resent with every request; not history.
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

function imageToDataUrlPart(block: Loose): OpenAIImagePart {
  return { type: 'image_url', image_url: { url: `data:${str(block.mimeType)};base64,${str(block.data)}` } };
}

/** One text → a string; several → text parts (lossless); none → the fallback. */
function textContent<F>(texts: string[], fallback: F): string | OpenAITextPart[] | F {
  if (texts.length === 0) return fallback;
  if (texts.length === 1) return texts[0] as string;
  return texts.map((value) => ({ type: 'text' as const, text: value }));
}

function canonicalAssistantToOpenAI(
  message: AssistantMessage,
  options: ToOpenAIOptions,
): OpenAIAssistantMessage {
  const texts: string[] = [];
  const thinking: string[] = [];
  const toolCalls: OpenAIToolCall[] = [];
  const content = Array.isArray(message.content) ? (message.content as unknown[]) : [];
  for (const block of content) {
    if (!isObject(block)) continue;
    if (block.type === 'text') texts.push(str(block.text));
    else if (block.type === 'thinking') thinking.push(str(block.thinking));
    else if (typeof block.type === 'string' && TOOL_CALL_BLOCK_TYPES.has(block.type)) {
      const args = block.arguments ?? block.input ?? {};
      const isEmptyObject = isObject(args) && Object.keys(args).length === 0;
      let serialized: string;
      if (typeof block.rawArguments === 'string' && isEmptyObject) serialized = block.rawArguments;
      else {
        try {
          serialized = JSON.stringify(args) ?? '{}';
        } catch {
          serialized = '{}';
        }
      }
      toolCalls.push({
        id: str(block.id),
        type: 'function',
        function: { name: str(block.name), arguments: serialized },
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
  for (const message of messages) {
    if (!isObject(message)) continue;
    if (message.role !== 'toolResult') flushToolImages();
    if (message.role === 'user') {
      const content = (message as UserMessage).content as unknown;
      if (typeof content === 'string') {
        out.push({ role: 'user', content });
        continue;
      }
      const parts: (OpenAITextPart | OpenAIImagePart)[] = [];
      for (const block of Array.isArray(content) ? content : []) {
        if (!isObject(block)) continue;
        if (block.type === 'text') parts.push({ type: 'text', text: str(block.text) });
        else if (block.type === 'image') parts.push(imageToDataUrlPart(block));
      }
      out.push({ role: 'user', content: parts });
    } else if (message.role === 'assistant') {
      out.push(canonicalAssistantToOpenAI(message as AssistantMessage, options));
    } else if (message.role === 'toolResult') {
      const record = message as unknown as Loose;
      const texts: string[] = [];
      const content = Array.isArray(record.content) ? record.content : [];
      if (typeof record.content === 'string') texts.push(record.content);
      for (const block of content) {
        if (!isObject(block)) continue;
        if (block.type === 'text') texts.push(str(block.text));
        else if (block.type === 'image') toolImages.push(imageToDataUrlPart(block));
      }
      out.push({
        role: 'tool',
        tool_call_id: str(record.toolCallId) || str(record.toolUseId),
        content: textContent(texts, ''),
      });
    }
  }
  flushToolImages();
  return out;
}

// ---------------------------------------------------------------------------------------------
// By format

export function convertToCanonical(messages: readonly Message[], format: 'openclaw'): Message[];
export function convertToCanonical(messages: readonly AnthropicMessage[], format: 'anthropic'): Message[];
export function convertToCanonical(messages: readonly OpenAIChatMessage[], format: 'openai'): Message[];
export function convertToCanonical(messages: readonly unknown[], format: MessageFormat): Message[];
/** Messages in `format` → canonical ("openclaw" is canonical: returned as a new array). */
export function convertToCanonical(messages: readonly unknown[], format: MessageFormat): Message[] {
  switch (format) {
    case 'anthropic':
      return fromAnthropicMessages(messages as AnthropicMessage[]);
    case 'openai':
      return fromOpenAIChatMessages(messages as OpenAIChatMessage[]);
    default:
      return (messages as Message[]).slice();
  }
}

export function convertFromCanonical(messages: readonly Message[], format: 'openclaw'): Message[];
export function convertFromCanonical(messages: readonly Message[], format: 'anthropic'): AnthropicMessage[];
export function convertFromCanonical(
  messages: readonly Message[],
  format: 'openai',
  options?: ToOpenAIOptions,
): OpenAIChatMessage[];
export function convertFromCanonical(
  messages: readonly Message[],
  format: MessageFormat,
  options?: ToOpenAIOptions,
): Message[] | AnthropicMessage[] | OpenAIChatMessage[];
/** Canonical messages → `format` ("openclaw" is canonical: returned as a new array). */
export function convertFromCanonical(
  messages: readonly Message[],
  format: MessageFormat,
  options: ToOpenAIOptions = {},
): Message[] | AnthropicMessage[] | OpenAIChatMessage[] {
  switch (format) {
    case 'anthropic':
      return toAnthropicMessages(messages);
    case 'openai':
      return toOpenAIChatMessages(messages, options);
    default:
      return messages.slice();
  }
}
