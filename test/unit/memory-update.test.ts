import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMemoryText } from '../../context/memory/policy.js';
import { subjectOf } from '../../context/memory/subject.js';
import { decideUpdate, type RelatedMemory, type UpdateCandidate } from '../../context/memory/update.js';

const T0 = new Date('2026-01-01T00:00:00Z');
let n = 0;
const related = (content: string, extra: Partial<RelatedMemory> = {}): RelatedMemory => ({
  id: `m${++n}`,
  type: 'preference',
  key: null,
  content,
  validFrom: T0,
  recordedAt: T0,
  similarity: 0.8,
  ...extra,
});
const candidate = (content: string, extra: Partial<UpdateCandidate> = {}): UpdateCandidate => ({
  type: 'preference',
  content,
  key: null,
  validFrom: null,
  ...extra,
});

const THINGS = [
  'tabs',
  'spaces',
  'Vim',
  'Emacs',
  'PostgreSQL',
  'MySQL',
  'dark mode',
  'light mode',
  'Rust',
  'Go',
];
const pair = fc
  .tuple(fc.constantFrom(...THINGS), fc.constantFrom(...THINGS))
  .filter(([a, b]) => a.toLowerCase() !== b.toLowerCase());
const ATTRS = ['editor', 'shell', 'timezone', 'work email', 'favourite language', 'home city'];
const VALUES = ['Neovim', 'Helix', 'zsh', 'fish', 'UTC+1', 'UTC-5', 'a@b.io', 'c@d.io', 'Lisbon', 'Oslo'];
const ACTIONS = [
  'use semicolons',
  'run the tests before committing',
  'write comments in English',
  'ask before deleting files',
];
const suffix = fc.constantFrom('', ' now', ' instead', ', actually', ' again');

