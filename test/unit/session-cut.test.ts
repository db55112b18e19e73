import { describe, expect, it } from 'vitest';
import { chooseCut, type LiveMessageMeta, safeRangeEnds } from '../../context/index.js';
import { a, exchanges, r, u } from './session-fixtures.js';

describe('chooseCut', () => {
  it('cuts before the newest user message that keeps at least keepRecentTokens', () => {
    const cut = chooseCut([u(1, 10), a(2, 10), u(3, 10), a(4, 10), u(5, 10), a(6, 10)], 15);
    expect(cut).toMatchObject({ fromSeq: 1, toSeq: 4, tokens: 40, keptTokens: 20, splitTurn: false });
  });

  it('never ends a range between a tool call and its result', () => {
    const live = [u(1, 10), a(2, 10, ['c1']), r(3, 10, 'c1'), a(4, 10, ['c2']), r(5, 10, 'c2'), a(6, 10)];
    const cut = chooseCut(live, 15)!;
    expect(live[cut.endIndex + 1]?.role).not.toBe('toolResult');
    expect(cut.toSeq).toBe(3); // a split turn, ending after the first result
    expect(cut.splitTurn).toBe(true);
  });

  it('splits a long agent turn at a safe assistant boundary rather than compact almost nothing', () => {
    const live = [
      u(1, 1),
      u(2, 1),
      a(3, 100, ['c1']),
      r(4, 100, 'c1'),
      a(5, 100, ['c2']),
      r(6, 100, 'c2'),
      a(7, 50),
    ];
    const cut = chooseCut(live, 50)!;
    expect(cut.toSeq).toBe(6);
    expect(cut.splitTurn).toBe(true);
  });

  it('prefers a user-turn boundary that compacts at least half of the ideal range', () => {
    const live = [u(1, 100), a(2, 100), u(3, 10), a(4, 10, ['c']), r(5, 10, 'c'), a(6, 10)];
    expect(chooseCut(live, 10)!.toSeq).toBe(2);
  });

  it('compacts everything with keepRecentTokens 0 (/new)', () => {
    expect(chooseCut([u(1, 10), a(2, 10)], 0)).toMatchObject({ toSeq: 2, keptTokens: 0 });
  });

  it('does not end at the last message while its tool calls await their results', () => {
    const cut = chooseCut([u(1, 10), a(2, 10), u(3, 10), a(4, 10, ['c'])], 0);
    expect(cut?.toSeq).toBe(2);
  });

  it('is null when everything must be kept or nothing is live', () => {
    expect(chooseCut([u(1, 10), a(2, 10)], 100)).toBeNull();
    expect(chooseCut([], 0)).toBeNull();
  });

  it('ends no later than maxToSeq', () => {
    expect(chooseCut(exchanges(5), 0, { maxToSeq: 5 })?.toSeq).toBe(4);
  });
});

describe('safeRangeEnds', () => {
  it('never ends right before a tool result, even when the metas carry no call ids', () => {
    const live: LiveMessageMeta[] = [
      u(1, 1),
      { seq: 2, tokens: 1, role: 'assistant' },
      { seq: 3, tokens: 1, role: 'toolResult' },
      u(4, 1),
    ];
    expect(safeRangeEnds(live)).toEqual([true, false, true, true]);
  });

  it('forbids ending where a later result answers an earlier call', () => {
    // results arrive after an unrelated user message: the whole span is one group
    expect(safeRangeEnds([a(1, 1, ['c']), u(2, 1), r(3, 1, 'c'), u(4, 1)])).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
