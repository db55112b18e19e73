/**
 * The working memory over long sessions (docs/working-memory.md): generated sessions of 100–300
 * turns compacted 8–20 times with the offline summarizer, artifacts planted at random turns. The
 * summary in force at the end keeps every planted modified file, open TODO, failure and
 * identifier, lists finished TODOs as done, and stays within its budget; with a budget too small
 * for everything, it still stays within it and counts what it hid.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceWorkingMemory,
  buildContinuationMessage,
  buildExtractiveDigest,
  estimateMessageTokens,
  type Message,
  renderWorkingMemory,
  summaryBudgetTokens,
  type WorkingMemory,
} from '../../context/index.js';
import { compactionCuts, type PlantCounts, plantedBefore, plantedSession } from '../fuzz/planted-session.js';

const countTokens = (text: string) => estimateMessageTokens(buildContinuationMessage(text));

/** Compacts the session at the cuts, as the persist step does, and returns the last result. */
function compactAll(turns: Message[][], cuts: number[], budgetTokens: number) {
  let memory: WorkingMemory | undefined;
  let result: ReturnType<typeof advanceWorkingMemory> | undefined;
  let from = 0;
  let seq = 0;
  const tokens: number[] = [];
  for (const cut of cuts) {
    const messages = turns.slice(from, cut).flat();
    seq += messages.length;
    result = advanceWorkingMemory({
      ...(memory ? { previous: memory } : {}),
      messages,
      body: buildExtractiveDigest(messages),
      summarizer: 'extractive',
      throughSeq: seq,
      budgetTokens,
      countTokens,
      sessionId: 'prop',
    });
    memory = result.memory;
    tokens.push(result.tokens);
    from = cut;
  }
  return { result: result!, tokens };
}

const sessionArbitrary = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  turnCount: fc.integer({ min: 100, max: 300 }),
  compactions: fc.integer({ min: 8, max: 20 }),
  counts: fc
    .record({
      modified: fc.integer({ min: 0, max: 20 }),
      todos: fc.integer({ min: 0, max: 12 }),
      finished: fc.integer({ min: 0, max: 6 }),
      failures: fc.integer({ min: 0, max: 10 }),
      identifiers: fc.integer({ min: 0, max: 25 }),
    })
    .map((c): PlantCounts => ({ ...c, finished: Math.min(c.finished, c.todos) })),
  window: fc.constantFrom(128_000, 200_000),
});

describe('working memory over long sessions (property)', () => {
  it('keeps every planted modified file, open TODO, failure and identifier, within the budget', () => {
    fc.assert(
      fc.property(sessionArbitrary, ({ seed, turnCount, compactions, counts, window }) => {
        const session = plantedSession(seed, turnCount, counts);
        const budget = summaryBudgetTokens(window);
        const cuts = compactionCuts(seed, turnCount, compactions);
        const { result, tokens } = compactAll(session.turns, cuts, budget);
        // Turns after the last cut are live, not summarised: the summary owes only what came before.
        const planted = plantedBefore(session, cuts[cuts.length - 1]!);
        const text = result.text;
        for (const path of planted.modified) expect(text).toContain(`- ${path}\n`);
        for (const task of planted.openTodos) expect(text).toContain(`- [ ] TODO: ${task}.`);
        for (const task of planted.doneTodos) {
          expect(text).not.toContain(`- [ ] TODO: ${task}.`);
          expect(text).toMatch(new RegExp(`- \\[x\\] (?:TODO: )?${task}`));
        }
        for (const marker of planted.failures) expect(text).toContain(`- exec: ${marker}:`);
        for (const id of planted.identifiers) expect(text).toContain(`- ${id}\n`);
        for (const t of tokens) expect(t).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 25 },
    );
  });

  it('with a budget too small for everything, stays within it and counts what it hid', () => {
    fc.assert(
      fc.property(sessionArbitrary, fc.integer({ min: 700, max: 1_200 }), (session, budget) => {
        const counts = { ...session.counts, modified: 20, identifiers: 25, todos: 12 };
        const generated = plantedSession(session.seed, session.turnCount, counts);
        const cuts = compactionCuts(session.seed, session.turnCount, session.compactions);
        const { result, tokens } = compactAll(generated.turns, cuts, budget);
        const planted = plantedBefore(generated, cuts[cuts.length - 1]!);
        for (const t of tokens) expect(t).toBeLessThanOrEqual(budget);
        // It says what it left out whenever the whole memory would not have fitted.
        if (countTokens(renderWorkingMemory(result.memory, undefined, { sessionId: 'prop' })) > budget) {
          expect(result.text).toContain('## Left out\n- to fit the');
        }
        // Every modified file is listed or counted in the "…and N older modified files" line.
        const listed = planted.modified.filter((path) => result.text.includes(`- ${path}\n`)).length;
        const counted = Number(/…and (\d+) older modified files? archived/.exec(result.text)?.[1] ?? 0);
        expect(listed + counted).toBe(planted.modified.length);
        // The stored memory itself dropped none of them: the budget only shapes the rendering.
        const all = [...result.memory.filesModified, ...result.memory.archived.filesModified.items];
        for (const path of planted.modified) expect(all).toContain(path);
      }),
      { numRuns: 15 },
    );
  });
});
