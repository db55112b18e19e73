/** The working memory's rules one by one: the guards, the LLM's proposals, the budget, the cut. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipAtWord } from '../../context/digest/message-text.js';
import {
  advanceWorkingMemory,
  emptyWorkingMemory,
  estimateTextTokens,
  fitWorkingMemory,
  MAX_READ_FILES,
  mergeWorkingMemory,
  parseWorkingMemory,
  proposalFromText,
  summaryBudgetTokens,
  type WorkingMemory,
} from '../../context/index.js';
import { assistant, assistantWithCalls, call, toolResult, user } from './factories.js';

const FIRST_RANGE = [
  user('Restore heron-staging-db in eu-west-3 from ticket INC-4521, please.'),
  assistantWithCalls([call('edit', { path: 'src/db.ts' }, { id: 'e1' })]),
  toolResult('edit', 'ok', { id: 'e1' }),
  assistantWithCalls([call('exec', { cmd: 'make' }, { id: 'x1' })]),
  toolResult('exec', 'ECONNREFUSED 10.0.0.12:5432', { id: 'x1', isError: true }),
  assistant('TODO: rotate the backup key. We decided to use pg_dump.'),
];

function step(
  previous: WorkingMemory | undefined,
  messages = FIRST_RANGE,
  body = '',
  summarizer: 'llm' | 'extractive' = 'llm',
) {
  return advanceWorkingMemory({
    ...(previous ? { previous } : {}),
    messages,
    body,
    summarizer,
    throughSeq: 10,
    budgetTokens: 4_000,
    countTokens: estimateTextTokens,
    sessionId: 's1',
  });
}

describe('merge guards', () => {
  it('an LLM narrative that drops everything loses nothing', () => {
    const first = step(undefined);
    const second = step(first.memory, [user('ok, go on')], 'Everything is fine. Nothing else matters.');
    for (const kept of ['- src/db.ts', '- [ ] TODO: rotate the backup key.', 'ECONNREFUSED 10.0.0.12:5432']) {
      expect(second.text).toContain(kept);
    }
    for (const id of ['heron-staging-db', 'eu-west-3', 'INC-4521'])
      expect(second.text).toContain(`- ${id}\n`);
    expect(second.text).toContain('## Narrative\nEverything is fine. Nothing else matters.');
  });

  it("takes the LLM's decisions, finished TODOs and verified identifiers, not its files or inventions", () => {
    const first = step(undefined);
    const body = [
      'We restored the database.',
      '## Decisions',
      '- Keep pg_dump 16 for restores',
      '## Open TODOs',
      '- [x] rotate the backup key',
      '- [ ] write the runbook',
      '## Exact identifiers',
      '- 10.0.0.12:5432',
      '- made-up-host-9',
      '## Files modified',
      '- src/invented.ts',
    ].join('\n');
    const second = step(first.memory, FIRST_RANGE, body);
    expect(second.memory.todosDone).toContain('TODO: rotate the backup key.');
    expect(second.memory.todosOpen).not.toContain('TODO: rotate the backup key.');
    expect(second.memory.todosOpen).toContain('write the runbook');
    expect(second.memory.decisions).toContain('Keep pg_dump 16 for restores');
    const ids = second.memory.identifiers.map((entry) => entry.value);
    expect(ids).toContain('10.0.0.12:5432');
    expect(ids).not.toContain('made-up-host-9');
    expect(second.memory.filesModified).not.toContain('src/invented.ts');
  });

  it('knows a TODO the model rewrites with a status note, and finishes it', () => {
    const first = step(undefined);
    const body = '## Open TODOs\n- [ ] rotate the backup key (blocked on access)';
    const second = step(first.memory, [user('ok')], body);
    expect(second.memory.todosOpen).toEqual(['TODO: rotate the backup key.']);
    const third = step(
      second.memory,
      [user('ok')],
      '## Open TODOs\n- [x] rotate the backup key (done today)',
    );
    expect(third.memory.todosOpen).toEqual([]);
    expect(third.memory.todosDone).toEqual(['TODO: rotate the backup key.']);
  });

  it('deduplicates repeated failures and counts them', () => {
    const first = step(undefined);
    const again = [
      assistantWithCalls([call('exec', { cmd: 'make' }, { id: 'x2' })]),
      toolResult('exec', 'ECONNREFUSED 10.0.0.12:5432', { id: 'x2', isError: true }),
    ];
    const second = step(first.memory, again);
    expect(second.memory.failures).toHaveLength(1);
    expect(second.text).toContain('- exec ×2: ECONNREFUSED 10.0.0.12:5432');
  });

  it('archives the oldest modified files beyond the bound, with a count and a pointer', () => {
    let memory = emptyWorkingMemory();
    for (let i = 0; i < 40; i++)
      memory = mergeWorkingMemory(memory, { filesModified: [`src/f${i}.ts`] }, { throughSeq: i });
    expect(memory.filesModified).toHaveLength(25);
    expect(memory.archived.filesModified.count).toBe(15);
    expect(memory.archived.filesModified.items).toEqual(Array.from({ length: 15 }, (_, i) => `src/f${i}.ts`));
    const fitted = fitWorkingMemory(memory, {
      budgetTokens: 10_000,
      countTokens: estimateTextTokens,
      sessionId: 's1',
    });
    expect(fitted.text).toContain(
      '- …and 15 older modified files archived (GET /v1/sessions/s1/working-memory',
    );
  });

  it('keeps only the most recent files read, counting the rest', () => {
    let memory = emptyWorkingMemory();
    for (let i = 0; i < 15; i++)
      memory = mergeWorkingMemory(memory, { filesRead: [`docs/r${i}.md`] }, { throughSeq: i });
    expect(memory.filesRead).toHaveLength(MAX_READ_FILES);
    expect(memory.filesRead[0]).toBe('docs/r14.md');
    expect(memory.dropped.filesRead).toBe(5);
  });
});

describe('proposalFromText', () => {
  it('reads the headed LLM summary and treats unknown sections as narrative', () => {
    const proposal = proposalFromText(
      'Summary:\nWe fixed it.\n## Decisions\n- use zod\n## Constraints/Rules\n- never push to main\n## Pending user asks\n- ship v2\n## Open TODOs\nNone.\n## Exact identifiers\n- `eu-west-3`',
    );
    expect(proposal.narrative).toBe('We fixed it.');
    expect(proposal.decisions).toEqual(['use zod', 'Rule: never push to main']);
    expect(proposal.state).toBe('Pending ask: ship v2');
    expect(proposal.todosOpen).toEqual([]);
    expect(proposal.identifiers).toContain('eu-west-3');
  });
});

describe('budget', () => {
  it('defaults to 3% of the window within [1 000, 6 000], and a setting overrides it', () => {
    expect(summaryBudgetTokens(200_000)).toBe(6_000);
    expect(summaryBudgetTokens(100_000)).toBe(3_000);
    expect(summaryBudgetTokens(16_000)).toBe(1_000);
    expect(summaryBudgetTokens(200_000, 2_500)).toBe(2_500);
  });

  it('keeps the floor to 10% of a small window (a 4K window is not given a quarter of itself)', () => {
    expect(summaryBudgetTokens(4_000)).toBe(400);
    expect(summaryBudgetTokens(8_000)).toBe(800);
    expect(summaryBudgetTokens(10_000)).toBe(1_000);
    expect(summaryBudgetTokens(2_000)).toBe(300);
  });

  it('sheds the narrative first, then the oldest reads, and says so', () => {
    let memory = emptyWorkingMemory();
    memory = mergeWorkingMemory(
      memory,
      {
        narrative: 'word '.repeat(250).trim(),
        filesRead: Array.from({ length: 10 }, (_, i) => `docs/read-${i}.md`),
        filesModified: ['src/kept.ts'],
      },
      { throughSeq: 1 },
    );
    const full = fitWorkingMemory(memory, { budgetTokens: 100_000, countTokens: estimateTextTokens });
    const small = fitWorkingMemory(memory, {
      budgetTokens: full.tokens - 200,
      countTokens: estimateTextTokens,
    });
    expect(small.tokens).toBeLessThanOrEqual(full.tokens - 200);
    expect(small.text).toContain('docs/read-0.md');
    expect(small.leftOut.join()).toContain('the narrative');
    const smaller = fitWorkingMemory(memory, { budgetTokens: 120, countTokens: estimateTextTokens });
    expect(smaller.text).not.toContain('## Narrative');
    expect(smaller.text).toContain('- src/kept.ts');
    expect(smaller.text).toMatch(
      /## Left out\n- to fit the 120-token budget: the narrative; \d+ older files read/,
    );
  });
});

describe('clipAtWord', () => {
  it('never cuts inside a word that is not a blob', () => {
    const word = fc.stringMatching(/^[a-z0-9.-]{1,30}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 5, max: 200 }),
        (words, max) => {
          const clipped = clipAtWord(words.join(' '), max).replace(/ …$/, '');
          for (const kept of clipped.split(' ')) expect(words).toContain(kept);
        },
      ),
    );
  });
});

describe('parseWorkingMemory', () => {
  it('accepts a stored memory and refuses anything else', () => {
    const memory = step(undefined).memory;
    expect(parseWorkingMemory(JSON.parse(JSON.stringify(memory)))).toEqual(memory);
    expect(parseWorkingMemory({ version: 2 })).toBeUndefined();
    expect(parseWorkingMemory(null)).toBeUndefined();
  });
});
