import { describe, expect, it } from 'vitest';
import {
  type Message,
  MISSING_TOOL_RESULT_TEXT,
  repairToolUseResultPairing,
  sanitizeToolCallInputs,
} from '../../context/index.js';
import { assistant, assistantWithCalls, call, text, textOf, toolResult, user } from './factories.js';

describe('repairToolUseResultPairing', () => {
  it('returns the same array for an empty transcript', () => {
    const empty: Message[] = [];
    expect(repairToolUseResultPairing(empty).messages).toBe(empty);
  });

  it('returns the same array and no changes when every call is followed by its result', () => {
    const messages = [
      user('go'),
      assistantWithCalls(['exec', 'read']),
      toolResult('exec', 'a'),
      toolResult('read', 'b'),
      assistant('done'),
    ];
    const report = repairToolUseResultPairing(messages);
    expect(report.messages).toBe(messages);
    expect(report).toMatchObject({
      added: [],
      droppedDuplicateCount: 0,
      droppedOrphanCount: 0,
      moved: false,
    });
  });

  it('moves a result displaced after a user message back to its call', () => {
    const messages = [assistantWithCalls(['exec']), user('meanwhile'), toolResult('exec', 'out')];
    const report = repairToolUseResultPairing(messages);
    expect(report.messages).toEqual([messages[0], messages[2], messages[1]]);
    expect(report.moved).toBe(true);
  });

  it('orders results as the calls were made', () => {
    const messages = [assistantWithCalls(['exec', 'read']), toolResult('read', 'b'), toolResult('exec', 'a')];
    const report = repairToolUseResultPairing(messages);
    expect(report.messages.map((m) => (m as { toolName?: string }).toolName)).toEqual([
      undefined,
      'exec',
      'read',
    ]);
    expect(report.moved).toBe(true);
  });

  it('inserts a synthetic error result for a missing one, named after the call', () => {
    const calling = assistantWithCalls(['exec'], { timestamp: 1_000 });
    const report = repairToolUseResultPairing([calling, user('next')]);
    expect(report.added).toEqual([
      {
        role: 'toolResult',
        toolCallId: 'call_exec',
        toolName: 'exec',
        content: [text(MISSING_TOOL_RESULT_TEXT)],
        isError: true,
        timestamp: 1_000,
      },
    ]);
    expect(report.messages).toEqual([calling, report.added[0], user('next')]);
  });

  it('names a synthetic result "unknown" when the call has no name', () => {
    const nameless = {
      role: 'assistant',
      content: [{ type: 'toolCall', id: 'c1', arguments: {} }],
    } as unknown as Message;
    expect(repairToolUseResultPairing([nameless]).added[0]?.toolName).toBe('unknown');
  });

  it('drops a repeated result within a span, keeping the first', () => {
    const first = toolResult('exec', 'first');
    const report = repairToolUseResultPairing([
      assistantWithCalls(['exec']),
      first,
      toolResult('exec', 'second'),
    ]);
    expect(report.messages).toEqual([report.messages[0], first]);
    expect(report.droppedDuplicateCount).toBe(1);
  });

  it('drops results whose call is not in the preceding assistant', () => {
    const report = repairToolUseResultPairing([user('hi'), toolResult('exec', 'stray'), assistant('ok')]);
    expect(report.messages).toEqual([user('hi'), assistant('ok')]);
    expect(report.droppedOrphanCount).toBe(1);
  });

  it('passes an errored or aborted assistant through and treats the results after it as orphans', () => {
    for (const stopReason of ['error', 'aborted'] as const) {
      const failed = assistantWithCalls(['exec'], { stopReason });
      const report = repairToolUseResultPairing([failed, toolResult('exec', 'late'), user('retry')]);
      expect(report.messages).toEqual([failed, user('retry')]);
      expect(report.added).toEqual([]);
      expect(report.droppedOrphanCount).toBe(1);
    }
  });

  it("pairs a call id reused by a later turn with that turn's own result", () => {
    const messages = [
      assistantWithCalls([call('exec', {}, { id: 'call_0' })]),
      toolResult('exec', 'one', { id: 'call_0' }),
      assistantWithCalls([call('read', {}, { id: 'call_0' })]),
      toolResult('read', 'two', { id: 'call_0' }),
    ];
    expect(repairToolUseResultPairing(messages).messages).toBe(messages);
  });

  it('accepts toolUse, functionCall and tool_use call blocks and a toolUseId on results', () => {
    const calling = {
      role: 'assistant',
      content: [
        { type: 'toolUse', id: 'a', name: 'x', input: {} },
        { type: 'functionCall', id: 'b', name: 'y', arguments: {} },
        { type: 'tool_use', id: 'c', name: 'z', input: {} },
      ],
    } as unknown as Message;
    const results = [
      toolResult('x', '1', { id: 'a' }),
      { role: 'toolResult', toolUseId: 'b', toolName: 'y', content: [] } as unknown as Message,
      toolResult('z', '3', { id: 'c' }),
    ];
    const report = repairToolUseResultPairing([calling, ...results]);
    expect(report.added).toEqual([]);
    expect(report.droppedOrphanCount).toBe(0);
  });

  it("fills a result's blank tool name from its call", () => {
    const report = repairToolUseResultPairing([
      assistantWithCalls(['exec']),
      toolResult('', 'out', { id: 'call_exec' }),
    ]);
    expect((report.messages[1] as { toolName: string }).toolName).toBe('exec');
  });

  it('passes null messages and malformed blocks through without throwing', () => {
    const messages = [
      null,
      { role: 'assistant', content: [null, { type: 'text' }] },
      user('x'),
    ] as unknown as Message[];
    expect(repairToolUseResultPairing(messages).messages).toBe(messages);
  });
});

