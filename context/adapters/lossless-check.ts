/**
 * No silent changes (issue 19 item 8): a field of an Anthropic or OpenAI message that molt would
 * not send back identical in that format is refused — a 400 naming it — instead of being dropped
 * or rewritten behind a 202. The fields each object may carry are listed here, explicitly; any
 * other (`name`, `refusal`, `cache_control`, `citations`, an image's `detail`, a provider's new
 * field) is named. The canonical (`openclaw`) format is stored verbatim and needs no list.
 *
 * OpenAI tool-call `arguments` strings are kept verbatim by the adapter (openai-view.ts), so
 * 20-digit integers and duplicate keys in them read back as sent. Numbers in the request body
 * itself that a double cannot hold are refused for every format by the body parser
 * (api/json-body.ts).
 */
import type { MessageFormat } from './schema.js';
import { isRecord } from './shared.js';

export interface LossyField {
  /** From the messages array: `3.content.0.cache_control`. */
  path: string;
  message: string;
}

type Shape = { keys: Record<string, Shape | 'leaf' | ((value: unknown) => string | null)> };

const leaf = 'leaf' as const;
const textPart: Shape = { keys: { type: leaf, text: leaf } };

// OpenAI Chat: per role.
const openAIToolCall: Shape = {
  keys: { id: leaf, type: leaf, function: { keys: { name: leaf, arguments: leaf } } },
};
const openAIParts: Record<string, Shape> = {
  text: textPart,
  image_url: { keys: { type: leaf, image_url: { keys: { url: leaf } } } },
};
const OPENAI: Record<string, Shape | string> = {
  system:
    'system and developer messages are not stored (they are the prompt, not history): send them with each LLM call instead',
  developer:
    'system and developer messages are not stored (they are the prompt, not history): send them with each LLM call instead',
  user: { keys: { role: leaf, content: leaf } },
  assistant: {
    keys: {
      role: leaf,
      content: leaf,
      tool_calls: leaf,
      reasoning_content: leaf,
      refusal: (value) =>
        value === null || value === undefined || value === '' ? null : 'a refusal is not stored',
    },
  },
  tool: { keys: { role: leaf, tool_call_id: leaf, content: leaf } },
};

// Anthropic Messages: per block type.
const anthropicImage: Shape = {
  keys: { type: leaf, source: { keys: { type: leaf, media_type: leaf, data: leaf } } },
};
const ANTHROPIC_BLOCKS: Record<string, Shape> = {
  text: textPart,
  image: anthropicImage,
  thinking: { keys: { type: leaf, thinking: leaf, signature: leaf } },
  redacted_thinking: { keys: { type: leaf, data: leaf } },
  tool_use: { keys: { type: leaf, id: leaf, name: leaf, input: leaf } },
  tool_result: { keys: { type: leaf, tool_use_id: leaf, content: leaf, is_error: leaf } },
};

const WHY: Record<string, string> = {
  cache_control:
    'cache breakpoints belong to the request being built and are not stored: send the message without it',
  citations: 'citations are not stored: send the text without them',
  name: 'a participant name is not stored',
  detail: 'an image detail level is not stored',
};
const notStored = (key: string) => WHY[key] ?? `the field ${key} is not stored in this format`;

/** The first key of `value` (recursively, by `shape`) that is not listed. */
function extraKey(value: unknown, shape: Shape, path: string): LossyField | null {
  if (!isRecord(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    const at = `${path}.${key}`;
    const rule = shape.keys[key];
    if (rule === undefined) {
      if (child === undefined) continue;
      return { path: at, message: notStored(key) };
    }
    if (typeof rule === 'function') {
      const message = rule(child);
      if (message) return { path: at, message };
    } else if (rule !== leaf) {
      const found = extraKey(child, rule, at);
      if (found) return found;
    }
  }
  return null;
}

function blocksCheck(content: unknown, shapes: Record<string, Shape>, path: string): LossyField | null {
  if (!Array.isArray(content)) return null;
  for (const [k, block] of content.entries()) {
    if (!isRecord(block)) continue;
    const shape = shapes[String(block.type)];
    if (!shape)
      return {
        path: `${path}.${k}.type`,
        message: `a ${String(block.type)} block is not stored in this format`,
      };
    const found = extraKey(block, shape, `${path}.${k}`);
    if (found) return found;
    if (block.type === 'tool_result') {
      const inner = blocksCheck(
        block.content,
        { text: textPart, image: anthropicImage },
        `${path}.${k}.content`,
      );
      if (inner) return inner;
    }
  }
  return null;
}

function openAIField(message: Record<string, unknown>, path: string): LossyField | null {
  const rule = OPENAI[String(message.role)];
  if (typeof rule === 'string') return { path: `${path}.role`, message: rule };
  if (!rule) return null;
  const found = extraKey(message, rule, path);
  if (found) return found;
  if (Array.isArray(message.tool_calls)) {
    for (const [k, call] of message.tool_calls.entries()) {
      const inCall = extraKey(call, openAIToolCall, `${path}.tool_calls.${k}`);
      if (inCall) return inCall;
    }
  }
  if (message.role === 'assistant' && Array.isArray(message.content)) {
    const refusal = message.content.findIndex((part) => isRecord(part) && part.type === 'refusal');
    if (refusal >= 0) return { path: `${path}.content.${refusal}`, message: 'a refusal is not stored' };
  }
  return blocksCheck(message.content, openAIParts, `${path}.content`);
}

/** The first field of the messages that `format` would not read back identical, or null. */
export function lossyFieldOf(messages: readonly unknown[], format: MessageFormat): LossyField | null {
  if (format === 'openclaw') return null;
  for (const [i, message] of messages.entries()) {
    if (!isRecord(message)) continue;
    const path = String(i);
    const found =
      format === 'openai'
        ? openAIField(message, path)
        : (extraKey(message, { keys: { role: leaf, content: leaf } }, path) ??
          blocksCheck(message.content, ANTHROPIC_BLOCKS, `${path}.content`));
    if (found) return found;
  }
  return null;
}
