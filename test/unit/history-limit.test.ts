import { describe, expect, it } from 'vitest';
import { limitHistoryTurns } from '../../context/index.js';
import { assistant, assistantWithCalls, toolResult, user } from './factories.js';

const transcript = [
  toolResult('read', 'SOUL.md'),
  user('one'),
  assistant('a1'),
  user('two'),
  assistantWithCalls(['exec']),
  toolResult('exec', 'out'),
  user('three'),
  assistant('a3'),
];

describe('limitHistoryTurns', () => {
  it('returns the same array when the limit is missing, zero or negative', () => {
    expect(limitHistoryTurns(transcript)).toBe(transcript);
    expect(limitHistoryTurns(transcript, 0)).toBe(transcript);
    expect(limitHistoryTurns(transcript, -2)).toBe(transcript);
  });

  it('returns the same array for an empty transcript', () => {
    const empty: never[] = [];
    expect(limitHistoryTurns(empty, 3)).toBe(empty);
  });

  it('returns the same array when there are no more user turns than the limit', () => {
    expect(limitHistoryTurns(transcript, 3)).toBe(transcript);
  });

  it('keeps the last N user turns, starting at the oldest kept user message', () => {
    expect(limitHistoryTurns(transcript, 2)).toEqual(transcript.slice(3));
    expect(limitHistoryTurns(transcript, 1)).toEqual(transcript.slice(6));
  });

  it('drops leading assistants and tool results before the kept turns', () => {
    const kept = limitHistoryTurns(transcript, 2);
    expect(kept[0]).toEqual(user('two'));
    expect(kept).not.toContainEqual(toolResult('read', 'SOUL.md'));
  });

  it('floors a fractional limit', () => {
    expect(limitHistoryTurns(transcript, 1.9)).toEqual(transcript.slice(6));
  });

  it('passes null entries through instead of throwing', () => {
    const withNull = [user('one'), null, user('two')] as never[];
    expect(limitHistoryTurns(withNull, 1)).toEqual([user('two')]);
  });
});
