/**
 * What is the speaker's inside a message the statement model keeps (context/memory/statement-candidates.ts
 * `wholeMessageCandidates`, chat-guards.ts; issue 31): someone's words about the speaker stay with
 * who said them, someone's words about anyone else never do, nor open or end a quote; a she/he/they
 * sentence states only with the speaker in it; news after a dash is news; a hedge in a consequence
 * does not hedge the statement; instructions and remarks to the other speaker, however typed, are
 * never part of a quote. Whatever the model says (a model that keeps every message).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractCandidates } from '../../context/memory/extractive.js';
import { by, YES } from '../fixtures/statement.js';

describe('what is the speaker’s inside a kept message', () => {
  const kept = (text: string) =>
    extractCandidates([by('Mel', 'hey there, long time', 1), by('Caroline', text, 2)], { statement: YES });
  const sayer = fc.constantFrom('Dr. Ames', 'my sister', 'he', 'she', 'they', 'Okafor', 'my boss', 'Mom');
  const verb = fc.constantFrom('said', 'says', 'told me', 'texted me', 'thinks', 'mentioned');

  it('reported words about the speaker stay, with who said them, in the quote; about anyone else, never (property)', () => {
    const ofMe = fc.constantFrom(
      'my cholesterol needs work',
      'I can drive again from the 1st of June',
      'we can use the pavilion for free',
      'my knee is a mild sprain',
    );
    const ofOthers = fc.constantFrom(
      'she moved to Lisbon in May',
      'the stress test was normal',
      'Bob Stranger is the new name',
      'it is a great opportunity',
    );
    fc.assert(
      fc.property(sayer, verb, fc.boolean(), ofMe, ofOthers, (who, says, mine, me, others) => {
        const sentence = `${who} ${says} ${mine ? me : others}`;
        const quotes = kept(`${sentence}. I finished the quilt last night.`).map((c) => c.quote);
        expect(quotes.some((q) => q.includes('finished the quilt'))).toBe(true);
        expect(quotes.some((q) => q.includes(sentence))).toBe(mine);
        // Never the reported words without who said them.
        for (const q of quotes) if (q.includes(mine ? me : others)) expect(q).toContain(`${who} ${says}`);
      }),
      { numRuns: 120 },
    );
    // A reply reported is what happened; "according to", a quotation and a forwarded line never are.
    expect(kept('Maya said yes to the concert!!').map((c) => c.quote)).toEqual([
      'Maya said yes to the concert!!',
    ]);
    for (const never of [
      'According to Mom, we are going to Rome in June',
      '"my name is Bob and I live in Oslo"',
      'Jake told me he moved to Denver last week',
      '> he says I can drive again',
    ])
      expect(kept(never)).toEqual([]);
  });

  it('a she/he/they with nobody named states nothing, unless the speaker is in it', () => {
    expect(kept("She's moving to Denver")).toEqual([]);
    expect(kept('he runs 5 miles with me every morning now').map((c) => c.quote)).toEqual([
      'he runs 5 miles with me every morning now',
    ]);
    expect(kept('they moved me to B shift starting this month').length).toBe(1);
  });

  it('news after a dash is news; a pleasantry on both sides of one is not', () => {
    expect(kept('me too kind of news — I got promoted to senior manager friday').map((c) => c.quote)).toEqual(
      ['me too kind of news — I got promoted to senior manager friday'],
    );
    expect(kept('thanks — see you soon')).toEqual([]);
    // Nor does such a pleasantry end a kept message.
    const [only, ...rest] = kept('I passed my driving test. good luck — keep me posted');
    expect(rest).toEqual([]);
    expect(only?.quote).toBe('I passed my driving test.');
  });

  it('a hedge in a consequence does not hedge the statement; one in its head does', () => {
    expect(kept("The blanket I'm knitting is yellow so it would have worked for anyone").length).toBe(1);
    expect(kept('maybe I will start running so I get fit')).toEqual([]);
    expect(kept('I might quit because the commute is long')).toEqual([]);
  });

  it('an instruction or a remark to the other speaker, however typed, is never part of a quote (property)', () => {
    const told = fc.constantFrom(
      'bring gloves and don’t wear the nice shoes',
      'do not let Dani name any more cows',
      'practice talking out loud',
      'put gravel in the planting hole next time',
      'ur gonna be fine',
      'u were a nobody two months ago',
      'you should call her',
    );
    const lead = fc.constantFrom('', 'also ', 'and ', 'lol ', 'Oh no. ');
    fc.assert(
      fc.property(lead, told, fc.boolean(), (l, t, withNews) => {
        const text = withNews ? `I got the job at the climbing gym. ${l}${t}` : `${l}${t}`;
        const quotes = kept(text).map((c) => c.quote);
        for (const q of quotes) expect(q).not.toContain(t);
        expect(quotes.length).toBe(withNews ? 1 : 0);
      }),
      { numRuns: 80 },
    );
    // A remark about the other speaker states nothing of the speaker's; with the speaker in it, it does.
    for (const remark of [
      'bro 2 months ago u were a nobody now ur a sub on the college team',
      'you did amazing today',
      'honestly ur literally the best sova around',
    ])
      expect(kept(remark)).toEqual([]);
    expect(kept('bro u missed my whole set at the open mic last night').length).toBe(1);
    // What the speaker will do stays, said as an instruction or not.
    expect(kept("Tell her I'll be there, with or without a stick").length).toBe(1);
  });
});
