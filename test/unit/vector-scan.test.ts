/**
 * The nearest-vector scan (context/memory/vector-scan.ts): the full scan is the brute-force top
 * k; the sign-bit prefilter returns exact cosines of rows the full scan would score, finds the
 * exact best in clustered data, and never returns a rejected row; a matrix edited row by row
 * (add, overwrite, remove) scans as one built at once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FULL_SCAN_ROWS, nearestRows, VectorMatrix } from '../../context/memory/vector-scan.js';

function generator(seed: number) {
  let s = (Math.abs(seed) % 2_147_483_646) + 1;
  return () => {
    s = (s * 16_807) % 2_147_483_647;
    return s / 2_147_483_647 - 0.5;
  };
}

const unit = (v: Float32Array): Float32Array => {
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
};

/** `n` unit vectors around `clusters` centres (embeddings cluster), dimension `dims`. */
function clustered(seed: number, n: number, dims: number, clusters: number): Float32Array[] {
  const next = generator(seed);
  const centres = Array.from({ length: clusters }, () => unit(new Float32Array(dims).map(next)));
  return Array.from({ length: n }, (_, i) => {
    const c = centres[i % clusters]!;
    return unit(c.map((x) => x + next() * 0.15));
  });
}

const dot = (a: Float32Array, b: ArrayLike<number>) => a.reduce((sum, x, d) => sum + x * b[d]!, 0);

function bruteForce(
  vectors: Float32Array[],
  query: Float32Array,
  keep: number,
  minCosine: number,
  accept?: (row: number) => boolean,
) {
  return vectors
    .map((v, row) => ({ row, cosine: dot(query, v) }))
    .filter((r) => r.cosine >= minCosine && (!accept || accept(r.row)))
    .sort((a, b) => b.cosine - a.cosine || a.row - b.row)
    .slice(0, keep);
}

function expectSame(
  got: Array<{ row: number; cosine: number }>,
  want: Array<{ row: number; cosine: number }>,
) {
  expect(got.length).toBe(want.length);
  for (const [i, w] of want.entries()) {
    expect(got[i]!.cosine).toBeCloseTo(w.cosine, 4);
    if (got[i]!.row !== w.row) expect(Math.abs(got[i]!.cosine - w.cosine)).toBeLessThan(1e-5);
  }
}

describe('nearestRows', () => {
  it('the full scan is the brute-force top k, with a row filter and a floor', () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer(),
          n: fc.integer({ min: 0, max: 300 }),
          dims: fc.integer({ min: 1, max: 70 }),
          keep: fc.integer({ min: 0, max: 50 }),
          minCosine: fc.double({ min: -1, max: 0.5, noNaN: true }),
          mod: fc.integer({ min: 1, max: 4 }),
        }),
        ({ seed, n, dims, keep, minCosine, mod }) => {
          const vectors = clustered(seed, n, dims, 5);
          const query = clustered(seed + 1, 1, dims, 1)[0]!;
          const matrix = VectorMatrix.of(dims, vectors);
          const accept = (row: number) => row % mod === 0;
          expectSame(
            nearestRows(matrix, query, { keep, minCosine, accept }),
            bruteForce(vectors, query, keep, minCosine, accept),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a matrix edited row by row scans as the same rows built at once', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.array(fc.constantFrom('add', 'set', 'remove'), { maxLength: 120 }),
        (seed, ops) => {
          const dims = 20;
          const next = generator(seed);
          const fresh = () => unit(new Float32Array(dims).map(next));
          const matrix = new VectorMatrix(dims, 1);
          const rows: Float32Array[] = [];
          for (const op of ops) {
            if (op === 'add' || rows.length === 0) {
              const v = fresh();
              expect(matrix.add(v)).toBe(rows.length);
              rows.push(v);
            } else if (op === 'set') {
              const at = Math.floor(Math.abs(next()) * 2 * rows.length) % rows.length;
              rows[at] = fresh();
              matrix.set(at, rows[at]!);
            } else {
              const at = Math.floor(Math.abs(next()) * 2 * rows.length) % rows.length;
              const moved = matrix.removeSwap(at);
              if (moved === -1) rows.pop();
              else {
                expect(moved).toBe(rows.length - 1);
                rows[at] = rows.pop()!;
              }
            }
          }
          expect(matrix.rows).toBe(rows.length);
          const query = fresh();
          expectSame(
            nearestRows(matrix, query, { keep: 10, minCosine: -1 }),
            bruteForce(rows, query, 10, -1),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('above FULL_SCAN_ROWS the prefilter returns exact cosines, never a rejected row, and finds the best of clustered vectors', () => {
    const dims = 64;
    const n = FULL_SCAN_ROWS + 5_000;
    const vectors = clustered(7, n, dims, 200);
    const matrix = VectorMatrix.of(dims, vectors);
    const accept = (row: number) => row % 3 !== 0;
    let overlap = 0;
    // Questions near what was said (a question far from every vector has no best worth finding).
    const noise = generator(8);
    const queries = Array.from({ length: 20 }, (_, i) =>
      unit(vectors[(i * 997) % n]!.map((x) => x + noise() * 0.2)),
    );
    for (const query of queries) {
      const got = nearestRows(matrix, query, { keep: 40, minCosine: -1, accept });
      const want = bruteForce(vectors, query, 40, -1, accept);
      expect(got.length).toBe(40);
      for (const g of got) {
        expect(accept(g.row)).toBe(true);
        expect(g.cosine).toBeCloseTo(dot(query, vectors[g.row]!), 5);
      }
      expect(got[0]!.row).toBe(want[0]!.row);
      const wanted = new Set(want.map((w) => w.row));
      overlap += got.filter((g) => wanted.has(g.row)).length;
      // Asked to, it scores every row.
      expectSame(nearestRows(matrix, query, { keep: 40, minCosine: -1, accept, exact: true }), want);
    }
    expect(overlap / (40 * queries.length)).toBeGreaterThan(0.95);
  });
});
