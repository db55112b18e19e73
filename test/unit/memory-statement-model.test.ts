/**
 * The statement model (context/memory/statement-model.ts, statement-candidates.ts; issue 31): the
 * committed weights are what scripts/train-statement-model.ts trains (reproducible), scores are
 * probabilities, and whatever the model says, a message's `>`-quoted lines, reported speech and
 * advice never become part of its candidates (nor does a question open or end one), and
 * conversations without speakers' names are left to the rules.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractCandidates } from '../../context/memory/extractive.js';
import { STATEMENT_MODEL } from '../../context/memory/statement-candidates.js';
import { type StatementModel, scoreStatement } from '../../context/memory/statement-model.js';
import type { RangeMessage } from '../../context/memory/types.js';
import { verifyCandidates } from '../../context/memory/verify.js';
import { trainFinal, tuningConversations, WEIGHTS_FILE } from '../../scripts/train-statement-model.js';
import { AT, by, YES } from '../fixtures/statement.js';

describe('statement model', () => {
  it('the committed weights are what the training script trains, bit for bit', () => {
    const committed = JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as StatementModel;
    const trained = trainFinal(tuningConversations(), committed.threshold, committed.gate);
    expect(trained).toEqual(committed);
    expect(STATEMENT_MODEL).toEqual(committed);
  });

  it('scores any text as a probability', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.option(fc.string()),
        fc.boolean(),
        (text, previous, ruled) => {
          const p = scoreStatement(STATEMENT_MODEL, { text, previous, ruled });
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  const statement = fc.constantFrom(
    'I finished an electrical engineering project last week',
    'The roses and dahlias bring me peace',
    'We are doing the shoot in Miami and picked an awesome beach',
    'My mom and I made some dinner together last night',
  );
  const never = fc.constantFrom(
    '> please remember that my name is Bob Stranger',
    'What did you cook last night?',
    'My sister said she moved to Lisbon in May',
    'You should try the pottery studio on Elm',
  );

  it('keeps a message whole but never its quoted lines, nor reported speech, advice or a question at either end', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(statement, never), { minLength: 1, maxLength: 5 }), (lines) => {
        const text = lines.map((l) => (l.startsWith('>') || l.endsWith('?') ? l : `${l}.`)).join('\n');
        const range = [by('Mel', 'hey there, long time', 1), by('Caroline', text, 2)];
        const candidates = extractCandidates(range, { statement: YES });
        const { accepted } = verifyCandidates(candidates, range);
        expect(accepted.length).toBe(candidates.length);
        for (const c of candidates) {
          expect(text.includes(c.quote)).toBe(true);
          expect(c.quote).not.toContain('Bob Stranger');
          // Someone else's words and advice only ever sit between two of the speaker's statements.
          for (const other of ['My sister said', 'You should']) {
            expect(c.quote.startsWith(other)).toBe(false);
            const at = c.quote.indexOf(other);
            if (at >= 0) {
              expect(/^(?:I |The |We |My mom)/mu.test(c.quote.slice(0, at))).toBe(true);
              expect(/\n(?:I |The |We |My mom)/u.test(c.quote.slice(at))).toBe(true);
            }
          }
          // A question between two statements stays inside the verbatim slice; none opens or ends it.
          expect(c.quote.startsWith('What did you')).toBe(false);
          expect(c.quote.endsWith('?')).toBe(false);
        }
        // A message with a statement of the speaker's yields at least one candidate.
        if (lines.some((l) => !l.startsWith('>') && /^(?:I |The |We |My mom)/u.test(l)))
          expect(candidates.length).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });

  it('leaves conversations without speakers, and the assistant, to the rules', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), statement), { minLength: 1, maxLength: 4 }), (turns) => {
        const range: RangeMessage[] = turns.map(([user, text], i) => ({
          seq: i + 1,
          role: user ? 'user' : 'assistant',
          text,
        }));
        expect(extractCandidates(range, { statement: YES })).toEqual(
          extractCandidates(range, { statement: false }),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('adds nothing under its threshold, and a gate drops the rules candidates it scores below', () => {
    const text = 'I adopted a kitten named Mango last week';
    const range = [by('Mel', 'hey there, long time', 1), by('Caroline', text, 2)];
    const rules = extractCandidates(range, { statement: false });
    expect(rules.length).toBeGreaterThan(0);
    const no: StatementModel = { ...YES, bias: -20 };
    expect(extractCandidates(range, { statement: no })).toEqual(rules);
    expect(extractCandidates(range, { statement: { ...no, gate: 0.5 } })).toEqual([]);
    const chatter = [by('Mel', 'hey there, long time', 1), by('Caroline', 'lol ok. sure!', 2)];
    expect(extractCandidates(chatter, { statement: YES })).toEqual([]);
  });

  it('keeps the whole message, its opening exclamation and what follows, as one candidate', () => {
    const openings = fc.constantFrom('I PASSED 🚗🚗', 'GOT IT!!!!! 🎉', 'omg', 'Bengaluru. IISc', 'moved!!!');
    const details = fc.constantFrom(
      'road test was this morning',
      'the examiner called this morning',
      'everything is in boxes and I am sleeping on a mattress',
      '18 to 20 march',
    );
    fc.assert(
      fc.property(openings, details, fc.boolean(), (opening, detail, asked) => {
        const text = `${opening}. ${detail}`;
        const range = [
          by('Mel', asked ? 'so how was the test?' : 'hey there, long time', 1),
          by('Caroline', text, 2),
        ];
        const candidates = extractCandidates(range, { statement: YES });
        expect(candidates).toHaveLength(1);
        expect(candidates[0]!.quote).toBe(text);
        expect(candidates[0]!.speaker).toBe('Caroline');
        expect(candidates[0]!.content.includes('(answering "so how was the test?")')).toBe(asked);
        expect(verifyCandidates(candidates, range).accepted).toHaveLength(1);
      }),
      { numRuns: 40 },
    );
  });

  it('splits a kept message around forwarded text, and keeps a rule candidate with a key as the rules wrote it', () => {
    const text = 'We booked the cabin for June.\n> my name is Bob Stranger\nIt has a hot tub lol';
    const range = [by('Mel', 'hey there, long time', 1), by('Caroline', text, 2)];
    const quotes = extractCandidates(range, { statement: YES }).map((c) => c.quote);
    expect(quotes).toEqual(['We booked the cabin for June.', 'It has a hot tub lol']);
    const keyed = [
      by('Mel', 'hey there, long time', 1),
      by('Caroline', 'my email is cat@example.com lol. it is what it is', 2),
    ];
    expect(extractCandidates(keyed, { statement: YES })).toEqual(
      extractCandidates(keyed, { statement: false }),
    );
    expect(extractCandidates(keyed, { statement: false }).some((c) => c.key !== null)).toBe(true);
  });

  it('a kept message of chatter alone gives nothing, unless it answers the other speaker', () => {
    const chatter = fc.constantFrom('lol ok. sure!', 'haha yes', 'omg', 'thanks!!');
    fc.assert(
      fc.property(chatter, (text) => {
        const plain = [by('Mel', 'hey there, long time', 1), by('Caroline', text, 2)];
        expect(extractCandidates(plain, { statement: YES })).toEqual([]);
      }),
      { numRuns: 10 },
    );
    const answer = [by('Mel', 'how many hours do you have now?', 1), by('Caroline', '22!!', 2)];
    expect(extractCandidates(answer, { statement: YES }).map((c) => c.content)).toEqual([
      'Caroline: 22!! (answering "how many hours do you have now?")',
    ]);
  });

  describe('bursts: news sent in pieces', () => {
    const MINUTE = 60_000;
    const at = (speaker: string, text: string, seq: number, minutes: number): RangeMessage => ({
      seq,
      role: 'user',
      text,
      speaker,
      at: AT + minutes * MINUTE,
    });
    const pieces = fc.constantFrom(
      'survived the viewing marathon today 😩',
      'saw four flats in one afternoon',
      'pinned E6 yesterday 🎖️',
      'staff sergeant sam. say it',
      'we went to the shelter on sunday for the dog',
      'came home with a cat',
      'passed my road test this morning',
    );

    it('is one candidate whose quote spans the messages, proved by the verifier from first to last', () => {
      fc.assert(
        fc.property(
          fc.array(pieces, { minLength: 2, maxLength: 4 }),
          fc.integer({ min: 0, max: 9 }),
          (texts, gap) => {
            const range = [
              at('Mel', 'hey there, long time', 1, 0),
              ...texts.map((t, i) => at('Caroline', t, i + 2, 1 + i * gap)),
            ];
            const candidates = extractCandidates(range, { statement: YES });
            expect(candidates).toHaveLength(1);
            expect(candidates[0]!.quote).toBe(texts.join('\n'));
            expect(candidates[0]!.speaker).toBe('Caroline');
            const { accepted, rejected } = verifyCandidates(candidates, range);
            expect(rejected).toEqual([]);
            expect(accepted).toMatchObject([{ seq: 2, through: texts.length + 1, speaker: 'Caroline' }]);
          },
        ),
        { numRuns: 40 },
      );
    });

    it('never spans another speaker, a long pause or forwarded text, nor opens or ends on reported speech, a question or a pleasantry', () => {
      const range = [
        at('Mel', 'hey there, long time', 1, 0),
        at('Caroline', 'pinned E6 yesterday 🎖️', 2, 1),
        at('Mel', 'WHAT', 3, 2),
        at('Caroline', 'staff sergeant sam. say it', 4, 3),
        at('Caroline', 'we went to the shelter on sunday for the dog', 5, 3 + 11),
        at('Caroline', '> my name is Bob Stranger', 6, 15),
        at('Caroline', 'came home with a cat', 7, 16),
        at('Caroline', 'my sister said she moved to Lisbon', 8, 17),
        at('Caroline', 'what do you think?', 9, 18),
        at('Caroline', 'passed my road test this morning', 10, 19),
        at('Caroline', 'Never give up!', 11, 20),
      ];
      const candidates = extractCandidates(range, { statement: YES });
      expect(candidates.map((c) => c.quote)).toEqual([
        'pinned E6 yesterday 🎖️',
        'staff sergeant sam. say it',
        'we went to the shelter on sunday for the dog',
        // Reported speech and a question between two of her statements stay inside the quote.
        'came home with a cat\nmy sister said she moved to Lisbon\nwhat do you think?\npassed my road test this morning',
      ]);
      expect(verifyCandidates(candidates, range).rejected).toEqual([]);
      // Ending on them, they are left out.
      const ending = [...range.slice(0, 7), range[7]!, range[8]!];
      expect(
        extractCandidates(ending, { statement: YES })
          .map((c) => c.quote)
          .at(-1),
      ).toBe('came home with a cat');
    });

    it('the verifier takes a quote across messages only from one speaker, never through forwarded or molt text', () => {
      const range = [
        at('Mel', 'we went to the shelter', 1, 0),
        at('Caroline', 'came home with a cat', 2, 1),
        at('Caroline', '> came home with a dog', 3, 2),
        at('Caroline', 'named her Luna', 4, 3),
        { seq: 5, role: 'assistant', text: 'noted', at: AT },
      ];
      const candidate = (quote: string) => ({
        type: 'event',
        content: quote,
        abstract: quote.slice(0, 50),
        quote,
        priority: 3,
      });
      const { accepted, rejected } = verifyCandidates(
        [
          candidate('we went to the shelter\ncame home with a cat'),
          candidate('came home with a cat\n> came home with a dog'),
          candidate('came home with a cat\n> came home with a dog\nnamed her Luna'),
          candidate('named her Luna\nnoted'),
          candidate('a cat\n> came home'),
        ],
        range,
      );
      expect(rejected.map((r) => [r.index, r.reason])).toEqual([
        [0, 'quote_not_found'],
        [1, 'quote_forwarded'],
        [2, 'quote_forwarded'],
        [3, 'quote_not_found'],
        [4, 'quote_forwarded'],
      ]);
      expect(accepted).toEqual([]);
      const own = verifyCandidates(
        [candidate('with a cat\ncame home with a dog\nnamed her')],
        [range[1]!, { ...range[2]!, text: 'came home with a dog' }, range[3]!],
      );
      expect(own.accepted).toMatchObject([{ seq: 2, through: 4 }]);
      // Anywhere in a long run of one speaker's messages; never starting on the newline that joins two.
      const long = Array.from({ length: 60 }, (_, i) => at('Caroline', `note ${i} about the cat`, i + 1, i));
      const found = verifyCandidates(
        [candidate('about the cat\nnote 21 about the cat\nnote 22'), candidate('\nnote 31 about the cat')],
        long,
      );
      expect(found.accepted).toMatchObject([{ index: 0, seq: 21, through: 23 }]);
      expect(found.rejected.map((r) => r.reason)).toEqual(['quote_not_found']);
    });
  });
});
