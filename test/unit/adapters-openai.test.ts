import { describe, expect, it } from 'vitest';
import {
  convertFromCanonical,
  convertToCanonical,
  fromOpenAIChatMessages,
  type Message,
  messagesSchemaForFormat,
  OPENAI_TOOL_IMAGES_TEXT,
  type OpenAIChatMessage,
  openAIChatMessagesSchema,
  toOpenAIChatMessages,
} from '../../context/index.js';
import { anthropic, canonical } from './adapter-fixtures.js';
import { call, image, text, thinking, toolResult, user } from './factories.js';

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
