/**
 * Plain facts in the extractive extractor (context/memory/plain-facts.ts, docs/memory.md#plain-facts):
 * the tuned cases of bench/memory-facts-corpus.ts each give exactly their facts (the held-out part
 * is only measured, by bench/memory-facts.bench.ts); every hard negative gives none; quotes pass
 * verification; a later value of the same subject carries the same key, so it supersedes.
 */
import { describe, expect, it } from 'vitest';
import { TUNED } from '../../bench/memory-facts-corpus.js';
import { extractCandidates } from '../../context/memory/extractive.js';
import { verifyCandidates } from '../../context/memory/verify.js';

const user = (text: string) => ({ seq: 1, role: 'user', text });
const one = (text: string) => extractCandidates([user(text)]);

describe('plain facts', () => {
  it("keeps the issue's three facts, one memory each, quoted verbatim", () => {
    const text = 'Our staging DB is heron-staging-db, prod runs in eu-west-3, the codename is Bluefin.';
    const found = one(text);
    expect(found).toMatchObject([
      { type: 'entity', content: 'Our staging DB is heron-staging-db', key: 'fact:staging db:is' },
      { type: 'entity', content: 'prod runs in eu-west-3', key: 'fact:prod:place' },
      { type: 'entity', content: 'the codename is Bluefin', key: 'fact:codename:is' },
    ]);
    expect(verifyCandidates(found, [user(text)]).rejected).toEqual([]);
    // Without the plain-fact rules (the bench's baseline), nothing.
    expect(extractCandidates([user(text)], { plainFacts: false })).toEqual([]);
  });

  it.each(TUNED.filter((c) => c.facts.length > 0))('keeps the facts of "$text"', ({ text, facts }) => {
    const found = one(text);
    expect(found.map((c) => facts.find((f) => c.content.includes(f)))).toEqual(facts);
    expect(verifyCandidates(found, [user(text)]).rejected).toEqual([]);
  });

  it.each(TUNED.filter((c) => c.facts.length === 0))(
    'keeps nothing from the hard negative "$text"',
    ({ text, role }) => {
      expect(extractCandidates([{ seq: 1, role: role ?? 'user', text }])).toEqual([]);
    },
  );

  it('a newer value of the same subject has the same key; another relation of it does not', () => {
    const key = (text: string) => one(text)[0]?.key;
    expect(key('Our staging DB is heron-staging-db.')).toBe(key('Our staging DB is heron-staging-db-2.'));
    expect(key('The codename is Bluefin.')).toBe(key('the codename is Osprey'));
    expect(key('Prod runs in eu-west-3.')).not.toBe(key('Prod is Kubernetes-7.'));
    expect(one('I live in Porto.')).toMatchObject([{ type: 'profile', key: 'profile:location' }]);
  });

  it('a rule that already matched the sentence wins; prose around a fence still counts', () => {
    expect(one('Remember that our staging DB is heron-staging-db.')).toMatchObject([
      { type: 'profile', content: 'our staging DB is heron-staging-db' },
    ]);
    const text = 'Run this:\n```\nthe host is db-7\n```\nOur staging DB is heron-staging-db.';
    expect(one(text).map((c) => c.content)).toEqual(['Our staging DB is heron-staging-db']);
    expect(one('```\nour region is eu-west-3')).toEqual([]); // an unclosed fence runs to the end
  });
});
