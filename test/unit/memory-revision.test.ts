import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AmendmentLink,
  arrangeHits,
  EPISODE_RANKING,
  type PlacedHit,
  placeAmendments,
} from '../../context/memory/fusion.js';
import { revisionCue } from '../../context/memory/revision.js';

describe('revisionCue (context/memory/revision.ts)', () => {
  it('hears a revision said in words, in a sentence or among others', () => {
    const said = [
      'Amendment to the merge rule from last month.',
      'Amended rule, superseding keep-latest: the fuller record wins.',
      'This supersedes what we wrote in March.',
      'Two updates to the retry policy we settled a while back.',
      "A change to the naming scheme we'd agreed on: snake case.",
      'Scratch that, the meeting is at noon.',
      'Correction: the deadline is Friday, not Thursday.',
      'I changed my mind about the condo. I am keeping it.',
      'change of plans for camp, we go to Colorado Springs',
      'Actually, let’s use Postgres instead.',
      'From now on we switch to weekly releases.',
      'my surgery got moved to September 18',
      'Solstice moved the shoot to Cabo.',
      'we had to move Lisbon, it is June now',
      'the Tesla internship fell through',
      'I switched my major to kinesiology',
      'the recital was postponed',
    ];
    const fillers = ['', 'ok so ', 'By the way, ', 'Quick note. '];
    // Every phrase with every opener and ending (not a sample).
    for (const text of said)
      for (const before of fillers)
        for (const after of fillers) expect(revisionCue(`${before}${text} ${after}`.trim()), text).toBe(true);
  });

  it('weak words alone never count: "instead", "now", "no longer", "replace", "revisit", "update", a bare "moved"', () => {
    const weak = [
      'instead of',
      'now',
      'no longer',
      'replace',
      'replaced',
      'revisit',
      'updates to the internal state',
      'was moved to utils',
      'moved the `ABC` import from collections to',
      'changed it to',
      'we moved to Berlin',
      'anymore',
      'the task was cancelled',
    ];
    const neutral = fc.constantFrom(
      'the',
      'cache',
      'we',
      'it',
      'function',
      'returns',
      'a',
      'list',
      'tests',
      'pass',
      'and',
      'merge_records',
      'with',
      'Python',
      '3',
      'module',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...weak), neutral), { minLength: 1, maxLength: 12 }),
        (words) => {
          expect(revisionCue(`${words.join(' ')}.`)).toBe(false);
        },
      ),
    );
    // "from now on" / "going forward" count only beside a verb of change.
    // Nor do "we decided" / "settled" (said of every decision, revised or not), nor code moving.
    for (const alone of [
      'The refactor moved the helper to utils.',
      'Ok so the cleanup moved the parser to its own module.',
      'That is the rule going forward.',
      'From now on it returns a list instead of a tuple.',
      'We decided it was not worth the brittle test failures.',
      'Settled: the cache keys on the full path.',
    ])
      expect(revisionCue(alone)).toBe(false);
  });
});

interface Hit extends PlacedHit {
  label: string;
}
const hit = (id: string, sessionId: string, seq: number, time: number): Hit => ({
  id,
  label: id,
  sessionId,
  fromSeq: seq,
  toSeq: seq,
  time,
});
const link = (amending: Hit, amended: Hit, cover = 2): AmendmentLink => ({
  amendingId: amending.id,
  amendingSessionId: amending.sessionId!,
  amendingFromSeq: amending.fromSeq! - cover,
  amendingToSeq: amending.fromSeq! + cover,
  amendedSessionId: amended.sessionId!,
  amendedFromSeq: amended.fromSeq! - cover,
  amendedToSeq: amended.fromSeq! + cover,
});
const ids = (hits: readonly Hit[]) => hits.map((h) => h.id);

