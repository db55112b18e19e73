/**
 * The lexical candidates' bound on common terms (db/memory/memory-recall.ts MAX_TERM_ROWS) on real
 * PostgreSQL: in a scope where a word is in more than MAX_TERM_ROWS memories, a question holding
 * it and rarer words gets its candidates from the rarer words (the memory holding both still
 * first); a question of only common words still finds candidates; a scope below the bound ranks
 * as before (every memory holding a query term is a candidate).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryOfTexts } from '../../context/memory/recall.js';
import type { DatabaseHandle } from '../../db/client.js';
import { indexTermsOf } from '../../db/memory/memories.js';
import { MAX_TERM_ROWS, recallCandidates } from '../../db/memory/memory-recall.js';
import { memories } from '../../db/memory/memory-schema.js';
import { usePostgres } from './postgres.js';

describe('common terms in a large scope', () => {
  let handle: DatabaseHandle;
  usePostgres((opened) => {
    handle = opened;
  });

  const plant = async (tenantId: string, userId: string, contents: readonly string[]) => {
    const ids: string[] = [];
    for (let i = 0; i < contents.length; i += 1_000) {
      const rows = await handle.db
        .insert(memories)
        .values(
          contents.slice(i, i + 1_000).map((content) => ({
            id: `mem_${randomUUID()}`,
            tenantId,
            userId,
            type: 'entity' as const,
            content,
            abstract: content,
            normalized: content,
            priority: 3,
            source: { kind: 'operator' as const },
            status: 'active' as const,
          })),
        )
        .returning();
      await indexTermsOf(handle.db, rows);
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  };

  it('a word in more than MAX_TERM_ROWS memories chooses no candidates; rarer words do', async () => {
    const tenantId = `t-${randomUUID()}`;
    const common = Array.from(
      { length: MAX_TERM_ROWS + 50 },
      (_, i) => `the deployment number ${i} went fine`,
    );
    await plant(tenantId, 'u', common);
    const [both] = await plant(tenantId, 'u', ['the deployment of the walrus service failed']);
    const rare = await plant(tenantId, 'u', ['a walrus swam by', 'the walrus service is new']);
    const scope = { tenantId, userId: 'u', agentId: null, sessionId: null };
    const query = queryOfTexts(['why did the walrus deployment fail?'])!;
    const found = await recallCandidates(handle.db, scope, query, 60);
    expect(new Set(found.map((c) => c.memory.id))).toEqual(new Set([both!, ...rare]));
    // Only common words: candidates still come (each word's first rows).
    const onlyCommon = await recallCandidates(handle.db, scope, queryOfTexts(['deployment went fine'])!, 60);
    expect(onlyCommon.length).toBe(60);
  });

  it('below the bound every memory holding a query term is a candidate (up to the limit)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('otter', 'walrus', 'heron', 'lynx', 'ibis'), { minLength: 1, maxLength: 4 }),
        fc.array(
          fc.array(fc.constantFrom('otter', 'walrus', 'heron', 'lynx', 'ibis', 'moss'), { maxLength: 3 }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        async (asked, docs) => {
          const tenantId = `t-${randomUUID()}`;
          const ids = await plant(
            tenantId,
            'u',
            docs.map((words, i) => `note ${i} ${words.join(' ')}`),
          );
          const scope = { tenantId, userId: 'u', agentId: null, sessionId: null };
          const found = await recallCandidates(handle.db, scope, queryOfTexts([asked.join(' ')])!, 60);
          const expected = ids.filter((_, i) => docs[i]!.some((w) => (asked as string[]).includes(w)));
          expect(new Set(found.map((c) => c.memory.id))).toEqual(new Set(expected));
        },
      ),
      { numRuns: 20 },
    );
  });
});
