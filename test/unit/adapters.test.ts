import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type AnthropicMessage,
  anthropicMessagesSchema,
  convertFromCanonical,
  convertToCanonical,
  fromAnthropicMessages,
  fromOpenAIChatMessages,
  type Message,
  messagesSchemaForFormat,
  OPENAI_TOOL_IMAGES_TEXT,
  type OpenAIChatMessage,
  openAIChatMessagesSchema,
  toAnthropicMessages,
  toOpenAIChatMessages,
} from '../../context/index.js';
import { call, image, text, thinking, toolResult, user } from './factories.js';

/** A canonical conversation using everything the three shapes share (no stopReason, usage, timestamps). */
const canonical: Message[] = [
  user('list the files 上下文'),
  {
    role: 'assistant',
    content: [
      thinking('let me look', 'sig-1'),
      text('Looking.'),
      call('exec', { cmd: 'ls', flags: ['-la'] }, { id: 'toolu_1' }),
    ],
  },
  toolResult('exec', 'a.ts\nb.ts', { id: 'toolu_1' }),
  {
    role: 'assistant',
    content: [call('read', { path: 'a.ts' }, { id: 'toolu_2' }), call('shot', {}, { id: 'toolu_3' })],
  },
  toolResult('read', 'export {}', { id: 'toolu_2', isError: false }),
  toolResult('shot', [text('screen'), image('AAAA', 'image/jpeg')], { id: 'toolu_3', isError: true }),
  user([text('and this image'), image('BBBB', 'image/png')]),
  { role: 'assistant', content: [text('Done.')] },
];

const anthropic: AnthropicMessage[] = [
  { role: 'user', content: 'list the files 上下文' },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: 'let me look', signature: 'sig-1' },
      { type: 'text', text: 'Looking.' },
      { type: 'tool_use', id: 'toolu_1', name: 'exec', input: { cmd: 'ls', flags: ['-la'] } },
    ],
  },
  {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'a.ts\nb.ts' }] },
    ],
  },
  {
    role: 'assistant',
    content: [
      { type: 'tool_use', id: 'toolu_2', name: 'read', input: { path: 'a.ts' } },
      { type: 'tool_use', id: 'toolu_3', name: 'shot', input: {} },
    ],
  },
  {
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: 'toolu_2',
        content: [{ type: 'text', text: 'export {}' }],
        is_error: false,
      },
      {
        type: 'tool_result',
        tool_use_id: 'toolu_3',
        content: [
          { type: 'text', text: 'screen' },
          { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' } },
        ],
        is_error: true,
      },
      { type: 'text', text: 'and this image' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'BBBB' } },
    ],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
];

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

const openai: OpenAIChatMessage[] = [
  { role: 'user', content: 'list the files 上下文' },
  {
    role: 'assistant',
    content: 'Looking.',
    tool_calls: [
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'exec', arguments: '{"cmd":"ls","flags":["-la"]}' },
      },
    ],
  },
  { role: 'tool', tool_call_id: 'call_1', content: 'a.ts\nb.ts' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id: 'call_2', type: 'function', function: { name: 'read', arguments: '{"path":"a.ts"}' } },
    ],
  },
  {
    role: 'tool',
    tool_call_id: 'call_2',
    content: [
      { type: 'text', text: 'part 1' },
      { type: 'text', text: 'part 2' },
    ],
  },
  {
    role: 'user',
    content: [
      { type: 'text', text: 'and this image' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,BBBB' } },
    ],
  },
  { role: 'assistant', content: 'Done.' },
];

const openaiCanonical: Message[] = [
  user('list the files 上下文'),
  {
    role: 'assistant',
    content: [text('Looking.'), call('exec', { cmd: 'ls', flags: ['-la'] }, { id: 'call_1' })],
  },
  toolResult('exec', 'a.ts\nb.ts', { id: 'call_1' }),
  { role: 'assistant', content: [call('read', { path: 'a.ts' }, { id: 'call_2' })] },
  toolResult('read', [text('part 1'), text('part 2')], { id: 'call_2' }),
  user([text('and this image'), image('BBBB', 'image/png')]),
  { role: 'assistant', content: [text('Done.')] },
];

