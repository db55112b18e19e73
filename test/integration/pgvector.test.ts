/**
 * Vector search through pgvector (db/memory/pgvector.ts) finds what the exact cosine scan finds, within
 * the scope, on PGlite with the `vector` extension; on a PostgreSQL without it (this machine's
 * PostgreSQL 15) the migrations apply and the exact path serves.
 */
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { storeEmbeddings, type VectorSearch, vectorCandidates } from '../../db/memory/memory-embeddings.js';
import type { RecallScope } from '../../db/memory/memory-recall.js';
import { type MemoryRow, memories } from '../../db/memory/memory-schema.js';
import { enablePgvector, hasPgvector, vectorIndexName } from '../../db/memory/pgvector.js';
import { usePostgres } from './postgres.js';

const MODEL = 'test-model';

/** A seeded generator of unit vectors (many floats per case: fast-check draws only the seed). */
function unitVectors(seed: number, dims: number) {
  let s = (Math.abs(seed) % 2_147_483_646) + 1;
  const next = () => {
    s = (s * 16_807) % 2_147_483_647;
    return s / 2_147_483_647 - 0.5;
  };
  return (): Float32Array => {
    const v = new Float32Array(dims).map(next);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };
}

interface Owner {
  userId: string | null;
  agentId: string | null;
}

async function plant(
  handle: DatabaseHandle,
  tenantId: string,
  owner: Owner,
  n: number,
  vector: () => Float32Array,
  made?: Map<string, Float32Array>,
  type: 'entity' | 'tool' = 'entity',
): Promise<MemoryRow[]> {
  const out: MemoryRow[] = [];
  for (let start = 0; start < n; start += 1_000) {
    const rows = await handle.db
      .insert(memories)
      .values(
        Array.from({ length: Math.min(1_000, n - start) }, () => ({
          id: `mem_${randomUUID()}`,
          tenantId,
          ...owner,
          type,
          content: 'planted',
          abstract: 'planted',
          normalized: 'planted',
          priority: 3,
          source: { kind: 'operator' as const },
          status: 'active' as const,
        })),
      )
      .returning();
    const embedded = rows.map((memory) => ({ memory, vector: vector() }));
    for (const e of embedded) made?.set(e.memory.id, e.vector);
    await storeEmbeddings(handle.db, MODEL, embedded);
    out.push(...rows);
  }
  return out;
}

const scopeOf = (tenantId: string, owner: Owner): RecallScope => ({ tenantId, ...owner, sessionId: null });

const nearest = (
  handle: DatabaseHandle,
  scope: RecallScope,
  query: Float32Array,
  limit: number,
  search: VectorSearch,
) => vectorCandidates(handle.db, scope, MODEL, query, { limit, minCosine: -1, search });

/** The same memories in the same order, but for neighbours whose cosines are equal to float precision. */
function expectSameRanking(
  got: Array<{ memory: MemoryRow; cosine: number }>,
  exact: Array<{ memory: MemoryRow; cosine: number }>,
) {
  expect(got.length).toBe(exact.length);
  for (const [i, e] of exact.entries()) {
    expect(got[i]!.cosine).toBeCloseTo(e.cosine, 4);
    if (got[i]!.memory.id !== e.memory.id) expect(Math.abs(got[i]!.cosine - e.cosine)).toBeLessThan(1e-5);
  }
}

