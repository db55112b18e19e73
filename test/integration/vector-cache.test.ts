/**
 * The exact path's vector cache (db/memory/vector-cache.ts) on real PostgreSQL: after any sequence
 * of stores, re-embeddings, deletions and other tenants' writes, a cache caught up incrementally
 * scans as one read in full and as the database's rows by the scope rules (the user's learned
 * through the scope's agent or none; the agent's without a user; the session's own) — never a
 * deleted row, another tenant's or another user's; the sessions of one user share one matrix; and
 * a memory deleted while its vector is still cached is never returned by vectorCandidates.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { memoryEmbeddings } from '../../db/memory/memory-embedding-schema.js';
import { storeEmbeddings, vectorCandidates } from '../../db/memory/memory-embeddings.js';
import type { RecallScope } from '../../db/memory/memory-recall.js';
import { type MemoryRow, memories } from '../../db/memory/memory-schema.js';
import {
  cachedNearest,
  clearVectorCache,
  expireVectorCache,
  vectorCacheParts,
} from '../../db/memory/vector-cache.js';
import { usePostgres } from './postgres.js';

const MODEL = 'cache-test-model';
const DIMS = 12;

function generator(seed: number) {
  let s = (Math.abs(seed) % 2_147_483_646) + 1;
  return () => {
    s = (s * 16_807) % 2_147_483_647;
    return s / 2_147_483_647 - 0.5;
  };
}

interface Owner {
  userId: string | null;
  agentId: string | null;
  sessionScope: string | null;
}

const OWNERS: Owner[] = [
  { userId: 'u0', agentId: null, sessionScope: null },
  { userId: 'u0', agentId: 'a', sessionScope: null },
  { userId: 'u0', agentId: 'b', sessionScope: null },
  { userId: 'u1', agentId: 'a', sessionScope: null },
  { userId: null, agentId: 'a', sessionScope: null },
  { userId: null, agentId: null, sessionScope: 's1' },
  { userId: null, agentId: null, sessionScope: 's2' },
];

const SCOPES: Array<Omit<RecallScope, 'tenantId'>> = [
  { userId: 'u0', agentId: 'a', sessionId: 's1' },
  { userId: 'u0', agentId: 'a', sessionId: 's2' },
  { userId: 'u0', agentId: null, sessionId: null },
  { userId: 'u1', agentId: 'a', sessionId: 's1' },
  { userId: null, agentId: 'a', sessionId: null },
  { userId: null, agentId: null, sessionId: 's2' },
  { userId: null, agentId: null, sessionId: null },
];

/** The scope rule on a vector's row, stated plainly (db/memory/memory-recall.ts). */
function inScope(scope: RecallScope, row: Owner & { tenantId: string }): boolean {
  if (row.tenantId !== scope.tenantId) return false;
  if (scope.userId === null && scope.agentId === null && scope.sessionId === null) return true;
  return (
    (scope.userId !== null &&
      row.userId === scope.userId &&
      (scope.agentId === null || row.agentId === null || row.agentId === scope.agentId)) ||
    (scope.agentId !== null && row.userId === null && row.agentId === scope.agentId) ||
    (scope.sessionId !== null && row.sessionScope === scope.sessionId)
  );
}

