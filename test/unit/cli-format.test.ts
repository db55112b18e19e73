import { describe, expect, it } from 'vitest';
import type { SessionListAnswer } from '../../api/schemas/sessions.js';
import {
  formatDuration,
  formatFields,
  formatTable,
  formatTimestamp,
  renderSession,
  renderSessionList,
  truncate,
  widthOf,
} from '../../cli/format.js';
import { renderHistory, renderHistoryEvents } from '../../cli/history-format.js';

type SessionItem = SessionListAnswer['items'][number];

function sessionView(overrides: Partial<SessionItem> = {}): SessionItem {
  return {
    sessionId: 's-1',
    contextWindowTokens: 200_000,
    liveTokens: 12_345,
    ratio: 0.061725,
    thresholds: { upload: 0.5, force: 0.7 },
    keepRecentTokens: 20_000,
    lastSeq: 40,
    boundarySeq: 0,
    summary: null,
    upload: null,
    breaker: { state: 'closed', halfOpen: false, consecutiveFailures: 0, lastError: null },
    compactions: { total: 0, failed: 0, degraded: 0 },
    calibration: null,
    workflowId: 'molt-session:default:s-1',
    transcript: { messages: 40, tokens: 12_345 },
    userId: null,
    agentId: null,
    createdAt: '2026-11-22T02:25:04.123Z',
    ...overrides,
  };
}

describe('formatTable', () => {
  const columns = [
    { header: 'NAME', value: (r: { name: string; n: number }) => r.name },
    { header: 'N', value: (r: { name: string; n: number }) => String(r.n), align: 'right' as const },
    { header: 'NOTE', value: () => 'x' },
  ];

  it('pads columns to the widest cell, right-aligning numbers, without trailing spaces', () => {
    const table = formatTable(columns, [
      { name: 'alpha', n: 1 },
      { name: 'b', n: 1234 },
    ]);
    expect(table).toBe(['NAME      N  NOTE', 'alpha     1  x', 'b      1234  x'].join('\n'));
  });

  it('keeps a row on one line when a value has newlines', () => {
    const table = formatTable(columns, [{ name: 'two\nlines', n: 1 }]);
    expect(table.split('\n')).toHaveLength(2);
    expect(table).toContain('two lines');
  });

  it('aligns columns holding CJK, emoji and combining marks by terminal width', () => {
    const rows = ['東京都', 'abc', '한국어 텍스트', 'e\u0301te\u0301', '👍 ok', 'ｶﾀｶﾅ'];
    const table = formatTable(
      [
        { header: 'NAME', value: (r: string) => r },
        { header: 'B', value: () => 'b' },
      ],
      rows,
    );
    // The column after a name starts at the same terminal column on every line.
    const columnOfB = (line: string) => widthOf(line.slice(0, line.lastIndexOf('b')));
    expect(new Set(table.split('\n').slice(1).map(columnOfB))).toEqual(
      new Set([widthOf('한국어 텍스트') + 2]),
    );
    expect(widthOf('東京都')).toBe(6);
  });

  it('truncates by terminal columns and never inside a character', () => {
    expect(truncate('東京都の天気は晴れ', 7)).toBe('東京都…');
    expect(widthOf(truncate('東京都の天気は晴れ', 7))).toBeLessThanOrEqual(7);
    expect(truncate('👨‍👩‍👧 family', 3)).toBe('👨‍👩‍👧…');
  });

  it('measures code points, not UTF-16 units', () => {
    const table = formatTable(
      [
        { header: 'A', value: (r: string) => r },
        { header: 'B', value: () => 'b' },
      ],
      ['𝑥–2', '10'],
    );
    expect(table.split('\n').map((line) => [...line.toLowerCase()].indexOf('b'))).toEqual([5, 5, 5]);
  });
});

describe('formatFields', () => {
  it("aligns the values and indents a value's own lines under it", () => {
    expect(
      formatFields([
        ['a', 'one'],
        ['longer', 'two\nthree'],
      ]),
    ).toBe(['a       one', 'longer  two', '        three'].join('\n'));
  });
});

