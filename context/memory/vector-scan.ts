/**
 * The nearest-vector scan behind the exact path of db/memory/memory-embeddings.ts (no pgvector):
 * a scope's unit vectors in one contiguous Float32Array, the best `keep` by dot product (= cosine)
 * kept in a bounded heap. A large matrix is first narrowed by sign bits (binary quantization of
 * the vectors minus their mean, Hamming distance to the query's signs, 32 dimensions a word) and
 * only the closest few thousand rows are scored exactly: the scores returned are always exact
 * cosines, only which rows are scored is approximate (bench/README.md has the measured overlap
 * with the full scan).
 */

/** A matrix of at most this many rows is always scanned in full. */
export const FULL_SCAN_ROWS = 20_000;
/** The prefilter passes at least this many rows, and `PREFILTER_PER_KEPT` per row kept, to exact scoring. */
export const PREFILTER_MIN_ROWS = 2_000;
export const PREFILTER_PER_KEPT = 16;

/** Rows of unit vectors, growable, with each row's sign bits (after subtracting `center`). */
export class VectorMatrix {
  readonly dims: number;
  readonly words: number;
  /** The vectors' mean when the matrix was built: signs of (vector − center) split the rows evenly. */
  readonly center: Float32Array;
  rows = 0;
  values: Float32Array;
  bits: Int32Array;

  constructor(dims: number, capacity: number, center: Float32Array = new Float32Array(dims)) {
    this.dims = dims;
    this.words = Math.ceil(dims / 32);
    this.center = center;
    this.values = new Float32Array(Math.max(1, capacity) * dims);
    this.bits = new Int32Array(Math.max(1, capacity) * this.words);
  }

  /** A matrix of `vectors`, centred on their mean, with `spare` free rows. */
  static of(dims: number, vectors: readonly ArrayLike<number>[], spare = 0): VectorMatrix {
    const center = new Float32Array(dims);
    for (const v of vectors) for (let d = 0; d < dims; d++) center[d]! += v[d]!;
    if (vectors.length > 0) for (let d = 0; d < dims; d++) center[d]! /= vectors.length;
    const matrix = new VectorMatrix(dims, vectors.length + spare, center);
    for (const v of vectors) matrix.add(v);
    return matrix;
  }

  get capacity(): number {
    return this.values.length / this.dims;
  }

  /** Bytes held (values and sign bits, spare rows included). */
  get bytes(): number {
    return this.values.byteLength + this.bits.byteLength;
  }

  /** Appends a row; returns its index. */
  add(vector: ArrayLike<number>): number {
    if (this.rows === this.capacity) {
      const capacity = Math.ceil(this.capacity * 1.25) + 64;
      const values = new Float32Array(capacity * this.dims);
      values.set(this.values);
      const bits = new Int32Array(capacity * this.words);
      bits.set(this.bits);
      this.values = values;
      this.bits = bits;
    }
    this.set(this.rows, vector);
    return this.rows++;
  }

  /** Overwrites row `row`. */
  set(row: number, vector: ArrayLike<number>): void {
    const { dims, words, center } = this;
    this.values.set(vector, row * dims);
    const base = row * words;
    this.bits.fill(0, base, base + words);
    for (let d = 0; d < dims; d++) if (vector[d]! > center[d]!) this.bits[base + (d >>> 5)]! |= 1 << (d & 31);
  }

  /** Removes row `row` by moving the last row into it; returns the index the moved row had (or -1). */
  removeSwap(row: number): number {
    const last = this.rows - 1;
    this.rows--;
    if (row === last) return -1;
    const { dims, words } = this;
    this.values.copyWithin(row * dims, last * dims, last * dims + dims);
    this.bits.copyWithin(row * words, last * words, last * words + words);
    return last;
  }
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

function dot(values: Float32Array, base: number, query: Float32Array, dims: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 3 < dims; d += 4) {
    s0 += values[base + d]! * query[d]!;
    s1 += values[base + d + 1]! * query[d + 1]!;
    s2 += values[base + d + 2]! * query[d + 2]!;
    s3 += values[base + d + 3]! * query[d + 3]!;
  }
  for (; d < dims; d++) s0 += values[base + d]! * query[d]!;
  return s0 + s1 + s2 + s3;
}