describe('sanitizeToolCallInputs', () => {
  it('returns the same array when every call is valid', () => {
    const messages = [assistantWithCalls([call('exec', { cmd: 'ls' })])];
    expect(sanitizeToolCallInputs(messages)).toBe(messages);
  });

  it('drops a call without arguments', () => {
    const noArgs = { type: 'toolCall', id: 'a', name: 'exec' } as never;
    const messages = [assistantWithCalls([noArgs, call('read')], { text: 'hi' })];
    expect(sanitizeToolCallInputs(messages)[0]?.content).toEqual([text('hi'), call('read')]);
  });

  it('drops a call with a blank id', () => {
    const messages = [assistantWithCalls([call('exec', {}, { id: '  ' })], { text: 'hi' })];
    expect(sanitizeToolCallInputs(messages)[0]?.content).toEqual([text('hi')]);
  });

  it('drops a call whose name is blank, too long or has characters providers reject', () => {
    for (const name of ['  ', 'x'.repeat(65), 'read file', 'mcp.server/tool']) {
      const messages = [assistantWithCalls([call(name)], { text: 'keep' })];
      expect(sanitizeToolCallInputs(messages)[0]?.content).toEqual([text('keep')]);
    }
  });

  it('keeps only calls on the allowlist, compared case-insensitively', () => {
    const messages = [assistantWithCalls([call('Exec'), call('rm')], { text: 'x' })];
    expect(sanitizeToolCallInputs(messages, { allowedToolNames: ['exec'] })[0]?.content).toEqual([
      text('x'),
      call('Exec'),
    ]);
  });

  it('trims tool names', () => {
    const messages = [assistantWithCalls([call(' exec ', {}, { id: 'c' })])];
    expect(sanitizeToolCallInputs(messages)[0]?.content).toEqual([call('exec', {}, { id: 'c' })]);
  });

  it('drops an assistant left with no blocks', () => {
    const messages = [user('go'), assistantWithCalls([call('bad name')]), user('again')];
    expect(sanitizeToolCallInputs(messages)).toEqual([user('go'), user('again')]);
  });

  it('passes null blocks and messages through without throwing', () => {
    const messages = [null, { role: 'assistant', content: [null] }] as unknown as Message[];
    expect(sanitizeToolCallInputs(messages)).toBe(messages);
  });

  it('leaves the results of dropped calls for the pairing repair to drop as orphans', () => {
    const sanitized = sanitizeToolCallInputs([
      assistantWithCalls([call('bad name')], { text: 't' }),
      toolResult('bad name', 'x'),
    ]);
    expect(textOf(sanitized[1])).toBe('x');
    expect(repairToolUseResultPairing(sanitized).droppedOrphanCount).toBe(1);
  });
});
