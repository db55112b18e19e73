/** The message walk: what a message is made of (mirrors estimateMessageChars). */
import { blocksOf, isRecord } from '../blocks.js';
import type { Message } from '../messages.js';
import {
  IMAGE_TOKEN_ESTIMATE,
  MESSAGE_OVERHEAD_TOKENS,
  UNKNOWN_ROLE_TOKENS,
  UNSERIALIZABLE_ARGUMENTS_TOKENS,
} from './charges.js';
import type { CountTextTokens } from './counter.js';

interface MessageMeasure {
  /** Sum of countText over the message's texts. */
  text: number;
  /** Tokens that do not depend on the counter: images, fallbacks, overhead. */
  fixed: number;
}

/**
 * What a message is made of, measured with `countText`. Malformed blocks count as empty (docs/engine-rules.md#messages).
 * Like estimateMessageChars, the block walk switches on `type` itself instead of calling
 * blocks.ts's accessors: it runs on every block on each `GET /context`, where that is cheaper.
 */
export function measureMessage(message: Message, countText: CountTextTokens): MessageMeasure | undefined {
  if (!isRecord(message)) return undefined;
  const measure: MessageMeasure = { text: 0, fixed: MESSAGE_OVERHEAD_TOKENS };
  const addText = (value: unknown) => {
    if (typeof value === 'string' && value.length > 0) measure.text += countText(value);
  };
  const { content } = message;
  const blocks = blocksOf(content);
  switch (message.role) {
    case 'user':
    case 'toolResult': {
      // `details` of a tool result is never sent to a model, so it is never counted.
      if (typeof content === 'string') addText(content);
      for (const block of blocks) {
        if (!isRecord(block)) continue;
        if (block.type === 'text') addText(block.text);
        else if (block.type === 'image') measure.fixed += IMAGE_TOKEN_ESTIMATE;
      }
      return measure;
    }
    case 'assistant': {
      for (const block of blocks) {
        if (!isRecord(block)) continue;
        if (block.type === 'text') addText(block.text);
        else if (block.type === 'thinking') addText(block.thinking);
        else if (block.type === 'toolCall') {
          const json = serializeArguments(block.arguments);
          if (json === undefined) measure.fixed += UNSERIALIZABLE_ARGUMENTS_TOKENS;
          else addText(json);
        }
      }
      return measure;
    }
    default:
      return { text: 0, fixed: UNKNOWN_ROLE_TOKENS };
  }
}

function serializeArguments(args: unknown): string | undefined {
  try {
    return JSON.stringify(args) ?? '';
  } catch {
    return undefined; // circular or BigInt
  }
}