describe('OpenAI Chat adapter', () => {
  it('converts to canonical: tool_calls parsed, role "tool" named after its call', () => {
    expect(fromOpenAIChatMessages(openai)).toEqual(openaiCanonical);
  });

  it('converts from canonical with JSON-string arguments', () => {
    expect(toOpenAIChatMessages(openaiCanonical)).toEqual(openai);
  });

  it('round-trips OpenAI → canonical → OpenAI unchanged', () => {
    expect(toOpenAIChatMessages(fromOpenAIChatMessages(openai))).toEqual(openai);
  });

  it('round-trips canonical → OpenAI → canonical unchanged', () => {
    expect(fromOpenAIChatMessages(toOpenAIChatMessages(openaiCanonical))).toEqual(openaiCanonical);
  });

  it("skips system and developer messages: they are the agent's prompt, not history", () => {
    expect(
      fromOpenAIChatMessages([
        { role: 'system', content: 'be nice' },
        { role: 'developer', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ]),
    ).toEqual([user('hi')]);
  });

  it('keeps arguments that are not a JSON object verbatim and sends them back unchanged', () => {
    const broken: OpenAIChatMessage[] = [
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'x', arguments: '{"a":' } }],
      },
    ];
    const converted = fromOpenAIChatMessages(broken);
    expect(converted[0]?.content).toEqual([
      { type: 'toolCall', id: 'c', name: 'x', arguments: {}, rawArguments: '{"a":' },
    ]);
    expect(toOpenAIChatMessages(converted)).toEqual(broken);
  });

  it('reads reasoning_content and refusals, and sends thinking back only when asked', () => {
    const converted = fromOpenAIChatMessages([
      { role: 'assistant', content: null, reasoning_content: 'hmm', refusal: 'I cannot' },
    ]);
    expect(converted[0]?.content).toEqual([thinking('hmm'), text('I cannot')]);
    expect(toOpenAIChatMessages(converted)).toEqual([{ role: 'assistant', content: 'I cannot' }]);
    expect(toOpenAIChatMessages(converted, { reasoningField: 'reasoning_content' })).toEqual([
      { role: 'assistant', content: 'I cannot', reasoning_content: 'hmm' },
    ]);
  });

  it('sends tool-result images as one user message after the tool messages', () => {
    const out = toOpenAIChatMessages([
      { role: 'assistant', content: [call('shot', {}, { id: 'a' }), call('shot', {}, { id: 'b' })] },
      toolResult('shot', [text('one'), image('AAAA')], { id: 'a' }),
      toolResult('shot', [image('CCCC', 'image/gif')], { id: 'b' }),
      user('next'),
    ]);
    expect(out.slice(1)).toEqual([
      { role: 'tool', tool_call_id: 'a', content: 'one' },
      { role: 'tool', tool_call_id: 'b', content: '' },
      {
        role: 'user',
        content: [
          { type: 'text', text: OPENAI_TOOL_IMAGES_TEXT },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          { type: 'image_url', image_url: { url: 'data:image/gif;base64,CCCC' } },
        ],
      },
      { role: 'user', content: 'next' },
    ]);
  });

  it('names a result "unknown" when its call is not in the list', () => {
    expect(fromOpenAIChatMessages([{ role: 'tool', tool_call_id: 'gone', content: 'x' }])[0]).toMatchObject({
      toolName: 'unknown',
    });
  });

  it('skips null messages and blocks instead of throwing', () => {
    const malformed = [null, { role: 'user', content: [null, { type: 'text' }] }] as unknown as Message[];
    expect(toOpenAIChatMessages(malformed)).toEqual([
      { role: 'user', content: [{ type: 'text', text: '' }] },
    ]);
    expect(fromOpenAIChatMessages(malformed as never)).toEqual([user([text('')])]);
  });

  it('passes user parts it cannot translate through unchanged', () => {
    const audio = { type: 'input_audio', input_audio: { data: 'AAAA', format: 'wav' } };
    const linked = { type: 'image_url', image_url: { url: 'https://example.com/a.png' } };
    expect(fromOpenAIChatMessages([{ role: 'user', content: [audio, linked] } as never])).toEqual([
      { role: 'user', content: [audio, linked] },
    ]);
  });
});

describe('the OpenAI Chat schema', () => {
  it('accepts a well-formed conversation', () => {
    expect(openAIChatMessagesSchema.safeParse(openai).success).toBe(true);
  });

  it('rejects a non-data image URL at its field, saying to inline the image', () => {
    const issue = openAIChatMessagesSchema.safeParse([
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/y.png' } }] },
    ]).error?.issues[0];
    expect(issue?.path).toEqual([0, 'content', 0, 'image_url', 'url']);
    expect(issue?.message).toContain('data URL');
  });

  it('names a missing tool_call_id and a non-string arguments', () => {
    expect(
      openAIChatMessagesSchema.safeParse([{ role: 'tool', content: 'x' }]).error?.issues[0]?.path,
    ).toEqual([0, 'tool_call_id']);
    const parsed = openAIChatMessagesSchema.safeParse([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c', function: { name: 'x', arguments: { a: 1 } } }],
      },
    ]);
    expect(parsed.error?.issues[0]?.path).toEqual([0, 'tool_calls', 0, 'function', 'arguments']);
  });
});

describe('convertToCanonical / convertFromCanonical', () => {
  it('dispatches on the format', () => {
    expect(convertToCanonical(anthropic, 'anthropic')).toEqual(canonical);
    expect(convertToCanonical(openai, 'openai')).toEqual(openaiCanonical);
    expect(convertFromCanonical(canonical, 'anthropic')).toEqual(anthropic);
    expect(convertFromCanonical(openaiCanonical, 'openai')).toEqual(openai);
  });

  it('passes canonical ("openclaw") messages through as a new array', () => {
    const converted = convertToCanonical(canonical, 'openclaw');
    expect(converted).toEqual(canonical);
    expect(converted).not.toBe(canonical);
    expect(convertFromCanonical(canonical, 'openclaw')).toEqual(canonical);
  });

  it('gives each format its schema', () => {
    expect(messagesSchemaForFormat('anthropic').safeParse(anthropic).success).toBe(true);
    expect(messagesSchemaForFormat('openai').safeParse(openai).success).toBe(true);
    expect(messagesSchemaForFormat('openclaw').safeParse(canonical).success).toBe(true);
  });

  it('converts empty lists to empty lists', () => {
    expect(convertToCanonical([], 'anthropic')).toEqual([]);
    expect(convertFromCanonical([], 'openai')).toEqual([]);
  });
});
