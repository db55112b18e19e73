import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type LoadedConversation,
  loadPeopleCorpus,
  PEOPLE_PARTS,
  type PeopleConversation,
  parseConversation,
  QUESTION_CATEGORIES,
  scoreEvidence,
} from '../../bench/people-corpus.js';

const all = loadPeopleCorpus('all');
const part = (name: 'tuning' | 'held-out') => all.filter((c) => c.part === name);
const twoPeople = (conversations: LoadedConversation[]) =>
  conversations.filter((c) => c.speakers.length === 2);

/** A deep copy without the loader's own fields, as the JSON file holds it. */
function fileOf(conversation: LoadedConversation): PeopleConversation {
  const { part: _part, file: _file, ...data } = structuredClone(conversation);
  return data;
}

const messagesOf = (c: PeopleConversation) => c.sessions.flatMap((s) => s.messages);

describe('the people-conversation corpus', () => {
  it.each(all.map((c) => [c.file, c] as const))('%s is valid', (_file, conversation) => {
    expect(() => parseConversation(fileOf(conversation), conversation.file)).not.toThrow();
  });

  it('has the size the benchmarks rely on: 6+ held-out and 8+ tuning two-person conversations, a group chat, 150+ questions', () => {
    expect(twoPeople(part('held-out')).length).toBeGreaterThanOrEqual(6);
    expect(twoPeople(part('tuning')).length).toBeGreaterThanOrEqual(8);
    expect(all.some((c) => c.speakers.length === 3)).toBe(true);
    expect(all.reduce((n, c) => n + c.questions.length, 0)).toBeGreaterThanOrEqual(150);
  });

  it.each(PEOPLE_PARTS)('%s: every question category and a quoted or reported message occur', (name) => {
    const conversations = part(name);
    const categories = new Set(conversations.flatMap((c) => c.questions.map((q) => q.category)));
    expect([...categories].sort()).toEqual([...QUESTION_CATEGORIES].sort());
    const negatives = conversations.flatMap((c) => {
      const byId = new Map(messagesOf(c).map((m) => [m.id, m.text]));
      return c.negatives.map((id) => byId.get(id) ?? '');
    });
    expect(negatives.some((text) => /^>|\n>/.test(text))).toBe(true);
  });

  it('keeps the parts apart: no conversation id, and no message text, in both', () => {
    const texts = (conversations: LoadedConversation[]) =>
      new Set(conversations.flatMap((c) => messagesOf(c).map((m) => m.text)).filter((t) => t.length > 40));
    const tuning = texts(part('tuning'));
    const shared = [...texts(part('held-out'))].filter((t) => tuning.has(t));
    expect(shared).toEqual([]);
  });
});

/** Each breaks one rule of the corpus; the validator must name it. */
const BREAKAGES: { name: string; expected: RegExp; apply: (c: PeopleConversation, pick: number) => void }[] =
  [
    {
      name: 'evidence naming a message that does not exist',
      expected: /s99-m1 does not exist/,
      apply: (c, pick) => {
        const q = c.questions[pick % c.questions.length]!;
        q.evidence = [...q.evidence, 's99-m1'];
      },
    },
    {
      name: 'a memory citing a missing message',
      expected: /s1-m999 does not exist/,
      apply: (c, pick) => {
        c.memories[pick % c.memories.length]!.evidence = ['s1-m999'];
      },
    },
    {
      name: 'a message earlier than the one before it',
      expected: /is earlier than/,
      apply: (c, pick) => {
        const messages = messagesOf(c);
        const i = 1 + (pick % (messages.length - 1));
        messages[i]!.at = new Date(Date.parse(messages[i - 1]!.at) - 60_000).toISOString();
      },
    },
    {
      name: 'a message id used twice',
      expected: /message id .* is not unique/,
      apply: (c, pick) => {
        const session = c.sessions[pick % c.sessions.length]!;
        session.messages[1]!.id = session.messages[0]!.id;
      },
    },
    {
      name: 'a negative that is also a memory',
      expected: /both a negative and a memory's evidence/,
      apply: (c, pick) => {
        c.negatives.push(c.memories[pick % c.memories.length]!.evidence[0]!);
      },
    },
    {
      name: 'a mustContain word its evidence does not say',
      expected: /"zebracorn" does not occur/,
      apply: (c, pick) => {
        c.memories[pick % c.memories.length]!.mustContain = ['zebracorn'];
      },
    },
    {
      name: 'a message by someone not in the conversation',
      expected: /speaker Mallory, not one of the speakers/,
      apply: (c, pick) => {
        const messages = messagesOf(c);
        messages[pick % messages.length]!.speaker = 'Mallory';
      },
    },
    {
      name: 'an update question without the evidence it amends',
      expected: /supersededEvidence/,
      apply: (c, pick) => {
        const q = c.questions[pick % c.questions.length]!;
        if (q.category === 'update') delete q.supersededEvidence;
        else q.category = 'update';
      },
    },
    {
      name: 'a session on the same day as the one before',
      expected: /days after the one before/,
      apply: (c, pick) => {
        const s = 1 + (pick % (c.sessions.length - 1));
        c.sessions[s]!.startedAt = c.sessions[s - 1]!.startedAt;
      },
    },
    {
      name: 'a date that is not on the calendar',
      expected: /not a calendar date/,
      apply: (c, pick) => {
        c.memories[pick % c.memories.length]!.date = '2026-02-30';
      },
    },
  ];

describe('the corpus validator', () => {
  it('rejects any one broken rule in any conversation, naming the file and the rule', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...all),
        fc.constantFrom(...BREAKAGES),
        fc.nat(),
        (conversation, breakage, pick) => {
          const data = fileOf(conversation);
          breakage.apply(data, pick);
          let message = '';
          try {
            parseConversation(data, conversation.file);
          } catch (error) {
            message = (error as Error).message;
          }
          expect(message, breakage.name).toMatch(breakage.expected);
          expect(message.startsWith(conversation.file)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('rejects text that is not a conversation, without echoing it', () => {
    expect(() => parseConversation({ id: 'x', secret: 'DROP TABLE users' }, 'f.json')).toThrow(/^f\.json: /);
    expect(() => parseConversation('DROP TABLE users', 'f.json')).not.toThrow(/DROP TABLE/);
  });
});

describe('scoreEvidence', () => {
  it('counts a question as found at k exactly when an evidence id is among the first k results', async () => {
    const conversation = all[0]!;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: conversation.questions.length - 1 }),
        fc.integer({ min: 0, max: 12 }),
        async (q, rank) => {
          const question = conversation.questions[q]!;
          const only = { ...conversation, questions: [question] };
          const filler = Array.from({ length: 12 }, (_, i) => `none-${i}`);
          filler.splice(rank, 0, question.evidence[0]!);
          const score = await scoreEvidence([only], () => filler);
          expect(score.hitAt5).toBe(rank < 5 ? 1 : 0);
          expect(score.hitAt10).toBe(rank < 10 ? 1 : 0);
          expect(score.byCategory[question.category]?.questions).toBe(1);
        },
      ),
    );
  });
});
