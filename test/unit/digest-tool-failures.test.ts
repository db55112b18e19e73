import { describe, expect, it } from 'vitest';
import { collectToolFailures, MAX_TOOL_FAILURE_CHARS } from '../../context/index.js';
import { assistant, toolResult, user } from './factories.js';

describe('collectToolFailures', () => {
  it('collects only results marked isError', () => {
    const failures = collectToolFailures([
      user('run it'),
      toolResult('exec', 'ok', { id: 'a' }),
      toolResult('exec', 'command not found: foo', { id: 'b', isError: true }),
    ]);
    expect(failures).toEqual([{ toolCallId: 'b', toolName: 'exec', summary: 'command not found: foo' }]);
  });

  it('keeps the first failure of a call id and drops repeats', () => {
    const failures = collectToolFailures([
      toolResult('exec', 'first', { id: 'a', isError: true }),
      toolResult('exec', 'second', { id: 'a', isError: true }),
    ]);
    expect(failures.map((failure) => failure.summary)).toEqual(['first']);
  });

  it('collapses whitespace in the summary', () => {
    const [failure] = collectToolFailures([
      toolResult('exec', '  line one\n\n\tline two  ', { isError: true }),
    ]);
    expect(failure?.summary).toBe('line one line two');
  });

  it('cuts a long summary to 240 chars followed by "..."', () => {
    const [failure] = collectToolFailures([toolResult('exec', 'x'.repeat(500), { isError: true })]);
    expect(failure?.summary).toBe(`${'x'.repeat(MAX_TOOL_FAILURE_CHARS)}...`);
  });

  it('reads status and exitCode from details as meta', () => {
    const [failure] = collectToolFailures([
      toolResult('exec', 'boom', {
        isError: true,
        details: { status: 'error', exitCode: 2, stdout: 'huge' },
      }),
    ]);
    expect(failure?.meta).toBe('status=error exitCode=2');
  });

  it('ignores details fields of the wrong type', () => {
    const [failure] = collectToolFailures([
      toolResult('exec', 'boom', { isError: true, details: { status: 42, exitCode: 'NaN' } }),
    ]);
    expect(failure?.meta).toBeUndefined();
  });

  it('reads an empty failure as "failed" when it has meta and "failed (no output)" otherwise', () => {
    const failures = collectToolFailures([
      toolResult('exec', '', { id: 'a', isError: true, details: { exitCode: 1 } }),
      toolResult('read', '', { id: 'b', isError: true }),
    ]);
    expect(failures.map((failure) => failure.summary)).toEqual(['failed', 'failed (no output)']);
  });

  it('names a result without a tool name "tool"', () => {
    const [failure] = collectToolFailures([toolResult('', 'boom', { isError: true })]);
    expect(failure?.toolName).toBe('tool');
  });

  it('never throws on malformed messages', () => {
    const malformed = [null, { role: 'toolResult', isError: true }, assistant('fine')] as never[];
    expect(collectToolFailures(malformed)).toEqual([]);
  });
});
