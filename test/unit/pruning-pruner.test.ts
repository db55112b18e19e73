import { describe, expect, it } from 'vitest';
import {
  estimateMessageChars,
  type Message,
  pruneContextMessages,
  pruneContextMessagesWithStats,
} from '../../context/index.js';
import {
  assistant,
  assistantWithCalls,
  call,
  image,
  lines,
  text,
  textOf,
  toolResult,
  user,
} from './factories.js';
import { prune, session, settings } from './pruning-fixtures.js';

describe('pruneContextMessages', () => {
  const big = lines(10_000);

  it('returns the same array for an empty transcript', () => {
    const empty: Message[] = [];
    expect(pruneContextMessages({ messages: empty, settings, contextWindowTokens: 1_000 })).toBe(empty);
  });

  it('returns the same array without a context window', () => {
    const messages = session([big]);
    expect(prune(messages, 0).messages).toBe(messages);
    expect(prune(messages, -1).messages).toBe(messages);
  });

  it('returns the same array when there are fewer assistants than keepLastAssistants', () => {
    const messages = [user('go'), assistantWithCalls(['exec']), toolResult('exec', big)];
    expect(prune(messages, 1_000).messages).toBe(messages);
  });

  it('returns the same array while the context is below the soft-trim ratio', () => {
    const messages = session([big]);
    expect(prune(messages, 100_000).messages).toBe(messages);
  });

  it('soft-trims an old result to its head and tail with a note', () => {
    const messages = session([big]);
    const { messages: pruned, softTrimmed } = prune(messages, 8_000);
    expect(softTrimmed).toBe(1);
    expect(pruned[2]).toEqual({
      ...messages[2],
      content: [
        text(
          `${big.slice(0, 1_500)}\n...\n${big.slice(-1_500)}\n\n[Tool result trimmed: kept first 1500 chars and last 1500 chars of 10000 chars.]`,
        ),
      ],
    });
  });

  it("joins a result's text blocks with newlines before trimming", () => {
    const messages = session([]);
    messages.splice(
      1,
      0,
      assistantWithCalls(['exec']),
      toolResult('exec', [text('a'.repeat(3_000)), text('b'.repeat(3_000))]),
    );
    const pruned = prune(messages, 5_000).messages;
    expect(textOf(pruned[2])).toContain(`${'a'.repeat(1_500)}\n...\n${'b'.repeat(1_500)}`);
    expect(textOf(pruned[2])).toContain('of 6001 chars');
  });

  it('leaves results that are not longer than maxChars', () => {
    const messages = session([lines(4_000), big]);
    const pruned = prune(messages, 8_000).messages;
    expect(pruned[2]).toBe(messages[2]);
    expect(pruned[4]).not.toBe(messages[4]);
  });

  it('never touches the results of the last keepLastAssistants turns', () => {
    const recent = [
      user('go'),
      assistantWithCalls(['exec']),
      toolResult('exec', big),
      assistant('a'),
      assistant('b'),
    ];
    expect(prune(recent, 8_000).messages).toBe(recent);
  });

  it('prunes up to the end when keepLastAssistants is 0', () => {
    const recent = [user('go'), assistantWithCalls(['exec']), toolResult('exec', big)];
    expect(prune(recent, 8_000, { keepLastAssistants: 0 }).softTrimmed).toBe(1);
  });

  it('never touches anything before the first user message', () => {
    const bootstrap = [assistantWithCalls(['read']), toolResult('read', big)];
    const messages = session([], [...bootstrap, user('start')]);
    expect(prune(messages, 3_000).messages).toBe(messages);
  });

  it('never touches a result holding an image', () => {
    const messages = session([]);
    messages.splice(1, 0, assistantWithCalls(['screenshot']), toolResult('screenshot', [text(big), image()]));
    expect(prune(messages, 3_000).messages).toBe(messages);
  });

  it('skips tools the filter denies', () => {
    const messages = session([big]);
    expect(prune(messages, 8_000, { tools: { allow: [], deny: ['exec'] } }).messages).toBe(messages);
  });

  it('uses isToolPrunable when given', () => {
    const messages = session([big]);
    const pruned = pruneContextMessages({
      messages,
      settings,
      contextWindowTokens: 8_000,
      isToolPrunable: () => false,
    });
    expect(pruned).toBe(messages);
  });

  it('never modifies user or assistant messages, however large', () => {
    const messages = session([big], [user(lines(50_000))]);
    const pruned = prune(messages, 20_000).messages;
    for (const [i, message] of messages.entries()) {
      if (message.role !== 'toolResult') expect(pruned[i]).toBe(message);
    }
  });

  it('hard-clears results oldest first until the ratio drops below hardClearRatio', () => {
    const results = Array.from({ length: 20 }, (_, i) => lines(3_000, `r${i}`));
    const messages = session(results);
    const { messages: pruned, hardCleared, softTrimmed } = prune(messages, 20_000);
    expect(softTrimmed).toBe(0);
    expect(hardCleared).toBeGreaterThan(0);
    const resultIndexes = results.map((_, i) => 2 + 2 * i);
    const cleared = resultIndexes.filter((i) => textOf(pruned[i]) === '[Old tool result content cleared]');
    expect(cleared).toEqual(resultIndexes.slice(0, hardCleared));
    const total = pruned.reduce((sum, m) => sum + estimateMessageChars(m), 0);
    expect(total / 80_000).toBeLessThan(0.5);
  });

  it('keeps the other fields of a cleared result', () => {
    const results = Array.from({ length: 20 }, () => lines(3_000));
    const messages = session(results);
    messages[2] = { ...(messages[2] as Message), isError: true, details: { exitCode: 1 } } as Message;
    const pruned = prune(messages, 20_000).messages;
    expect(pruned[2]).toMatchObject({
      role: 'toolResult',
      toolCallId: 'c0',
      toolName: 'exec',
      isError: true,
      details: { exitCode: 1 },
    });
  });

  it('does not hard-clear when hard clear is disabled', () => {
    const messages = session(Array.from({ length: 20 }, () => lines(3_000)));
    expect(prune(messages, 20_000, { hardClear: { enabled: false, placeholder: 'x' } }).messages).toBe(
      messages,
    );
  });

  it('does not hard-clear when the prunable results hold fewer than minPrunableToolChars', () => {
    const messages = session(Array.from({ length: 20 }, () => lines(3_000)));
    expect(prune(messages, 20_000, { minPrunableToolChars: 60_001 }).messages).toBe(messages);
  });

  it('counts a result trimmed and then cleared as cleared only', () => {
    const messages = session(Array.from({ length: 30 }, () => lines(5_000)));
    const stats = prune(messages, 10_000);
    expect(stats.softTrimmed + stats.hardCleared).toBe(30);
    expect(stats.hardCleared).toBeGreaterThan(0);
  });

  it('never replaces a result with something larger', () => {
    const messages = session(
      Array.from({ length: 60 }, () => 'ok'),
      [user(lines(100_000))],
    );
    expect(prune(messages, 1_000, { minPrunableToolChars: 0 }).messages).toBe(messages);
  });

  it('counts reserved chars (system prompt, tool schemas) towards the ratio', () => {
    const messages = session([big]);
    expect(prune(messages, 100_000).messages).toBe(messages);
    const pruned = pruneContextMessagesWithStats({
      messages,
      settings,
      contextWindowTokens: 100_000,
      reservedChars: 120_000,
    });
    expect(pruned.softTrimmed).toBe(1);
  });

  it('measures CJK at four chars per character, so a CJK result reaches the ratio sooner', () => {
    const cjk = '上下文'.repeat(2_000);
    const latin = 'abc'.repeat(2_000);
    expect(prune(session([latin]), 10_000).messages).toEqual(session([latin]));
    expect(prune(session([cjk]), 10_000).softTrimmed).toBe(1);
  });

  it('never cuts a surrogate pair in half', () => {
    const emoji = '😀'.repeat(3_000);
    const pruned = prune(session([emoji]), 2_000).messages;
    const trimmed = textOf(pruned[2]);
    expect(trimmed).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('measures malformed blocks as empty instead of throwing', () => {
    const malformed = {
      role: 'toolResult',
      toolCallId: 'c9',
      toolName: 'exec',
      content: [null, { type: 'text' }, text(big)],
    };
    const messages = session([]);
    messages.splice(
      1,
      0,
      assistantWithCalls([call('exec', {}, { id: 'c9' })]),
      malformed as unknown as Message,
    );
    expect(() => prune(messages, 3_000)).not.toThrow();
    expect(prune(messages, 3_000).softTrimmed).toBe(1);
  });
});
