/**
 * The precision guards of the conversation rules (context/memory/chat-guards.ts; issue 31), as
 * properties over text in the words people use in chat: pleasantries, encouragement, advice to the
 * other speaker, acknowledgements and questions never become memories, whatever fillers, names and
 * punctuation surround them; a fact quoted, forwarded or reported from someone else is never the
 * speaker's; and a first-person event with a relative date carries the absolute date the
 * message's own time implies.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractCandidates } from '../../context/memory/extractive.js';
import type { RangeMessage } from '../../context/memory/types.js';
import { verifyCandidates } from '../../context/memory/verify.js';

const DAY = 86_400_000;
const message = (seq: number, speaker: string, text: string, at: number): RangeMessage => ({
  seq,
  role: 'user',
  text,
  speaker,
  at,
});
/** What is stored from Bo's reply in a two-person chat (Ann speaks first). */
function storedFrom(text: string, at = Date.parse('2024-03-13T18:00:00Z')) {
  const range = [message(1, 'Ann', 'hey! how have you been', at), message(2, 'Bo', text, at)];
  return verifyCandidates(extractCandidates(range), range).accepted.filter((a) => a.seq === 2);
}

const lead = fc.constantFrom('', 'aw ', 'omg ', 'haha ', 'Yeah, ', 'ok ', 'lol ', 'Oh ', 'honestly ');
const end = fc.constantFrom('', '!', '!!!', '.', ' 😊', ' ❤️', ' lol', ' haha', '...');
const name = fc.constantFrom('', ', Ann', ' girl', ' dude', ', my friend');

/** Said to the other speaker, never about the speaker's own life. */
const CHATTER = [
  'that sounds amazing',
  "I'm so happy for you",
  'congrats on the new job',
  'good luck with the move',
  'take care of yourself',
  'miss you too',
  "you've got this",
  'never give up',
  'always here to help',
  'hope your mom feels better soon',
  'sorry to hear that',
  'love that for you',
  'fingers crossed for tomorrow',
  'keep me posted',
  'you should totally try the ramen place on 5th',
  'you could ask your manager for a raise',
  'remember to drink water',
  "don't forget to stretch before the race",
  'make sure you book the flights early',
  'your garden looks incredible',
  'yeah I remember that',
  'I know right',
  'lol same',
  'so true',
  'sounds good',
  'thanks so much, that means a lot',
  "I'll let you know",
  'talk soon',
] as const;

const QUESTIONS = [
  'how was the trip?',
  'did you end up going to Lisbon?',
  'what are you doing this weekend?',
  'which team did you sign with?',
  'are you still training for the marathon?',
  'where are you guys staying',
  "how's the new job going",
  'so did you adopt the puppy or not??',
] as const;

/** Facts a speaker states of themselves: each is stored when said plainly (checked). */
const FACTS = [
  'I went to Woodhaven last weekend',
  'I adopted a kitten named Miso',
  "I'm moving to Denver in June",
  'I got a job at Stripe',
  'my name is Bob Stranger',
  'I prefer tea over coffee',
] as const;

describe('chatter is never a memory', () => {
  it('pleasantries, encouragement, advice and acknowledgements, with any filler, name and ending (property)', () => {
    fc.assert(
      fc.property(lead, fc.constantFrom(...CHATTER), name, end, (l, core, n, e) => {
        expect(storedFrom(`${l}${core}${n}${e}`)).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('questions, marked or not, even two in a row (property)', () => {
    fc.assert(
      fc.property(lead, fc.array(fc.constantFrom(...QUESTIONS), { minLength: 1, maxLength: 2 }), (l, qs) => {
        expect(storedFrom(`${l}${qs.join(' ')}`)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe("someone else's words are never the speaker's", () => {
  it('each fact is stored when the speaker says it plainly', () => {
    for (const fact of FACTS) expect(storedFrom(fact).length, fact).toBeGreaterThan(0);
  });

  it('the same fact quoted, forwarded or reported yields no memory holding it (property)', () => {
    const wrap = fc.constantFrom(
      (f: string) => `> ${f}`,
      (f: string) => `FYI see below\n> ${f}\n> Sent from my phone`,
      (f: string) => `“${f}”, that's what she wrote lol`,
      (f: string) => `"${f}" - from the group chat`,
      (f: string) => `my sister said "${f}"`,
      (f: string) => `Jake texted me: ${f}`,
      (f: string) => `apparently ${f}`,
      (f: string) => `according to my cousin, ${f}`,
    );
    fc.assert(
      fc.property(fc.constantFrom(...FACTS), wrap, end, (fact, w, e) => {
        for (const { candidate } of storedFrom(`${w(fact)}${e}`)) {
          expect(candidate.quote).not.toContain(fact);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('first-person events get absolute dates from the message time', () => {
  const EVENTS = [
    'I adopted a puppy',
    'we moved to Tacoma',
    'I finished my thesis',
    'My mom and I made dinner together',
    'I ran my first half marathon',
    "I've started therapy",
  ] as const;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  /** The Monday of the week before `at`'s (weeks start on Monday). */
  const lastWeek = (at: number) => {
    const day = new Date(at).getUTCDay();
    return iso(at - ((day + 6) % 7) * DAY - 7 * DAY);
  };
  const WHEN: ReadonlyArray<[string, (at: number) => string]> = [
    ['yesterday', (at) => iso(at - DAY)],
    ['two days ago', (at) => iso(at - 2 * DAY)],
    ['3 days ago', (at) => iso(at - 3 * DAY)],
    ['last week', (at) => `week of ${lastWeek(at)}`],
    ['last night', (at) => iso(at - DAY)],
  ];

  it('whatever the event, the time phrase and the day it was said (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EVENTS),
        fc.constantFrom(...WHEN),
        fc.date({ min: new Date('2005-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        end,
        (event, [when, expected], day, e) => {
          const at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 15);
          const [memory, ...rest] = storedFrom(`${event} ${when}${e}`, at);
          expect(rest).toEqual([]);
          expect(memory?.candidate.speaker).toBe('Bo');
          expect(memory?.candidate.content).toContain(`(≈ ${expected(at)})`);
          expect(memory?.candidate.validFrom).toBe(`${expected(at).replace('week of ', '')}T00:00:00.000Z`);
        },
      ),
      { numRuns: 300 },
    );
  });
});
