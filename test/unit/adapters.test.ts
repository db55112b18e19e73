import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type AnthropicMessage,
  anthropicMessagesSchema,
  fromAnthropicMessages,
  type Message,
  openAIChatMessagesSchema,
  toAnthropicMessages,
} from '../../context/index.js';
import { anthropic, canonical } from './adapter-fixtures.js';
import { text, user } from './factories.js';

describe('Anthropic Messages adapter', () => {
  it('converts to canonical: tool_use → toolCall, tool_result → toolResult named after its call', () => {
    expect(fromAnthropicMessages(anthropic)).toEqual(canonical);
  });

  it('converts from canonical, joining results and the user message after them into one user message', () => {
    expect(toAnthropicMessages(canonical)).toEqual(anthropic);
  });

  it('round-trips Anthropic → canonical → Anthropic unchanged', () => {
    expect(toAnthropicMessages(fromAnthropicMessages(anthropic))).toEqual(anthropic);
  });

  it('round-trips canonical → Anthropic → canonical unchanged', () => {
    expect(fromAnthropicMessages(toAnthropicMessages(canonical))).toEqual(canonical);
  });

  it('keeps redacted thinking as a redacted thinking block and back', () => {
    const redacted: AnthropicMessage[] = [
      { role: 'assistant', content: [{ type: 'redacted_thinking', data: 'opaque' }] },
    ];
    const converted = fromAnthropicMessages(redacted);
    expect(converted[0]?.content).toEqual([
      { type: 'thinking', thinking: '', signature: 'opaque', redacted: true },
    ]);
    expect(toAnthropicMessages(converted)).toEqual(redacted);
  });

  it('reads string content: user text stays a string, assistant and tool_result text become text blocks', () => {
    const converted = fromAnthropicMessages([
      { role: 'assistant', content: 'hi' },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: 'out' }] },
    ]);
    expect(converted).toEqual([
      { role: 'assistant', content: [text('hi')] },
      { role: 'toolResult', toolCallId: 'x', toolName: 'unknown', content: [text('out')] },
    ]);
  });

  it('keeps a user message with no blocks', () => {
    expect(fromAnthropicMessages([{ role: 'user', content: [] }])).toEqual([user([])]);
  });

  it('keeps the order of text written before a tool result', () => {
    const converted = fromAnthropicMessages([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'first' },
          { type: 'tool_result', tool_use_id: 'x' },
        ],
      },
    ]);
    expect(converted.map((m) => m.role)).toEqual(['user', 'toolResult']);
  });

  it('sends every call-block spelling as tool_use', () => {
    const out = toAnthropicMessages([
      {
        role: 'assistant',
        content: [{ type: 'toolUse', id: 'a', name: 'x', input: { q: 1 } }],
      } as unknown as Message,
    ]);
    expect(out[0]?.content).toEqual([{ type: 'tool_use', id: 'a', name: 'x', input: { q: 1 } }]);
  });

  it('skips null messages and blocks instead of throwing', () => {
    const malformed = [
      null,
      { role: 'assistant', content: [null, { type: 'text' }] },
    ] as unknown as Message[];
    expect(toAnthropicMessages(malformed)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: '' }] },
    ]);
    expect(fromAnthropicMessages(malformed as never)).toEqual([{ role: 'assistant', content: [text('')] }]);
  });

  it('passes blocks it cannot translate through unchanged, both ways', () => {
    const document = { type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } };
    const linked = { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } };
    expect(fromAnthropicMessages([{ role: 'user', content: [document, linked] } as never])).toEqual([
      { role: 'user', content: [document, linked] },
    ]);
    expect(toAnthropicMessages([{ role: 'user', content: [document] } as never])).toEqual([
      { role: 'user', content: [document] },
    ]);
  });
});

describe('the Anthropic schema', () => {
  it('accepts a well-formed conversation', () => {
    expect(anthropicMessagesSchema.safeParse(anthropic).success).toBe(true);
  });

  it('names the failing field of a block', () => {
    const parsed = anthropicMessagesSchema.safeParse([
      { role: 'assistant', content: [{ type: 'tool_use', name: 'x', input: {} }] },
    ]);
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([[0, 'content', 0, 'id']]);
  });

  it('rejects image URLs with a message saying to inline the data', () => {
    const parsed = anthropicMessagesSchema.safeParse([
      { role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'https://x/y.png' } }] },
    ]);
    expect(parsed.error?.issues[0]?.path).toEqual([0, 'content', 0, 'source', 'type']);
    expect(parsed.error?.issues[0]?.message).toContain('base64');
  });

  it('rejects an unknown role and an unknown block type at their fields', () => {
    expect(
      anthropicMessagesSchema.safeParse([{ role: 'system', content: 'x' }]).error?.issues[0]?.path,
    ).toEqual([0, 'role']);
    expect(
      anthropicMessagesSchema.safeParse([{ role: 'user', content: [{ type: 'video' }] }]).error?.issues[0]
        ?.path,
    ).toEqual([0, 'content', 0, 'type']);
  });

  it('converts to JSON Schema for OpenAPI, as a request and as a response', () => {
    for (const io of ['input', 'output'] as const) {
      expect(() => z.toJSONSchema(anthropicMessagesSchema, { io })).not.toThrow();
      expect(() => z.toJSONSchema(openAIChatMessagesSchema, { io })).not.toThrow();
    }
  });

  it('says content must be a string or blocks', () => {
    const issue = anthropicMessagesSchema.safeParse([{ role: 'user', content: 5 }]).error?.issues[0];
    expect(issue?.path).toEqual([0, 'content']);
    expect(issue?.message).toBe('Expected a string or an array of content blocks');
  });
});