describe('pgvector search on PGlite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ pglite: 'memory' });
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('has the extension after migrate() and an HNSW index per (model, dimension) once vectors are stored', async () => {
    expect(await hasPgvector(handle.db)).toBe(true);
    await plant(handle, `t-${randomUUID()}`, { userId: 'u', agentId: null }, 3, unitVectors(7, 12));
    const index = await handle.db.execute(
      sql`select indexdef from pg_indexes where indexname = ${vectorIndexName(MODEL, 12)}`,
    );
    const [row] = (index as unknown as { rows: Array<{ indexdef: string }> }).rows;
    expect(row?.indexdef).toMatch(/USING hnsw .*vector\(12\).*vector_cosine_ops.*WHERE/);
  });

  it('returns the exact path top results, current rows of the scope only, for random vectors in several scopes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer(),
          dims: fc.constantFrom(8, 24),
          sizes: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 2, maxLength: 4 }),
          agentSize: fc.integer({ min: 0, max: 40 }),
          limit: fc.integer({ min: 1, max: 12 }),
          superseded: fc.double({ min: 0, max: 0.3, noNaN: true }),
        }),
        async ({ seed, dims, sizes, agentSize, limit, superseded }) => {
          const tenantId = `t-${randomUUID()}`;
          const vector = unitVectors(seed, dims);
          const owners: Owner[] = [
            ...sizes.map((_, i) => ({ userId: `u${i}`, agentId: 'a' })),
            { userId: null, agentId: 'a' },
          ];
          const planted = new Map<Owner, MemoryRow[]>();
          for (const [i, owner] of owners.entries())
            planted.set(
              owner,
              // The agent's part holds agent knowledge (context/memory/scope-rules.ts).
              await plant(
                handle,
                tenantId,
                owner,
                sizes[i] ?? agentSize,
                vector,
                undefined,
                owner.userId ? 'entity' : 'tool',
              ),
            );
          // An agent's personal memory (stored before the scope rule): in neither list's reach.
          const personal = await plant(handle, tenantId, { userId: null, agentId: 'a' }, agentSize, vector);
          // Some memories are superseded after their vector was stored: never returned.
          const all = [...planted.values()].flat();
          const gone = all.filter((_, i) => i < all.length * superseded).map((m) => m.id);
          if (gone.length > 0)
            await handle.db.update(memories).set({ status: 'superseded' }).where(inArray(memories.id, gone));
          for (const owner of owners) {
            const scope = scopeOf(tenantId, owner);
            const query = vector();
            const [got, exact] = [
              await nearest(handle, scope, query, limit, 'pgvector'),
              await nearest(handle, scope, query, limit, 'exact'),
            ];
            expectSameRanking(got, exact);
            // The scope: the user's memories and the agent's without a user (db/memory/memory-recall.ts).
            const inScope = (m: MemoryRow) =>
              (owner.userId !== null && m.userId === owner.userId) ||
              (m.userId === null && m.agentId === owner.agentId && m.type === 'tool');
            for (const { memory } of got) {
              expect(personal.map((p) => p.id)).not.toContain(memory.id);
              expect(memory.tenantId).toBe(tenantId);
              expect(memory.status).toBe('active');
              expect(inScope(memory)).toBe(true);
            }
            const visible = all.filter((m) => inScope(m) && !gone.includes(m.id));
            expect(got.length).toBe(Math.min(limit, visible.length));
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('on a big scope the HNSW index answers, and finds the exact top results beside other scopes', async () => {
    const tenantId = `t-${randomUUID()}`;
    const dims = 32;
    const vector = unitVectors(4242, dims);
    const big = { userId: 'big', agentId: null };
    await plant(handle, tenantId, big, 4_000, vector);
    await plant(handle, tenantId, { userId: 'other', agentId: null }, 1_000, vector);
    await handle.db.execute(sql`analyze memory_embeddings`);
    const literal = `[${Array.from(vector()).join(',')}]`;
    const plan = await handle.db.execute(
      sql`explain select memory_id from memory_embeddings where model = ${sql.raw(`'${MODEL}'`)} and dims = ${sql.raw(String(dims))} and tenant_id = ${tenantId} and (user_id = 'big') order by vector::vector(${sql.raw(String(dims))}) <=> ${literal}::vector(${sql.raw(String(dims))}) limit 20`,
    );
    const text = (plan as unknown as { rows: Array<Record<string, string>> }).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(text).toContain(vectorIndexName(MODEL, dims));
    const scope = scopeOf(tenantId, big);
    for (let q = 0; q < 20; q++) {
      const query = vector();
      const got = await nearest(handle, scope, query, 10, 'pgvector');
      expectSameRanking(got, await nearest(handle, scope, query, 10, 'exact'));
      for (const { memory } of got) expect(memory.userId).toBe('big');
    }
    // `auto` chooses pgvector here.
    const query = vector();
    expect((await nearest(handle, scope, query, 5, 'auto')).map((r) => r.memory.id)).toEqual(
      (await nearest(handle, scope, query, 5, 'pgvector')).map((r) => r.memory.id),
    );
  });
});

describe('on PostgreSQL without pgvector', () => {
  let handle: DatabaseHandle;
  usePostgres((opened) => {
    handle = opened;
  });

  it('migrates, creates nothing, and searches by the exact path', async () => {
    const offered = await handle.db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`);
    if ((offered as unknown as { rows: unknown[] }).rows.length > 0) return; // a PostgreSQL with pgvector: the PGlite suite covers it
    expect(await enablePgvector(handle.db)).toBe(false);
    expect(await hasPgvector(handle.db)).toBe(false);
    const tenantId = `t-${randomUUID()}`;
    const owner = { userId: 'u', agentId: null };
    const vector = unitVectors(99, 16);
    const made = new Map<string, Float32Array>();
    const rows = await plant(handle, tenantId, owner, 50, vector, made);
    const query = vector();
    const got = await nearest(handle, scopeOf(tenantId, owner), query, 5, 'auto');
    const dot = (v: Float32Array) => v.reduce((sum, x, d) => sum + x * query[d]!, 0);
    const expected = rows
      .map((m) => ({ id: m.id, cosine: dot(made.get(m.id)!) }))
      .sort((a, b) => b.cosine - a.cosine)
      .slice(0, 5);
    expect(got.map((g) => g.memory.id)).toEqual(expected.map((e) => e.id));
    for (const [i, g] of got.entries()) expect(g.cosine).toBeCloseTo(expected[i]!.cosine, 5);
  });
});
