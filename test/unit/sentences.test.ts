/** sentencesOf (context/memory/extractive.ts): the linear scan splits as the regex it replaced did, at any size. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { extractCandidates, sentencesOf } from '../../context/memory/extractive.js';

/** The regex the scan replaced (it overflowed the stack on multi-megabyte sentences). */
function byRegex(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/(?:[^\n.!?。！？]|\.(?![\s.!?]|$))+(?:[.!?。！？]+|$)/gmu)) {
    const raw = match[0];
    const start = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed.length === 0) continue;
    const index = (match.index ?? 0) + start;
    out.push(text.slice(index, index + trimmed.length));
  }
  return out;
}

it('splits exactly as the regex did', () => {
  const piece = fc.constantFrom(
    'a',
    'b',
    ' ',
    '\n',
    '\t',
    '.',
    '!',
    '?',
    '。',
    '！',
    '？',
    'v1.2',
    'x@y.io',
    '😀',
    '\r',
  );
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 60 }).map((parts) => parts.join('')),
      (text) => {
        expect(sentencesOf(text).map((s) => s.text)).toEqual(byRegex(text));
      },
    ),
    { numRuns: 5_000 },
  );
});

it('handles a sentence of megabytes without throwing, and still extracts the others', () => {
  for (const size of [1, 10, 12]) {
    const huge = `I prefer ${'x'.repeat(size * 1024 * 1024)} today.`;
    const text = `Please remember that my deploy target is fly.io. ${huge} I prefer tabs for indentation.`;
    expect(sentencesOf(text)).toHaveLength(3);
    const candidates = extractCandidates([{ seq: 1, role: 'user', text }] as never);
    expect(candidates.map((c) => c.quote)).toEqual([
      'Please remember that my deploy target is fly.io.',
      'I prefer tabs for indentation.',
    ]);
  }
});