/** The best `keep` (row, cosine) pairs: a min-heap on cosine (ties: the higher row goes first). */
class TopK {
  private readonly rows: Int32Array;
  private readonly scores: Float64Array;
  size = 0;
  constructor(private readonly keep: number) {
    this.rows = new Int32Array(keep);
    this.scores = new Float64Array(keep);
  }
  private worse(i: number, j: number): boolean {
    const a = this.scores[i]!;
    const b = this.scores[j]!;
    return a < b || (a === b && this.rows[i]! > this.rows[j]!);
  }
  private swap(i: number, j: number): void {
    const r = this.rows[i]!;
    this.rows[i] = this.rows[j]!;
    this.rows[j] = r;
    const s = this.scores[i]!;
    this.scores[i] = this.scores[j]!;
    this.scores[j] = s;
  }
  /** The lowest cosine a row needs to enter (−Infinity while not full). */
  get floor(): number {
    return this.size < this.keep ? Number.NEGATIVE_INFINITY : this.scores[0]!;
  }
  push(row: number, score: number): void {
    if (this.keep === 0) return;
    if (this.size === this.keep) {
      if (score < this.scores[0]! || (score === this.scores[0]! && row > this.rows[0]!)) return;
      this.rows[0] = row;
      this.scores[0] = score;
      this.down(0);
      return;
    }
    let i = this.size++;
    this.rows[i] = row;
    this.scores[i] = score;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  private down(start: number): void {
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.size && this.worse(l, m)) m = l;
      if (r < this.size && this.worse(r, m)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }
  /** Best first (cosine descending, then row ascending). */
  sorted(): Array<{ row: number; cosine: number }> {
    const out = Array.from({ length: this.size }, (_, i) => ({
      row: this.rows[i]!,
      cosine: this.scores[i]!,
    }));
    return out.sort((a, b) => b.cosine - a.cosine || a.row - b.row);
  }
}

export interface ScanOptions {
  keep: number;
  minCosine: number;
  /** Rows the scan may return (a scope's part filters its shared matrix); all when absent. */
  accept?: (row: number) => boolean;
  /** Score every row exactly, whatever the size (tests and benchmarks compare with it). */
  exact?: boolean;
}

/** The rows nearest to `query` (unit length, the matrix's dimension) at or above `minCosine`, best first. */
export function nearestRows(
  matrix: VectorMatrix,
  query: Float32Array,
  options: ScanOptions,
): Array<{ row: number; cosine: number }> {
  const { dims, rows, values } = matrix;
  const { keep, minCosine, accept } = options;
  const top = new TopK(Math.max(0, keep));
  const score = (row: number) => {
    const cosine = dot(values, row * dims, query, dims);
    if (cosine >= minCosine && cosine >= top.floor) top.push(row, cosine);
  };
  const budget = Math.max(PREFILTER_MIN_ROWS, keep * PREFILTER_PER_KEPT);
  if (options.exact || rows <= FULL_SCAN_ROWS || budget >= rows / 2) {
    for (let row = 0; row < rows; row++) if (!accept || accept(row)) score(row);
    return top.sorted();
  }
  // Prefilter: Hamming distance of each row's signs to the query's, a histogram of them, and the
  // smallest distance cut that passes `budget` rows; those rows are scored exactly.
  const { words, bits } = matrix;
  const signs = new Int32Array(words);
  for (let d = 0; d < dims; d++) if (query[d]! > 0) signs[d >>> 5]! |= 1 << (d & 31);
  const rejected = dims + 1;
  const distance = new Uint16Array(rows);
  const histogram = new Uint32Array(dims + 2);
  for (let row = 0; row < rows; row++) {
    let h = rejected;
    if (!accept || accept(row)) {
      h = 0;
      const base = row * words;
      for (let w = 0; w < words; w++) h += popcount(bits[base + w]! ^ signs[w]!);
    }
    distance[row] = h;
    histogram[h]!++;
  }
  let cut = 0;
  for (let passed = 0; cut <= dims; cut++) {
    passed += histogram[cut]!;
    if (passed >= budget) break;
  }
  cut = Math.min(cut, dims); // never the rejected rows
  for (let row = 0; row < rows; row++) if (distance[row]! <= cut) score(row);
  return top.sorted();
}
