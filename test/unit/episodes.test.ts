/**
 * Episodes, the pure part (context/memory/episodes.ts): what one stored message becomes as
 * recallable memory. Properties over arbitrary messages — text with the whitespace, line breaks and
 * odd characters people paste, string or block content, huge or empty — rather than examples.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EPISODE_DEFAULTS,
  episodeCountOf,
  episodesOf,
  sentenceGroups,
} from '../../context/memory/episodes.js';
import type { Message } from '../../context/messages.js';

const STORED_AT = new Date('2026-05-04T10:00:00Z');

const words = fc.constantFrom(
  'we',
  'finally',
  'adopted',
  'Luna',
  'from',
  'the shelter',
  'last week!',
  'Honestly?',
  'lol',
  '42',
  'Mr. Smith',
  'said',
  'e.g.',
  'café',
  '日本語の文。',
  '🙂',
  '\u0000',
);
const spacing = fc.constantFrom(' ', '  ', '\n', '\n\n', '\t', ' \r\n ');
const prose = fc
  .array(fc.tuple(words, spacing), { maxLength: 400 })
  .map((pairs) => pairs.map(([w, s]) => w + s).join(''));
const text = fc.oneof(prose, fc.string({ maxLength: 300 }), fc.constant(''), fc.constant(' \n\t '));
const content = fc.oneof(
  text,
  fc.array(
    fc.oneof(
      text.map((t) => ({ type: 'text', text: t })),
      text.map((t) => ({ type: 'thinking', thinking: t })),
    ),
    { maxLength: 4 },
  ),
);
const message: fc.Arbitrary<Message> = fc.oneof(
  content.map((c) => ({ role: 'user', content: c, timestamp: 0 }) as Message),
  content.map(
    (c) =>
      ({
        role: 'assistant',
        content: typeof c === 'string' ? [{ type: 'text', text: c }] : c,
        timestamp: 0,
      }) as Message,
  ),
  text.map(
    (t) =>
      ({
        role: 'toolResult',
        toolCallId: 'call-1',
        toolName: 'read',
        content: [{ type: 'text', text: t }],
        isError: false,
        timestamp: 0,
      }) as Message,
  ),
);

describe('episodes of a message', () => {
  it('counts exactly the episodes it makes (GET /context leaves out live turns by these ids)', () => {
    fc.assert(
      fc.property(message, (m) => {
        expect(episodeCountOf(m)).toBe(episodesOf(m, STORED_AT).length);
      }),
    );
  });

  it('makes bounded, non-empty, collapsed episodes in order, numbered from 0', () => {
    fc.assert(
      fc.property(message, (m) => {
        const episodes = episodesOf(m, STORED_AT);
        expect(episodes.length).toBeLessThanOrEqual(EPISODE_DEFAULTS.maxParts);
        episodes.forEach((episode, part) => {
          expect(episode.part).toBe(part);
          expect(episode.content.trim()).toBe(episode.content);
          expect(episode.content).not.toBe('');
          expect(episode.content).not.toMatch(/\s{2}|[\n\t\r]/);
          expect(episode.content).not.toContain(String.fromCharCode(0));
          expect(Array.from(episode.content).length).toBeLessThanOrEqual(EPISODE_DEFAULTS.groupChars);
        });
      }),
    );
  });

  it('never indexes thinking', () => {
    fc.assert(
      fc.property(text, text, (said, thought) => {
        const marker = `zq${thought.length}thinkingonly`;
        const m = {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: `${thought} ${marker}` },
            { type: 'text', text: said },
          ],
          timestamp: 0,
        } as Message;
        for (const episode of episodesOf(m, STORED_AT)) expect(episode.content).not.toContain(marker);
      }),
    );
  });

  it('keeps every word of a message shorter than its groups hold, in order', () => {
    fc.assert(
      fc.property(prose, (said) => {
        const m = { role: 'user', content: said, timestamp: 0 } as Message;
        const joined = episodesOf(m, STORED_AT)
          .map((e) => e.content)
          .join(' ');
        const collapsed = said.replaceAll(String.fromCharCode(0), '\ufffd').replace(/\s+/g, ' ').trim();
        expect(joined.replace(/\s+/g, '')).toBe(collapsed.replace(/\s+/g, ''));
      }),
    );
  });

  it('reads a bounded prefix of a message of megabytes, whatever its shape', () => {
    const MiB = 1024 * 1024;
    const long = (n: number) => 'We moved the launch to Friday. '.repeat(Math.ceil(n / 31)).slice(0, n);
    const shapes: Message[] = [
      { role: 'user', content: long(15 * MiB), timestamp: 0 } as Message,
      {
        role: 'user',
        content: [0, 1, 2].map(() => ({ type: 'text', text: long(4 * MiB) })),
        timestamp: 0,
      } as Message,
      { role: 'user', content: ' \n'.repeat(MiB / 2) + long(10 * MiB), timestamp: 0 } as Message,
    ];
    for (const m of shapes) {
      const episodes = episodesOf(m, STORED_AT);
      expect(episodes).toHaveLength(EPISODE_DEFAULTS.maxParts);
      expect(episodeCountOf(m)).toBe(EPISODE_DEFAULTS.maxParts);
      expect(episodes[0]?.content.startsWith('We moved the launch to Friday.')).toBe(true);
    }
  });
});

describe('sentenceGroups', () => {
  it('cuts a sentence longer than a group into pieces and never exceeds the group size', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 3000 }),
        fc.integer({ min: 5, max: 900 }),
        (t, max) => {
          for (const group of sentenceGroups(t, max))
            expect(Array.from(group).length).toBeLessThanOrEqual(max);
        },
      ),
    );
  });
});