describe('placeAmendments (context/memory/fusion.ts)', () => {
  it('a later amendment lands directly above the hit it amends, wherever it ranked or when absent; the rest keep their order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 15 }),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (n, amendedAt, amendingAt, present) => {
          const others = Array.from({ length: n }, (_, i) => hit(`o${i}`, `s${i}`, 1, 1_000 + i));
          const amended = hit('old', 'decided', 3, 500);
          const amending = hit('new', 'amends', 1, 5_000);
          const list = [...others];
          list.splice(amendedAt % (list.length + 1), 0, amended);
          if (present) list.splice(amendingAt % (list.length + 1), 0, amending);
          const before = ids(list);
          const { hits, supersededBy } = placeAmendments(
            list,
            [link(amending, amended)],
            new Map([[amending.id, amending]]),
            (h) => h,
          );
          const order = ids(hits);
          const newAt = order.indexOf('new');
          const oldAt = order.indexOf('old');
          expect(newAt).toBeGreaterThanOrEqual(0);
          expect(newAt).toBeLessThan(oldAt);
          if (before.indexOf('new') < 0 || before.indexOf('new') > before.indexOf('old'))
            expect(newAt).toBe(oldAt - 1);
          expect(supersededBy.get('old')).toBe('new');
          // Everything else keeps its relative order.
          expect(order.filter((id) => id !== 'new')).toEqual(before.filter((id) => id !== 'new'));
        },
      ),
    );
  });

  it('never moves anything without a link, for an earlier "amendment", or for a hit outside the covered messages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), (gap) => {
        const amended = hit('old', 'decided', 10, 500);
        const earlier = hit('earlier', 'amends', 1, 100);
        const far = hit('far', 'decided', 10 + 3 + gap, 600);
        const other = hit('o', 'x', 1, 700);
        const list = [other, far, amended, earlier];
        // An "amendment" said before what it names is no amendment of it.
        const backwards = placeAmendments(list, [link(earlier, amended)], new Map(), (h) => h);
        expect(ids(backwards.hits)).toEqual(ids(list));
        const later = hit('new', 'amends', 1, 5_000);
        const covered = placeAmendments([other, far, later], [link(later, amended)], new Map(), (h) => h);
        expect(ids(covered.hits)).toEqual(['o', 'far', 'new']);
        expect(placeAmendments(list, [], new Map(), (h) => h).hits).toEqual(list);
      }),
    );
  });

  it('an amendment of an amendment: the newest first, then the one it amends, then the original', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5, maxLength: 5 }), (perm) => {
        const a = hit('a', 'sa', 1, 100);
        const b = hit('b', 'sb', 1, 200);
        const c = hit('c', 'sc', 1, 300);
        const x = hit('x', 'sx', 1, 400);
        const y = hit('y', 'sy', 1, 500);
        const pool = [a, b, c, x, y];
        const list = perm.map((i) => pool[i]!).filter((h) => h.id !== 'c' || perm[0] === 2);
        const { hits } = placeAmendments(list, [link(b, a), link(c, b)], new Map([['c', c]]), (h) => h);
        const order = ids(hits);
        expect(order.indexOf('c')).toBeLessThan(order.indexOf('b'));
        expect(order.indexOf('b')).toBeLessThan(order.indexOf('a'));
      }),
    );
  });
});

describe('arrangeHits with amendments (context/memory/fusion.ts)', () => {
  it('the amendment stays above what it amends through the close-scores rule, at the score of what it amends', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ score: fc.double({ min: 0.01, max: 1, noNaN: true }), time: fc.nat(1_000) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.nat(),
        (rows, pick) => {
          const hits = rows.map((r, i) => ({
            id: `h${i}`,
            kind: 'episode' as const,
            sessionId: `s${i}`,
            fromSeq: 1,
            toSeq: 1,
            score: r.score,
            time: r.time,
            dates: [],
            matched: ['merge', 'rule'],
            toolOutput: false,
          }));
          const amended = hits[pick % hits.length]!;
          const amending = { ...amended, id: 'new', sessionId: 'later', score: 0, time: 5_000 };
          const out = arrangeHits(hits, { asksWhen: false, spans: [] }, EPISODE_RANKING, {
            links: [
              {
                amendingId: 'new',
                amendingSessionId: 'later',
                amendingFromSeq: 1,
                amendingToSeq: 1,
                amendedSessionId: amended.sessionId,
                amendedFromSeq: 1,
                amendedToSeq: 1,
              },
            ],
            extra: new Map([['new', amending]]),
            speaksTo: () => true,
          });
          const ids = out.map((h) => h.id);
          // Above it (the close-scores rule may lift the newest further, never below what it amends).
          expect(ids.indexOf('new')).toBeGreaterThanOrEqual(0);
          expect(ids.indexOf('new')).toBeLessThan(ids.indexOf(amended.id));
          expect(out.find((h) => h.id === amended.id)?.amendedBy).toBe('new');
          expect(out.find((h) => h.id === 'new')?.score).toBe(out.find((h) => h.id === amended.id)?.score);
          expect(out).toHaveLength(hits.length + 1);
        },
      ),
    );
  });
});