describe('small formats', () => {
  it('prints UTC timestamps with or without milliseconds', () => {
    expect(formatTimestamp('2026-11-22T02:25:04.123Z')).toBe('2026-11-22 02:25:04');
    expect(formatTimestamp('2026-11-22T02:25:04.123Z', { ms: true })).toBe('2026-11-22 02:25:04.123');
    expect(formatTimestamp(null)).toBe('—');
  });

  it('prints durations in the largest sensible unit', () => {
    expect(formatDuration(252)).toBe('252 ms');
    expect(formatDuration(2_345)).toBe('2.3 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
  });

  it('truncates with an ellipsis within the limit', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
  });
});

describe('session rendering', () => {
  it('says so when a list is empty', () => {
    expect(renderSessionList({ items: [], nextCursor: null, total: 0, totalCapped: false })).toBe(
      'no sessions',
    );
  });

  it('prints the next-page command under a list that has more', () => {
    const text = renderSessionList({
      items: [sessionView()],
      nextCursor: 'abc',
      total: 51,
      totalCapped: false,
    });
    expect(text.split('\n').at(-1)).toBe('more: molt sessions list --cursor abc');
  });

  it('shows an open breaker with its failure count and last error', () => {
    const text = renderSession(
      sessionView({
        breaker: { state: 'open', halfOpen: false, consecutiveFailures: 1, lastError: 'LLM answered 401' },
        compactions: { total: 3, failed: 1, degraded: 2 },
      }),
    );
    expect(text).toMatch(
      /^breaker {6}open \(1 failure\), 1 consecutive failure\n {13}last error: LLM answered 401$/m,
    );
    expect(text).toMatch(/^compactions {2}3 \(1 failed, 2 degraded\)$/m);
  });
});

describe('history rendering', () => {
  it('summarises each run by default: status, events over what time, and the events counted by type', () => {
    const event = (id: number, type: string, second: number) => ({
      id,
      time: `2026-11-22T02:25:${String(second).padStart(2, '0')}.000Z`,
      type,
      summary: type,
    });
    const text = renderHistory({
      runs: [
        {
          workflowId: 'molt-session:default:s-1',
          runId: 'r1',
          uiUrl: null,
          status: 'RUNNING',
          events: [
            event(1, 'WorkflowExecutionStarted', 4),
            event(2, 'WorkflowExecutionSignaled', 5),
            event(3, 'WorkflowExecutionSignaled', 6),
            event(4, 'WorkflowTaskCompleted', 9),
          ],
        },
      ],
    });
    expect(text.split('\n')).toEqual([
      'molt-session:default:s-1  RUNNING  (4 events, 2026-11-22 02:25:04 → 2026-11-22 02:25:09 UTC)',
      '  EVENTS  TYPE',
      '       2  WorkflowExecutionSignaled',
      '       1  WorkflowExecutionStarted',
      '       1  WorkflowTaskCompleted',
      '',
      '(every event with --raw)',
    ]);
  });

  it('prints each run with its events and leaves out summaries that only repeat the type', () => {
    const text = renderHistoryEvents({
      runs: [
        {
          workflowId: 'molt-session:default:s-1',
          runId: 'r1',
          uiUrl: null,
          status: 'RUNNING',
          events: [
            {
              id: 1,
              time: '2026-11-22T02:25:04.123Z',
              type: 'WorkflowExecutionStarted',
              summary: 'sessionWorkflow started',
            },
            {
              id: 2,
              time: '2026-11-22T02:25:04.125Z',
              type: 'WorkflowTaskScheduled',
              summary: 'WorkflowTaskScheduled',
            },
          ],
        },
      ],
    });
    expect(text.split('\n')).toEqual([
      'molt-session:default:s-1  run r1  RUNNING  (2 events)',
      '  EVENT  TIME (UTC)               TYPE                      SUMMARY',
      '      1  2026-11-22 02:25:04.123  WorkflowExecutionStarted  sessionWorkflow started',
      '      2  2026-11-22 02:25:04.125  WorkflowTaskScheduled',
    ]);
  });
});
