/** `molt working-memory`: the summary in force, its counts, and every item its bounds archived. */
import { describe, expect, it } from 'vitest';
import { renderWorkingMemory } from '../../cli/working-memory.js';
import { emptyWorkingMemory, mergeWorkingMemory } from '../../context/index.js';

describe('renderWorkingMemory (CLI)', () => {
  it('prints the summary in force and lists the archived items', () => {
    let memory = emptyWorkingMemory();
    for (let i = 0; i < 27; i++)
      memory = mergeWorkingMemory(memory, { filesModified: [`src/f${i}.ts`] }, { throughSeq: i + 1 });
    const out = renderWorkingMemory({
      sessionId: 's1',
      compactionId: 'c9',
      text: '<working-memory compactions="27" through-seq="27">\n## Files modified\n- src/f26.ts\n</working-memory>',
      tokens: 40,
      budgetTokens: 6_000,
      workingMemory: memory,
    });
    expect(out).toContain('Tokens      40 of a 6000-token budget');
    expect(out).toContain('Folded      27 compactions, through seq 27');
    expect(out).toContain('  ## Files modified\n  - src/f26.ts');
    expect(out).toContain('Archived modified files (2, oldest first)\n  src/f0.ts\n  src/f1.ts');
  });

  it('says when there is no compaction yet', () => {
    const out = renderWorkingMemory({
      sessionId: 's1',
      compactionId: null,
      text: null,
      tokens: null,
      budgetTokens: 1_000,
      workingMemory: null,
    });
    expect(out).toContain('Compaction  — (no compaction yet)');
  });
});
