/**
 * The update policy's probes in a big scope (issue 33 item 2): the similarity of a draft is
 * computed only for the RELATED_CANDIDATES memories sharing the most recall-index terms with it,
 * so a commit's cost does not grow with the scope. Checked here on real PostgreSQL: in a scope
 * larger than the bound whose memories all share words with the draft (the worst case for the
 * bound), a restatement, a near duplicate and a contradiction of any one memory find it first —
 * what the update policy needs to call them a duplicate or let them supersede it.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { normalizeMemoryText } from '../../context/memory/policy.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { indexTermsOf, type MemoryScope } from '../../db/memory/memories.js';
import { memories } from '../../db/memory/memory-schema.js';
import { RELATED_CANDIDATES, relatedMemories } from '../../db/memory/memory-store.js';
import { ensureTenant } from '../../db/transcript.js';
import { operatorMemoryRow } from '../fixtures/memory-rows.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ url: inject('databaseUrl') }, { poolSize: 2 });
});
afterAll(() => handle?.close());

const WORDS = 'deploy vault rollout cache schema budget retry window cursor token ledger region'.split(' ');
/** Memory i of a scope: words every memory shares, its own number and code (no subject). */
const textOf = (i: number, code: string, negated = false) =>
  `Item ${i + 10} ${negated ? 'never keeps' : 'keeps'} the ${WORDS.filter((_, k) => (i + k) % 3 !== 0).join(' ')} under code ${code}`;

async function seedScope(
  size: number,
): Promise<{ scope: MemoryScope; rows: Array<{ id: string; content: string }> }> {
  const tenantId = `related-${randomUUID()}`;
  await ensureTenant(handle.db, tenantId);
  const scope: MemoryScope = { tenantId, userId: 'big-user', agentId: null, sessionScope: null };
  const now = new Date();
  const values = Array.from({ length: size }, (_, i) =>
    operatorMemoryRow({ tenantId, userId: 'big-user' }, 'entity', textOf(i, randomUUID().slice(0, 8)), now),
  );
  const inserted = await handle.db.insert(memories).values(values).returning();
  await indexTermsOf(handle.db, inserted);
  return { scope, rows: inserted };
}

const probeOf = (content: string) => ({
  content,
  normalized: normalizeMemoryText(content),
  key: null,
  subjectKey: null,
});

describe('related memories in a scope larger than the similarity bound', () => {
  it('a restatement, a near duplicate and a contradiction of any memory find that memory first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: RELATED_CANDIDATES + 1, max: 3 * RELATED_CANDIDATES }),
        fc.nat(),
        async (size, pick) => {
          const { scope, rows } = await seedScope(size);
          const target = rows[pick % rows.length]!;
          const [, n, code] = /^Item (\d+) .* under code (\S+)$/.exec(target.content)!;
          const drafts = {
            // The same text, shouted and with a full stop.
            restated: `${target.content.toUpperCase()}.`,
            // The same words with an article dropped: found by similarity only.
            near: target.content.replace(' the ', ' '),
            // A negation flipped.
            negated: textOf(Number(n) - 10, code!, true),
          };
          for (const [what, content] of Object.entries(drafts)) {
            const related = await relatedMemories(handle.db, scope, probeOf(content));
            expect(related[0]?.row.id, what).toBe(target.id);
          }
        },
      ),
      { numRuns: 6, endOnFailure: true },
    );
  });
});
