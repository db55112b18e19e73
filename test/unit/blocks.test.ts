/**
 * The tolerant reading of message content (context/blocks.ts, docs/engine-rules.md#messages): malformed blocks
 * read as empty, and no engine reader throws on whatever a stored message's content holds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blocksOf,
  blockThinking,
  contentBlocks,
  contentString,
  isImageBlock,
  isTextBlock,
  toolCallArguments,
  toolCallOf,
} from '../../context/blocks.js';
import { textBlocksOf, toolCallsOf } from '../../context/digest/message-text.js';
import {
  assembleContext,
  estimateMessageChars,
  estimateMessageTokens,
  extractToolCalls,
  type Message,
  pruneContextMessages,
  repairToolUseResultPairing,
  resolvePruningSettings,
  sanitizeToolCallInputs,
  truncateOversizedToolResults,
} from '../../context/index.js';

describe('blocksOf', () => {
  it('returns the content array itself, or no blocks for content that is not an array', () => {
    const content = [null, { type: 'text', text: 'a' }];
    expect(blocksOf(content)).toBe(content);
    expect(blocksOf('hi')).toEqual([]);
    expect(blocksOf(undefined)).toEqual([]);
  });
});

describe('contentBlocks', () => {
  it('returns the content array itself, null entries included', () => {
    const content = [null, { type: 'text', text: 'a' }];
    expect(contentBlocks({ role: 'user', content })).toBe(content);
  });

  it('yields no blocks for string content, missing content and a message that is not an object', () => {
    for (const message of [{ role: 'user', content: 'hi' }, { role: 'assistant' }, null, 7]) {
      expect(contentBlocks(message)).toEqual([]);
    }
  });
});

describe('contentString', () => {
  it('reads string content and nothing else', () => {
    expect(contentString({ role: 'user', content: 'hi' })).toBe('hi');
    expect(contentString({ role: 'user', content: [{ type: 'text', text: 'hi' }] })).toBeUndefined();
    expect(contentString(null)).toBeUndefined();
  });
});

describe('block accessors', () => {
  it('reads a text block without string text as no text block', () => {
    expect(isTextBlock({ type: 'text', text: 'a' })).toBe(true);
    for (const block of [{ type: 'text' }, { type: 'text', text: 3 }, null, 'text']) {
      expect(isTextBlock(block)).toBe(false);
    }
  });

  it('reads a thinking block without string thinking as no thinking', () => {
    expect(blockThinking({ type: 'thinking', thinking: 'hm' })).toBe('hm');
    expect(blockThinking({ type: 'thinking' })).toBeUndefined();
    expect(blockThinking({ type: 'thinking', thinking: 3 })).toBeUndefined();
    expect(blockThinking({ type: 'text', thinking: 'hm' })).toBeUndefined();
  });

  it('recognises an image block by its type alone', () => {
    expect(isImageBlock({ type: 'image' })).toBe(true);
    expect(isImageBlock(null)).toBe(false);
  });

  it('reads a call in any of the four spellings, only with a non-empty string id', () => {
    for (const type of ['toolCall', 'toolUse', 'functionCall', 'tool_use']) {
      expect(toolCallOf({ type, id: 'a', name: 'exec' })).toEqual({ id: 'a', name: 'exec' });
    }
    expect(toolCallOf({ type: 'toolCall', id: '', name: 'exec' })).toBeUndefined();
    expect(toolCallOf({ type: 'toolCall', id: 1, name: 'exec' })).toBeUndefined();
    expect(toolCallOf({ type: 'tool_call', id: 'a', name: 'exec' })).toBeUndefined();
  });

  it('reads a call without a string name as a call with no name', () => {
    expect(toolCallOf({ type: 'toolCall', id: 'a', name: 5 })).toEqual({ id: 'a', name: undefined });
  });

  it("takes a call's `input` when it has no `arguments`", () => {
    expect(toolCallArguments({ type: 'tool_use', input: { q: 1 } })).toEqual({ q: 1 });
    expect(toolCallArguments({ type: 'toolCall', arguments: { a: 1 }, input: { q: 1 } })).toEqual({ a: 1 });
  });
});

describe('docs/engine-rules.md#messages across the engine', () => {
  const role = fc.constantFrom('user', 'assistant', 'toolResult');
  /** A block of a known type whose fields may be anything, or missing. */
  const nearBlock = fc.record(
    {
      type: fc.constantFrom('text', 'thinking', 'image', 'toolCall', 'toolUse', 'functionCall', 'tool_use'),
      text: fc.anything(),
      thinking: fc.anything(),
      id: fc.anything(),
      name: fc.anything(),
      arguments: fc.anything(),
      input: fc.anything(),
    },
    { requiredKeys: ['type'] },
  );
  const entry = fc.oneof(nearBlock, fc.anything());
  const anyMessage = fc.oneof(
    fc.record({ role, content: fc.array(entry, { maxLength: 4 }), toolCallId: fc.constant('a') }),
    fc.record({ role, content: fc.anything() }),
    fc.anything(),
  );

  it('never throws on any value in place of a message or inside its content', () => {
    const settings = resolvePruningSettings({ keepLastAssistants: 0, softTrimRatio: 0, hardClearRatio: 0 })!;
    fc.assert(
      fc.property(fc.array(anyMessage, { maxLength: 6 }), (values) => {
        const messages = values as Message[];
        for (const message of messages) {
          estimateMessageChars(message);
          estimateMessageTokens(message);
          extractToolCalls(message);
          textBlocksOf(message);
          toolCallsOf(message);
        }
        pruneContextMessages({ messages, settings, contextWindowTokens: 10 });
        truncateOversizedToolResults(messages, 10);
        repairToolUseResultPairing(messages);
        sanitizeToolCallInputs(messages);
        assembleContext({ messages, contextWindowTokens: 10, pruning: settings, now: 0 });
      }),
    );
  });
});
