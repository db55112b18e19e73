import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_STORED_DATES,
  queryTime,
  resolveDates,
  spansOverlap,
  storedDates,
} from '../../context/time/dates.js';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Noon UTC on any day from 2000 to 2035: far from midnight, so the speaker's day is unambiguous.
const referenceArb = fc
  .integer({ min: Date.UTC(2000, 0, 1) / DAY, max: Date.UTC(2035, 11, 31) / DAY })
  .map((d) => new Date(d * DAY + 12 * 3_600_000));

function only(text: string, reference: Date) {
  const found = resolveDates(text, reference);
  expect(found, `${text} @ ${reference.toISOString()}`).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[0]>;
}

describe('resolveDates', () => {
  it('resolves yesterday, tomorrow and N days ago to the day they name, at any reference', () => {
    fc.assert(
      fc.property(referenceArb, fc.integer({ min: 2, max: 9 }), (ref, n) => {
        const words = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
        expect(only('I adopted her yesterday', ref)).toMatchObject({
          granularity: 'day',
          from: day(ref.getTime() - DAY),
          to: day(ref.getTime() - DAY),
          relative: true,
        });
        expect(only('see you tomorrow lol', ref).from).toBe(day(ref.getTime() + DAY));
        expect(only(`we met ${words[n - 2]} days ago`, ref).from).toBe(day(ref.getTime() - n * DAY));
      }),
      { numRuns: 60 },
    );
  });

  it('gives "last week" the Monday-to-Sunday week before the reference week', () => {
    fc.assert(
      fc.property(referenceArb, (ref) => {
        const d = only('Started hitting the gym last week', ref);
        expect(d.granularity).toBe('week');
        expect(new Date(`${d.from}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(Date.parse(d.to) - Date.parse(d.from)).toBe(6 * DAY);
        const weekAgo = day(ref.getTime() - 7 * DAY);
        expect(spansOverlap(d, { from: weekAgo, to: weekAgo })).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('puts "in two weeks" fourteen days ahead and "next Friday" on a Friday after the reference', () => {
    fc.assert(
      fc.property(referenceArb, (ref) => {
        expect(only('the party is in two weeks', ref).from).toBe(day(ref.getTime() + 14 * DAY));
        const friday = only('we fly out next Friday!', ref);
        expect(new Date(`${friday.from}T00:00:00Z`).getUTCDay()).toBe(5);
        expect(friday.from > day(ref.getTime())).toBe(true);
        expect(Date.parse(friday.from) - ref.getTime()).toBeLessThan(14 * DAY);
      }),
      { numRuns: 60 },
    );
  });

  it('reads a bare or "last" month as the latest such month not after the reference', () => {
    const may = new Date('2023-05-08T14:30:00Z');
    expect(only('I went there last January', may)).toMatchObject({
      granularity: 'month',
      from: '2023-01-01',
      to: '2023-01-31',
    });
    expect(only('back in November we met', may)).toMatchObject({ from: '2022-11-01', to: '2022-11-30' });
    expect(only('last month was rough', may)).toMatchObject({
      granularity: 'month',
      from: '2023-04-01',
      to: '2023-04-30',
    });
  });

  it('keeps written-out dates and years absolute', () => {
    const ref = new Date('2023-05-08T14:30:00Z');
    expect(only('I signed on 3 June 2021', ref)).toMatchObject({ from: '2021-06-03', relative: false });
    expect(only('we moved there in 2019, I think', ref)).toMatchObject({
      granularity: 'year',
      from: '2019-01-01',
      to: '2019-12-31',
      relative: false,
    });
  });

  it('finds no date in text that names none, and never throws on any text', () => {
    const ref = new Date('2023-05-08T14:30:00Z');
    for (const text of [
      'I have 2 dogs and 3 cats',
      'see you in a bit',
      'at 5pm',
      'Version 2.0.19 shipped',
      'port 2019 is open',
    ]) {
      expect(resolveDates(text, ref), text).toEqual([]);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), referenceArb, (text, r) => {
        for (const d of resolveDates(text, r)) {
          expect(d.from <= d.to).toBe(true);
          expect(text.slice(d.index, d.index + d.text.length)).toBe(d.text);
        }
      }),
      { numRuns: 200 },
    );
    expect(resolveDates('yesterday', new Date(Number.NaN))).toEqual([]);
  });
});

describe('resolveDates reads tense', () => {
  const MONTHS = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const monthIndex = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
  const refMonth = (ref: Date) => ref.getUTCFullYear() * 12 + ref.getUTCMonth();

  it('puts a recounted weekday in the week up to today and a planned one in the week from today', () => {
    fc.assert(
      fc.property(referenceArb, fc.constantFrom(...WEEKDAYS), (ref, weekday) => {
        const today = day(ref.getTime());
        const past = only(`I went hiking on ${weekday} with my brother`, ref);
        expect(new Date(`${past.from}T00:00:00Z`).getUTCDay()).toBe(WEEKDAYS.indexOf(weekday));
        expect(past.from <= today && past.from > day(ref.getTime() - 7 * DAY)).toBe(true);
        const ahead = only(`I'll call you on ${weekday}`, ref);
        expect(new Date(`${ahead.from}T00:00:00Z`).getUTCDay()).toBe(WEEKDAYS.indexOf(weekday));
        expect(ahead.from >= today && ahead.from < day(ref.getTime() + 8 * DAY)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it('reads a day of the month said alone as the next such day when planned, the last when recounted', () => {
    const ordinal = (n: number) =>
      `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
    fc.assert(
      fc.property(referenceArb, fc.integer({ min: 1, max: 31 }), fc.boolean(), (ref, n, weekday) => {
        const today = day(ref.getTime());
        const said = `${weekday ? 'friday ' : ''}the ${ordinal(n)}`;
        const ahead = only(`I'm flying out ${said}`, ref);
        expect(Number(ahead.from.slice(8))).toBe(n);
        expect(ahead.from >= today && ahead.from < day(ref.getTime() + 93 * DAY)).toBe(true);
        const past = only(`we went to the vet on ${said}, all good`, ref);
        expect(Number(past.from.slice(8))).toBe(n);
        expect(past.from <= today && past.from > day(ref.getTime() - 93 * DAY)).toBe(true);
      }),
      { numRuns: 100 },
    );
    // An ordinal that is not a date: a floor, a time, a grade.
    for (const text of ['they moved us to the 4th floor', 'the 2nd time I tried', 'the 3rd graders loved it'])
      expect(resolveDates(text, new Date('2025-11-03T12:00:00Z'))).toEqual([]);
  });

  it('reads "last <month>" as the latest such month before this one, and a plan\'s month as the next', () => {
    fc.assert(
      fc.property(referenceArb, fc.integer({ min: 0, max: 11 }), (ref, m) => {
        const last = only(`I went there last ${MONTHS[m]}`, ref);
        const lastAgo = refMonth(ref) - monthIndex(last.from);
        expect(lastAgo >= 1 && lastAgo <= 12).toBe(true);
        expect(Number(last.from.slice(5, 7)) - 1).toBe(m);
        const plan = only(`we booked the cabin for ${MONTHS[m]}!`, ref);
        const ahead = monthIndex(plan.from) - refMonth(ref);
        expect(ahead >= 0 && ahead <= 11).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it('reads a month said with a future verb as the next such month and with a past verb as the last', () => {
    const ahead = [
      'starting in',
      "I'm starting in",
      'we move in',
      'the course starts in',
      'we leave in',
      'graduating in',
    ];
    const back = [
      'started in',
      'I started in',
      'we moved in',
      'the course started in',
      'we left in',
      'I graduated in',
    ];
    fc.assert(
      fc.property(
        referenceArb,
        fc.integer({ min: 0, max: 11 }),
        fc.constantFrom(...ahead),
        fc.constantFrom(...back),
        (ref, m, future, past) => {
          const next = only(`${future} ${MONTHS[m]}`, ref);
          const forward = monthIndex(next.from) - refMonth(ref);
          expect(Number(next.from.slice(5, 7)) - 1).toBe(m);
          expect(forward >= 0 && forward <= 11, `${future} ${MONTHS[m]} @ ${ref.toISOString()}`).toBe(true);
          const last = only(`${past} ${MONTHS[m]}`, ref);
          const ago = refMonth(ref) - monthIndex(last.from);
          expect(Number(last.from.slice(5, 7)) - 1).toBe(m);
          expect(ago >= 0 && ago <= 11, `${past} ${MONTHS[m]} @ ${ref.toISOString()}`).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads a weekday said with a future verb as the next one and with a past verb as the last', () => {
    fc.assert(
      fc.property(referenceArb, fc.constantFrom(...WEEKDAYS), (ref, weekday) => {
        const today = day(ref.getTime());
        for (const future of ['we leave on', "I'm flying out on", 'the class starts on']) {
          const ahead = only(`${future} ${weekday}`, ref);
          expect(new Date(`${ahead.from}T00:00:00Z`).getUTCDay()).toBe(WEEKDAYS.indexOf(weekday));
          expect(ahead.from >= today && ahead.from < day(ref.getTime() + 8 * DAY)).toBe(true);
        }
        for (const past of ['we left on', 'I flew out on', 'the class started on']) {
          const back = only(`${past} ${weekday}`, ref);
          expect(back.from <= today && back.from > day(ref.getTime() - 7 * DAY)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('does not read an "-ed" adjective or a liking as the tense', () => {
    const ref = new Date('2024-06-13T12:00:00Z');
    expect(only("I'm so excited, starting in September", ref).from).toBe('2024-09-01');
    expect(only('I went hiking in September', ref).from).toBe('2023-09-01');
    expect(only('I was moving in March', ref).from).toBe('2024-03-01');
  });

  it('names no date for "now"', () => {
    expect(resolveDates("I'm so tired right now", new Date('2023-05-08T12:00:00Z'))).toEqual([]);
  });
});

describe('queryTime', () => {
  it('says when a question asks for a time and which span it names', () => {
    const now = new Date('2023-08-20T10:00:00Z');
    expect(queryTime('When did Maria adopt her dog?', now)).toEqual({ asksWhen: true, spans: [] });
    expect(queryTime('what did we plan in May?', now)).toEqual({
      asksWhen: false,
      spans: [{ from: '2023-05-01', to: '2023-05-31' }],
    });
    expect(queryTime('Where is the photo shoot?', now)).toEqual({ asksWhen: false, spans: [] });
  });
});

describe('storedDates (what an extracted memory keeps, as an episode does)', () => {
  it('resolves the quote against when it was said, keeps one of equal spans and at most MAX_STORED_DATES', () => {
    fc.assert(
      fc.property(referenceArb, (ref) => {
        // The quote says "yesterday"; the memory's content restates the same day as a date.
        const said = day(ref.getTime() - DAY);
        const dates = storedDates(
          [`we closed on the house yesterday!!`, `Closed on the house on ${said}`],
          ref,
        );
        expect(dates.filter((d) => d.from === said && d.to === said)).toHaveLength(1);
        const many = Array.from({ length: 20 }, (_, i) => `on 3 June ${2001 + i}`).join(', ');
        expect(storedDates([many], ref).length).toBe(MAX_STORED_DATES);
        expect(storedDates(['nothing dated here, just vibes'], ref)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