describe('update policy (context/memory/update.ts)', () => {
  it('a swapped comparison supersedes the old one, whatever the words, English and Chinese', () => {
    fc.assert(
      fc.property(pair, suffix, ([a, b], tail) => {
        const old = related(`I prefer ${a} over ${b}`);
        const decision = decideUpdate(candidate(`I prefer ${b} over ${a}${tail}`), [old]);
        expect(decision).toMatchObject({ action: 'supersede', target: old.id });
        const zhOld = related(`我更喜欢${a}而不是${b}`);
        expect(decideUpdate(candidate(`比起${a}，我现在更喜欢${b}`), [zhOld]).action).toBe('supersede');
      }),
    );
  });

  it('a changed value of "my X" supersedes; the same value is a duplicate', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ATTRS),
        fc.constantFrom(...VALUES),
        fc.constantFrom(...VALUES),
        suffix,
        (attr, v1, v2, tail) => {
          const old = related(`my ${attr} is ${v1}`, { similarity: 0.5 });
          const decision = decideUpdate(candidate(`My ${attr} is now ${v2}${tail}`), [old]);
          expect(decision.action).toBe(v1 === v2 ? 'duplicate' : 'supersede');
          expect(decision.target).toBe(old.id);
        },
      ),
    );
  });

  it('an always/never flip about the same action supersedes, a repeat is a duplicate', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ACTIONS), fc.boolean(), (action, alwaysFirst) => {
        const [first, second] = alwaysFirst ? ['Always', 'Never'] : ['Never', 'Always'];
        const old = related(`${first} ${action}.`);
        expect(decideUpdate(candidate(`${second} ${action}.`), [old]).action).toBe('supersede');
        expect(decideUpdate(candidate(`${first.toLowerCase()} ${action}`), [old]).action).toBe('duplicate');
      }),
    );
  });

  it('the duplicate test never swallows a contradiction: a flipped negation is never a duplicate', () => {
    fc.assert(
      fc.property(fc.constantFrom(...THINGS), fc.double({ min: 0.7, max: 1, noNaN: true }), (thing, sim) => {
        const old = related(`The service should use ${thing} for caching`, {
          similarity: sim,
          type: 'decision',
        });
        const decision = decideUpdate(
          candidate(`The service should not use ${thing} for caching`, { type: 'decision' }),
          [old],
        );
        expect(decision.action).not.toBe('duplicate');
        // Even when the model calls it one.
        const proposed = { action: 'duplicate' as const, target: old.id, reason: 'same' };
        expect(
          decideUpdate(
            candidate(`The service should not use ${thing} for caching`, { type: 'decision', proposed }),
            [old],
          ).action,
        ).not.toBe('duplicate');
      }),
    );
  });

  it('the same text (case, punctuation, whitespace aside) is a duplicate of the active memory', () => {
    fc.assert(
      fc.property(fc.constantFrom(...THINGS), fc.constantFrom('.', '!', '', '。'), (thing, end) => {
        const old = related(`Remember that I use ${thing} at work`);
        const text = `remember that I  use ${thing.toUpperCase()} at work${end}`;
        expect(normalizeMemoryText(text)).toBe(normalizeMemoryText(old.content));
        expect(decideUpdate(candidate(text), [old])).toMatchObject({ action: 'duplicate', target: old.id });
      }),
    );
  });

  it('a statement older than the active one about the same subject changes nothing (noop)', () => {
    const old = related('my editor is Helix', { validFrom: new Date('2026-03-01T00:00:00Z') });
    const stale = candidate('my editor is Vim', { validFrom: new Date('2026-02-01T00:00:00Z') });
    expect(decideUpdate(stale, [old])).toMatchObject({ action: 'noop', target: old.id });
  });

  it('unrelated look-alikes and different subjects are added beside each other', () => {
    expect(decideUpdate(candidate('my cat is called Rex'), [related('my dog is called Rex')]).action).toBe(
      'add',
    );
    expect(
      decideUpdate(candidate('the staging cache is on port 6380'), [
        related('the staging database is on port 5433', { similarity: 0.5 }),
      ]).action,
    ).toBe('add');
    expect(decideUpdate(candidate('I like tea'), []).action).toBe('add');
  });

  it('checks a model proposal: a target outside the related memories is ignored, a supersede of a newer memory is a noop', () => {
    const old = related('I enjoy hiking on weekends', { similarity: 0.2 });
    const unknown = decideUpdate(
      candidate('I now enjoy climbing', { proposed: { action: 'supersede', target: 'nope', reason: 'x' } }),
      [old],
    );
    expect(unknown.action).toBe('add');
    const taken = decideUpdate(
      candidate('I now enjoy climbing', {
        proposed: { action: 'supersede', target: old.id, reason: 'hobby changed' },
      }),
      [old],
    );
    expect(taken).toMatchObject({ action: 'supersede', target: old.id, reason: 'model: hobby changed' });
    const newer = related('I enjoy hiking on weekends', { validFrom: new Date('2026-05-01T00:00:00Z') });
    const stale = decideUpdate(
      candidate('I now enjoy climbing', {
        validFrom: new Date('2026-04-01T00:00:00Z'),
        proposed: { action: 'supersede', target: newer.id, reason: 'x' },
      }),
      [newer],
    );
    expect(stale.action).toBe('noop');
  });

  it('reads subject keys from English, Chinese and Japanese statements', () => {
    expect(subjectOf('I prefer tabs over spaces')?.key).toBe(subjectOf('I prefer spaces over tabs now')?.key);
    expect(subjectOf('我的邮箱是 a@b.cn')?.key).toBe(subjectOf('我的邮箱现在是 c@d.cn')?.key);
    expect(subjectOf('总是用中文回复')).toMatchObject({ value: subjectOf('总是用中文回复')?.value });
    expect(subjectOf('总是用中文回复')?.key).toBe(subjectOf('以后不要用中文回复')?.key);
    expect(subjectOf('私の趣味は釣りです')?.key).toBe(subjectOf('私の趣味は今は登山です')?.key);
  });
});
