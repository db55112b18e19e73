import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractCandidates, sentencesOf } from '../../context/memory/extractive.js';
import { normalizeMemoryText } from '../../context/memory/policy.js';
import { rangeMessageOf, verifyCandidates } from '../../context/memory/verify.js';

const user = (text: string, seq = 1) => ({ seq, role: 'user', text });
const one = (text: string) => extractCandidates([user(text)]);

describe('extractive extractor', () => {
  it('finds explicit remember requests in English, Chinese, Japanese and Korean', () => {
    expect(one('Please remember that my dog is called Rex.')).toMatchObject([
      {
        type: 'profile',
        content: 'my dog is called Rex',
        quote: 'Please remember that my dog is called Rex.',
      },
    ]);
    expect(one('记住：我的生日是五月三日。')[0]).toMatchObject({ content: '我的生日是五月三日' });
    expect(one('私の誕生日は五月三日だと覚えておいて。')[0]?.content).toContain('私の誕生日は五月三日');
    expect(one('내 생일은 5월 3일이라는 걸 기억해줘.')[0]?.content).toContain('내 생일은 5월 3일');
  });

  it('finds preferences and prohibitions with a key when the subject is named', () => {
    expect(one('I prefer tabs for indentation.')).toMatchObject([
      { type: 'preference', key: 'preference:indentation' },
    ]);
    expect(one("Don't ask me to confirm deletions again.")).toMatchObject([
      { type: 'preference', priority: 4, key: 'ask:to confirm deletions' },
    ]);
    expect(one('Always use pnpm in this repo.')).toMatchObject([
      { type: 'preference', key: 'preference:this repo' },
    ]);
    expect(one('以后不要用英文回答我。')).toMatchObject([{ type: 'preference' }]);
  });

  it('finds decisions from either side and identities with exact identifiers', () => {
    expect(
      extractCandidates([{ seq: 2, role: 'assistant', text: "OK, let's go with PostgreSQL 15." }]),
    ).toMatchObject([{ type: 'decision' }]);
    expect(one('My name is Ada Lovelace.')).toMatchObject([{ type: 'profile', key: 'profile:name' }]);
    const email = one('My work email is ada.l@example.com and I check it daily.');
    expect(email).toMatchObject([{ type: 'entity', key: 'identifier:work email' }]);
    expect(email[0]?.quote).toContain('ada.l@example.com');
    expect(one('我叫王小明。')).toMatchObject([{ type: 'profile', key: 'profile:name' }]);
  });

  it('ignores questions, chatter and the assistant restating preferences', () => {
    expect(one('Do you remember what I said?')).toEqual([]);
    expect(one('The build is green, thanks.')).toEqual([]);
    expect(one('Never mind, it works now.')).toEqual([]);
    expect(one('Never push to main on Fridays.')).toMatchObject([{ type: 'preference' }]);
    expect(extractCandidates([{ seq: 1, role: 'assistant', text: 'I prefer to check first.' }])).toEqual([]);
  });

  it('keeps every quote verbatim and is deterministic (property)', () => {
    const phrases = fc.constantFrom(
      'remember that ',
      'I prefer ',
      'never ',
      "let's go with ",
      '记住',
      '以后不要',
      'My name is Bo. ',
      ' again',
      '. ',
      '? ',
      '\n',
      '覚えて',
      '기억해',
      'Our staging DB is ',
      'heron-staging-db',
      ', prod runs in ',
      ' and the codename is Bluefin',
      'I live in Porto',
      '```',
    );
    const text = fc.array(
      fc.oneof(phrases, fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 })),
      {
        maxLength: 20,
      },
    );
    fc.assert(
      fc.property(
        fc.array(
          text.map((parts) => parts.join('')),
          { minLength: 1, maxLength: 4 },
        ),
        (texts) => {
          const messages = texts.map((t, i) => ({
            seq: i + 1,
            role: i % 2 === 0 ? 'user' : 'assistant',
            text: t,
          }));
          const candidates = extractCandidates(messages);
          expect(extractCandidates(messages)).toEqual(candidates);
          for (const c of candidates) {
            expect(messages.some((m) => m.text.includes(c.quote))).toBe(true);
            expect(c.content.length).toBeLessThanOrEqual(1000);
            expect(c.abstract.length).toBeLessThanOrEqual(200);
          }
          const { rejected } = verifyCandidates(candidates, messages);
          expect(rejected).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splits sentences as slices of the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        for (const s of sentencesOf(text)) expect(text).toContain(s.text);
      }),
    );
  });
});

describe('verification', () => {
  it('rejects an invented quote and a malformed candidate, with reasons', () => {
    const range = [user('I prefer dark mode for the editor.', 7)];
    const good = {
      type: 'preference',
      content: 'dark mode',
      abstract: 'dark mode',
      quote: 'I prefer dark mode',
      priority: 3,
    };
    const invented = { ...good, quote: 'I love light mode' };
    const { accepted, rejected } = verifyCandidates([good, invented, { type: 'nope' }], range);
    expect(accepted).toMatchObject([{ seq: 7, normalized: 'dark mode' }]);
    expect(rejected.map((r) => r.reason)).toEqual(['quote_not_found', 'invalid']);
  });

  it('renders tool calls and results into the range text', () => {
    const call = rangeMessageOf(3, {
      role: 'assistant',
      content: [{ type: 'toolCall', id: 't1', name: 'read', arguments: { path: 'a.ts' } }],
    });
    expect(call.text).toBe('read({"path":"a.ts"})');
    expect(normalizeMemoryText('  Hello   World. ')).toBe('hello world');
  });
});
