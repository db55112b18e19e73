/**
 * Realistic turns of a coding agent for the integration tests: a request, a file read, a test run
 * (every fourth one failing), a closing note with a TODO — about 1 000 tokens each.
 */
import type { Message, Usage } from '../../context/messages.js';

const WORDS = [
  'parse',
  'token',
  'buffer',
  'session',
  'window',
  'summary',
  'cursor',
  'retry',
  'budget',
  'schema',
];

/** Deterministic prose of about `words` tokens. */
export function prose(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(`${WORDS[(seed * 7 + i * 3) % WORDS.length]}${(seed + i) % 97}`);
  return out.join(' ');
}

export function codingTurn(
  i: number,
  options: { resultWords?: number } = {},
): { turnId: string; messages: Message[] } {
  const file = `src/module${i % 5}.ts`;
  const failing = i % 4 === 3;
  return {
    turnId: `turn-${i}`,
    messages: [
      { role: 'user', content: `Step ${i}: refactor ${file} so the parser handles batch ${i}/40.` },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: `Reading ${file} first.` },
          { type: 'toolCall', id: `call_read_${i}`, name: 'read', arguments: { path: file } },
        ],
        stopReason: 'toolUse',
      },
      {
        role: 'toolResult',
        toolCallId: `call_read_${i}`,
        toolName: 'read',
        content: [{ type: 'text', text: prose(i, options.resultWords ?? 400) }],
      },
      {
        role: 'assistant',
        content: [
          { type: 'toolCall', id: `call_exec_${i}`, name: 'exec', arguments: { command: 'npm test' } },
        ],
        stopReason: 'toolUse',
      },
      {
        role: 'toolResult',
        toolCallId: `call_exec_${i}`,
        toolName: 'exec',
        isError: failing,
        details: { exitCode: failing ? 1 : 0, secret: 'never-sent-to-an-llm' },
        content: [
          { type: 'text', text: failing ? `FAIL test/module${i % 5}.test.ts: expected 3, got 4` : 'PASS' },
        ],
      },
      {
        role: 'assistant',
        content: [{ type: 'text', text: `Done with step ${i}. TODO: add a regression test for batch ${i}.` }],
        stopReason: 'stop',
      },
    ],
  };
}

/** A single turn whose one tool result is about `words` tokens. */
export function hugeResultTurn(turnId: string, words: number): { turnId: string; messages: Message[] } {
  return {
    turnId,
    messages: [
      { role: 'user', content: 'Dump the whole access log.' },
      {
        role: 'assistant',
        content: [
          { type: 'toolCall', id: `call_${turnId}`, name: 'exec', arguments: { command: 'cat access.log' } },
        ],
        stopReason: 'toolUse',
      },
      {
        role: 'toolResult',
        toolCallId: `call_${turnId}`,
        toolName: 'exec',
        content: [{ type: 'text', text: prose(3, words) }],
      },
    ],
  };
}

/** The turn with a provider's usage on its last assistant message, as OpenClaw's messages carry it. */
export function withAnswerUsage(
  turn: { turnId: string; messages: Message[] },
  usage: Usage,
): { turnId: string; messages: Message[] } {
  const last = turn.messages.findLastIndex((message) => message.role === 'assistant');
  return {
    ...turn,
    messages: turn.messages.map((message, i) => (i === last ? { ...message, usage } : message)),
  };
}
