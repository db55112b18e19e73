import type { AnthropicMessage, Message } from '../../context/index.js';
import { call, image, text, thinking, toolResult, user } from './factories.js';

/** A canonical conversation using everything the three shapes share (no stopReason, usage, timestamps). */
export const canonical: Message[] = [
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

export const anthropic: AnthropicMessage[] = [
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