type Op =
  | { kind: 'store'; owner: number; n: number; other: boolean }
  | { kind: 'reembed'; pick: number }
  | { kind: 'delete'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('store' as const),
    owner: fc.nat({ max: OWNERS.length - 1 }),
    n: fc.integer({ min: 1, max: 6 }),
    other: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('reembed' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

describe('the vector cache on PostgreSQL', () => {
  let handle: DatabaseHandle;
  usePostgres((opened) => {
    handle = opened;
  });

  const plant = async (
    tenantId: string,
    owner: Owner,
    n: number,
    next: () => number,
  ): Promise<MemoryRow[]> => {
    const rows = await handle.db
      .insert(memories)
      .values(
        Array.from({ length: n }, () => ({
          id: `mem_${randomUUID()}`,
          tenantId,
          ...owner,
          type: owner.userId === null && owner.agentId !== null ? ('tool' as const) : ('entity' as const),
          content: 'planted',
          abstract: 'planted',
          normalized: 'planted',
          priority: 3,
          source: { kind: 'operator' as const },
          status: 'active' as const,
        })),
      )
      .returning();
    await storeEmbeddings(
      handle.db,
      MODEL,
      rows.map((memory) => ({ memory, vector: unitVector(next) })),
    );
    return rows;
  };

  const unitVector = (next: () => number) => {
    const v = new Float32Array(DIMS).map(next);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };

  /** Every vector of the scope, from the database, by the rule above: id → cosine to `query`. */
  const truth = async (scope: RecallScope, query: Float32Array) => {
    const rows = await handle.db.select().from(memoryEmbeddings).where(eq(memoryEmbeddings.model, MODEL));
    return new Map(
      rows
        .filter((r) => r.vector && inScope(scope, r))
        .map((r) => [r.memoryId, r.vector!.reduce((sum, x, d) => sum + x * query[d]!, 0)]),
    );
  };

  it('caught up incrementally, scans as a full read and as the database by the scope rules', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.array(opArb, { minLength: 1, maxLength: 14 }), async (seed, ops) => {
        const tenantId = `t-${randomUUID()}`;
        const otherTenant = `t-${randomUUID()}`;
        const next = generator(seed);
        const planted: MemoryRow[] = [];
        const deleted = new Set<string>();
        clearVectorCache();
        const check = async () => {
          expireVectorCache();
          const query = unitVector(next);
          for (const s of SCOPES) {
            const scope = { tenantId, ...s };
            const incremental = await cachedNearest(handle.db, scope, MODEL, query, 10_000, -1);
            const want = await truth(scope, query);
            expect(new Set(incremental.map((r) => r.id))).toEqual(new Set(want.keys()));
            for (const r of incremental) {
              expect(r.cosine).toBeCloseTo(want.get(r.id)!, 5);
              expect(deleted.has(r.id)).toBe(false);
            }
          }
          // The same from a cache read in full.
          clearVectorCache();
          for (const s of SCOPES) {
            const scope = { tenantId, ...s };
            const full = await cachedNearest(handle.db, scope, MODEL, query, 10_000, -1);
            expect(new Set(full.map((r) => r.id))).toEqual(new Set((await truth(scope, query)).keys()));
          }
        };
        for (const op of ops) {
          if (op.kind === 'store') {
            const rows = await plant(op.other ? otherTenant : tenantId, OWNERS[op.owner]!, op.n, next);
            if (!op.other) planted.push(...rows);
          } else {
            const live = planted.filter((m) => !deleted.has(m.id));
            const memory = live[op.pick % Math.max(1, live.length)];
            if (!memory) continue;
            if (op.kind === 'reembed')
              await storeEmbeddings(handle.db, MODEL, [{ memory, vector: unitVector(next) }]);
            else {
              await handle.db.delete(memories).where(eq(memories.id, memory.id));
              deleted.add(memory.id);
            }
          }
          await check();
        }
      }),
      { numRuns: 15 },
    );
  });

  it('the sessions of one user share one matrix, each still seeing its own session rows only', async () => {
    const tenantId = `t-${randomUUID()}`;
    const next = generator(42);
    await plant(tenantId, { userId: 'u', agentId: null, sessionScope: null }, 30, next);
    const own1 = await plant(tenantId, { userId: null, agentId: null, sessionScope: 'x1' }, 3, next);
    const own2 = await plant(tenantId, { userId: null, agentId: null, sessionScope: 'x2' }, 3, next);
    clearVectorCache();
    const query = unitVector(next);
    const first = await cachedNearest(
      handle.db,
      { tenantId, userId: 'u', agentId: null, sessionId: 'x1' },
      MODEL,
      query,
      100,
      -1,
    );
    const parts = vectorCacheParts();
    const second = await cachedNearest(
      handle.db,
      { tenantId, userId: 'u', agentId: null, sessionId: 'x2' },
      MODEL,
      query,
      100,
      -1,
    );
    // One more part (the second session's own rows), not a second copy of the user's.
    expect(vectorCacheParts()).toBe(parts + 1);
    expect(first.length).toBe(33);
    expect(second.length).toBe(33);
    const ids1 = new Set(first.map((r) => r.id));
    const ids2 = new Set(second.map((r) => r.id));
    for (const m of own1) expect([ids1.has(m.id), ids2.has(m.id)]).toEqual([true, false]);
    for (const m of own2) expect([ids1.has(m.id), ids2.has(m.id)]).toEqual([false, true]);
  });

  it('a memory deleted while its vector is still cached is never returned', async () => {
    const tenantId = `t-${randomUUID()}`;
    const next = generator(7);
    const rows = await plant(tenantId, { userId: 'u', agentId: null, sessionScope: null }, 20, next);
    const scope = { tenantId, userId: 'u', agentId: null, sessionId: null };
    const query = unitVector(next);
    const before = await vectorCandidates(handle.db, scope, MODEL, query, {
      limit: 20,
      minCosine: -1,
      search: 'exact',
    });
    expect(before.length).toBe(20);
    const gone = before.slice(0, 5).map((r) => r.memory.id);
    await handle.db.delete(memories).where(inArray(memories.id, gone));
    // Within the cache's freshness: the matrix still holds them, the read-back drops them.
    const after = await vectorCandidates(handle.db, scope, MODEL, query, {
      limit: 20,
      minCosine: -1,
      search: 'exact',
    });
    expect(after.map((r) => r.memory.id)).toEqual(before.slice(5).map((r) => r.memory.id));
    expect(rows.length).toBe(20);
  });
});
