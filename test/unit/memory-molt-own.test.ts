/**
 * molt's own text is never a memory (issue 32 item 3; context/memory/molt-own.ts): a transcript
 * an agent sends back carries molt's continuation message (`<molt-summary>` and an earlier
 * summary's headers), the system-prompt addition (`<molt-memory>`), the simulated
 * `search_memories` call and result, the agent CLI's instructions, a skill's memory block and
 * molt's `[molt]` notes. Each states facts in the words the rules read ("I work at Acme", "We
 * decided to…"); none of them may come back as a memory, from the extractive rules or from an LLM
 * candidate quoting them — while what the user says beside them still does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildContinuationMessage } from '../../context/digest/summary.js';
import { agentCliPrompt } from '../../context/memory/cli-prompt.js';
import { extractCandidates } from '../../context/memory/extractive.js';
import { systemPromptAddition } from '../../context/memory/prompt.js';
import { recallMessages } from '../../context/memory/recall.js';
import { skillMemoryBlock } from '../../context/memory/tool-memory.js';
import type { RangeMessage } from '../../context/memory/types.js';
import { rangeMessageOf, verifyCandidates } from '../../context/memory/verify.js';
import type { Message, UserMessage } from '../../context/messages.js';
import { RESTORE_HEADER } from '../../context/restore/index.js';

/** Facts in the words the rules read: each would be a memory if the user said it. */
const FACTS = [
  'I work at Acme Robotics',
  'We decided to move the launch to Lisbon',
  'My name is Dana Whitfield',
  'I prefer tea over coffee',
  'I went to Woodhaven last week',
  "I'm going to run the Berlin marathon next month",
  'Please remember that my staging DB is heron-staging-db',
];

const SUMMARY_TEXT = [
  'Summary:',
  '## Decisions',
  `- ${FACTS[1]}`,
  '## Open TODOs',
  `- [ ] ${FACTS[5]}`,
  '## Pending user asks',
  `- ${FACTS[6]}`,
  '## Exact identifiers',
  '- heron-staging-db',
].join('\n');

const textOf = (m: UserMessage) =>
  typeof m.content === 'string' ? m.content : m.content.map((b) => ('text' in b ? b.text : '')).join('\n');

/** Each block molt writes, as the text of the message an agent sends back. */
const BLOCKS: Record<string, string> = {
  continuation: textOf(buildContinuationMessage(SUMMARY_TEXT)),
  systemPrompt: systemPromptAddition({
    about: FACTS.map((content) => ({
      type: 'profile',
      content,
      provenance: 'said by the user',
      validFrom: null,
      recordedAt: '2026-11-20T10:00:00.000Z',
    })),
    tools: [],
    counts: { profile: FACTS.length },
    maxTokens: 10_000,
    countTokens: (t) => Math.ceil(t.length / 4),
  })!,
  cliPrompt: agentCliPrompt(),
  skill: skillMemoryBlock({
    skill: 'deploy',
    uses: 3,
    sessions: 2,
    cleanUses: 3,
    lastUsedAt: '2026-11-20T10:00:00.000Z',
    notes: FACTS.slice(0, 3),
  }),
  restore: `${RESTORE_HEADER}\n"notes.md"\n\`\`\`\n${FACTS[0]}.\n${FACTS[4]}.\n\`\`\``,
  recallJson: JSON.parse(JSON.stringify((recallMessages(FACTS[2]!, recalled()) as Message[])[1]!.content))[0]
    .text as string,
  headersOnly: SUMMARY_TEXT,
};

function recalled() {
  return FACTS.map((content, i) => ({
    id: `m${i}`,
    type: 'profile',
    content,
    source: 'said by the user' as const,
    recordedAt: '2026-11-20T10:00:00.000Z',
  }));
}

/** The simulated recall call and result as a stored range shows them (after the user's message). */
function recallTurn(firstSeq: number): RangeMessage[] {
  const [call, result] = recallMessages(FACTS.join('\n'), recalled());
  return [rangeMessageOf(firstSeq, call), rangeMessageOf(firstSeq + 1, result)];
}

const stored = (range: RangeMessage[]) => verifyCandidates(extractCandidates(range), range).accepted;

describe("molt's own text is never a memory", () => {
  it('each of the sections of molt text above would be read as memories if the user typed its facts', () => {
    for (const fact of FACTS) {
      expect(stored([{ seq: 1, role: 'user', text: fact }]).length, fact).toBeGreaterThan(0);
    }
  });

  it.each(Object.keys(BLOCKS))('%s sent back as a user message yields nothing', (name) => {
    for (const speaker of [undefined, 'Dana']) {
      const message: RangeMessage = { seq: 1, role: 'user', text: BLOCKS[name]!, at: Date.now() };
      if (speaker) message.speaker = speaker;
      expect(stored([message])).toEqual([]);
    }
  });

  it('the simulated search_memories call and result yield nothing', () => {
    const range = [{ seq: 1, role: 'user', text: 'ok' }, ...recallTurn(2)];
    expect(stored(range)).toEqual([]);
  });

  it("blocks among the user's own words: only the user's words are kept, in any order (property)", () => {
    // molt's restore message is a message of its own (it opens with `[molt]`): it comes apart.
    const { restore, ...inline } = BLOCKS;
    const block = fc.constantFrom(...Object.values(inline));
    const own = fc.constantFrom(
      { text: 'I adopted a kitten named Miso yesterday', value: 'Miso' },
      { text: 'My favorite band is Khruangbin', value: 'Khruangbin' },
      { text: 'I work at Globex Harbor', value: 'Globex' },
    );
    fc.assert(
      fc.property(
        fc.array(block, { minLength: 1, maxLength: 3 }),
        own,
        fc.nat(3),
        fc.boolean(),
        fc.boolean(),
        (blocks, mine, at, withRecall, withRestore) => {
          const parts = [...blocks];
          parts.splice(Math.min(at, parts.length), 0, mine.text);
          const range: RangeMessage[] = [{ seq: 1, role: 'user', text: parts.join('\n\n') }];
          if (withRecall) range.push(...recallTurn(2));
          if (withRestore) range.push({ seq: 4, role: 'user', text: restore! });
          const kept = stored(range);
          expect(kept.length).toBeGreaterThan(0);
          for (const { candidate } of kept) {
            expect(candidate.quote).toContain(mine.value);
            for (const fact of FACTS) expect(candidate.quote).not.toContain(fact);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it("an LLM candidate quoting molt's text is rejected, whatever the role that carries it (property)", () => {
    const turn = recallTurn(2);
    const sources = [
      ...Object.values(BLOCKS).flatMap((text) => [
        { role: 'user', text },
        { role: 'assistant', text },
      ]),
      ...turn,
    ];
    const lines = sources.flatMap((m) =>
      m.text
        .split('\n')
        .filter((l) => l.trim().length >= 12)
        .map((line) => ({ m, quote: line.trim().slice(0, 200) })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...lines),
        fc.constantFrom('decision', 'profile', 'tool'),
        ({ m, quote }, type) => {
          const range: RangeMessage[] = [{ ...m, seq: 1 }];
          const candidate = {
            type,
            content: quote,
            abstract: quote.slice(0, 80),
            key: null,
            quote,
            priority: 3,
          };
          const { accepted, rejected } = verifyCandidates([candidate], range);
          expect(accepted).toEqual([]);
          expect(rejected.map((r) => r.reason)).toEqual(['quote_not_found']);
        },
      ),
      { numRuns: 300 },
    );
  });
});
