/**
 * The exact path's vectors in memory (no pgvector; docs/recall-and-updates.md): a recall scope is
 * read as its disjoint parts — the user's vectors (every agent's: the scan keeps the ones the
 * scope's agent may read, db/memory/memory-reach.ts), the agent's without a user, the session's
 * own, or the whole tenant for a scope naming none — and each part is one cached matrix
 * (context/memory/vector-scan.ts) that every session of that user or agent shares.
 *
 * A part's cache is trusted for VECTOR_CACHE_FRESH_MS (longer for a part over 20,000 rows, in
 * proportion); then its version (count, newest and sum
 * of the rows' `embedded_at`) is read — in the background up to VECTOR_CACHE_STALE_MS, the search
 * using the cached part meanwhile — and when it changed, the part's ids and times only (no
 * vectors) are read and compared: rows gone are dropped, rows new or embedded again are read by
 * id. A vector of a memory deleted or erased meanwhile may stay in the cache until the next
 * check, but is never returned: the caller reads the memories back as current rows
 * (db/memory/memory-embeddings.ts vectorCandidates).
 *
 * All cached parts together hold at most VECTOR_CACHE_BYTES of vectors and sign bits (least
 * recently used part first out; a part larger than that alone is still kept, alone).
 */
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { nearestRows, VectorMatrix } from '../../context/memory/vector-scan.js';
import type { Executor } from './memories.js';
import { memoryEmbeddings } from './memory-embedding-schema.js';
import type { RecallScope } from './memory-recall.js';

/**
 * A cached part is trusted this long before its version is compared again: a vector stored
 * meanwhile is found by the vector side up to this much later (the lexical side finds it at once).
 */
export const VECTOR_CACHE_FRESH_MS = 2_000;
/**
 * A large part is trusted longer, in proportion: its check reads every row's time, so checks
 * take about the same share of the time at any size (a part of 100,000 vectors: 10 s).
 */
const FRESH_ROWS = 20_000;
const freshFor = (part: Part): number => VECTOR_CACHE_FRESH_MS * Math.max(1, part.ids.length / FRESH_ROWS);
/**
 * A part checked longer ago than VECTOR_CACHE_FRESH_MS but within this is served as it is while
 * its check runs in the background (at 100,000 vectors the check reads every row's time: tens of
 * ms, more under load); an older one is checked before the search uses it.
 */
export const VECTOR_CACHE_STALE_MS = 60_000;
/** Bytes of vectors and sign bits all cached parts hold together: 100,000 vectors of 512 dimensions take 211 MB. */
export const VECTOR_CACHE_BYTES = 256 * 1024 * 1024;

/** One part of a recall scope (see the file's comment) and the rows it covers. */
interface PartSpec {
  key: string;
  where: SQL;
  /** Rows of the part the scope may read: on the user's part, learned through the scope's agent or none. */
  agentFilter: string | null;
}

interface Part {
  version: string;
  checkedAt: number;
  /** 0 until the part holds a vector; rows of another dimension than the first are left out. */
  dims: number;
  matrix: VectorMatrix | null;
  ids: string[];
  agents: Array<string | null>;
  /** `embedded_at` of each cached row, by id (rows left out for their dimension too). */
  stamps: Map<string, string>;
  rowOf: Map<string, number>;
}

const cache = new Map<string, Part>();

/** Forgets every cached part (benchmarks measure the cold read with it). */
export function clearVectorCache(): void {
  cache.clear();
}

/** Makes every cached part due for its version check (tests: the incremental path without waiting). */
export function expireVectorCache(): void {
  for (const part of cache.values()) part.checkedAt = 0;
}

/** How many parts are cached (tests: sessions of one user share one). */
export function vectorCacheParts(): number {
  return cache.size;
}

/** Bytes the cached parts hold (tests and benchmarks). */
export function vectorCacheBytes(): number {
  let bytes = 0;
  for (const part of cache.values()) bytes += part.matrix?.bytes ?? 0;
  return bytes;
}

function partsOf(scope: RecallScope, model: string): PartSpec[] {
  const e = memoryEmbeddings;
  const base = (kind: string, value: string | null, condition?: SQL): PartSpec => ({
    key: JSON.stringify([scope.tenantId, model, kind, value]),
    where: and(eq(e.tenantId, scope.tenantId), eq(e.model, model), isNotNull(e.vector), condition)!,
    agentFilter: null,
  });
  const parts: PartSpec[] = [];
  if (scope.userId !== null)
    parts.push({ ...base('user', scope.userId, eq(e.userId, scope.userId)), agentFilter: scope.agentId });
  if (scope.agentId !== null)
    parts.push(base('agent', scope.agentId, and(isNull(e.userId), eq(e.agentId, scope.agentId))));
  if (scope.sessionId !== null)
    parts.push(base('session', scope.sessionId, eq(e.sessionScope, scope.sessionId)));
  if (parts.length === 0) parts.push(base('tenant', null));
  return parts;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface VectorRow {
  id: string;
  agent: string | null;
  at: string;
  vector: Float32Array;
}

const stampColumn = sql<string>`${memoryEmbeddings.embeddedAt}::text`;

/**
 * A stored vector as `array_send` gives it (PostgreSQL's binary array format: a 20-byte header for
 * one dimension, then each element as its length and a big-endian float4) — parsing `real[]` text
 * took ~70× longer (bench/README.md).
 */
function vectorOfBinary(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getInt32(0) === 0) return new Float32Array(0); // an empty array has no dimension
  const length = view.getInt32(12);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = view.getFloat32(20 + 8 * i + 4);
  return out;
}

async function readVectors(db: Executor, where: SQL): Promise<VectorRow[]> {
  const rows = rowsOf<{ id: string; agent: string | null; at: string; vector: Uint8Array }>(
    await db.execute(sql`select memory_id as id, agent_id as agent, embedded_at::text as at,
      array_send(vector) as vector from ${memoryEmbeddings} where ${where}`),
  );
  return rows.map((r) => ({ id: r.id, agent: r.agent, at: r.at, vector: vectorOfBinary(r.vector) }));
}

async function versionOf(db: Executor, where: SQL): Promise<string> {
  const [v] = rowsOf<{ n: number; at: string; total: string }>(
    await db.execute(sql`select count(*)::int as n, coalesce(max(embedded_at)::text, '') as at,
      coalesce(sum(extract(epoch from embedded_at)), 0)::text as total
      from ${memoryEmbeddings} where ${where}`),
  );
  return `${v?.n ?? 0}:${v?.at ?? ''}:${v?.total ?? ''}`;
}

function emptyPart(version: string): Part {
  return {
    version,
    checkedAt: Date.now(),
    dims: 0,
    matrix: null,
    ids: [],
    agents: [],
    stamps: new Map(),
    rowOf: new Map(),
  };
}

/** A part built from all its rows. */
function buildPart(version: string, rows: readonly VectorRow[]): Part {
  const part = emptyPart(version);
  for (const r of rows) part.stamps.set(r.id, r.at);
  const dims = rows[0]?.vector.length ?? 0;
  if (dims === 0) return part;
  const usable = rows.filter((r) => r.vector.length === dims);
  part.dims = dims;
  part.matrix = VectorMatrix.of(
    dims,
    usable.map((r) => r.vector),
    64,
  );
  for (const [i, r] of usable.entries()) {
    part.ids.push(r.id);
    part.agents.push(r.agent);
    part.rowOf.set(r.id, i);
  }
  return part;
}

function removeRow(part: Part, id: string): void {
  part.stamps.delete(id);
  const row = part.rowOf.get(id);
  if (row === undefined || !part.matrix) return;
  part.rowOf.delete(id);
  const moved = part.matrix.removeSwap(row);
  const last = part.ids.length - 1;
  if (moved !== -1) {
    part.ids[row] = part.ids[last]!;
    part.agents[row] = part.agents[last]!;
    part.rowOf.set(part.ids[row]!, row);
  }
  part.ids.pop();
  part.agents.pop();
}

function upsertRow(part: Part, r: VectorRow): void {
  if (part.dims === 0 && r.vector.length > 0) {
    part.dims = r.vector.length;
    part.matrix = VectorMatrix.of(part.dims, [], 64);
  }
  const row = part.rowOf.get(r.id);
  if (r.vector.length !== part.dims || !part.matrix) {
    if (row !== undefined) removeRow(part, r.id);
    part.stamps.set(r.id, r.at);
    return;
  }
  part.stamps.set(r.id, r.at);
  if (row !== undefined) {
    part.matrix.set(row, r.vector);
    part.agents[row] = r.agent;
    return;
  }
  part.rowOf.set(r.id, part.matrix.add(r.vector));
  part.ids.push(r.id);
  part.agents.push(r.agent);
}

/** Brings `part` to the database's rows: ids and times read, the changed rows' vectors read by id. */
async function catchUp(
  db: Executor,
  spec: PartSpec,
  model: string,
  part: Part,
  version: string,
): Promise<void> {
  const listed = await db
    .select({ id: memoryEmbeddings.memoryId, at: stampColumn })
    .from(memoryEmbeddings)
    .where(spec.where);
  const present = new Set<string>();
  const changed: string[] = [];
  for (const { id, at } of listed) {
    present.add(id);
    if (part.stamps.get(id) !== at) changed.push(id);
  }
  const fetched: VectorRow[] = [];
  for (let i = 0; i < changed.length; i += 5_000) {
    const ids = changed.slice(i, i + 5_000);
    fetched.push(
      ...(await readVectors(
        db,
        and(eq(memoryEmbeddings.model, model), inArray(memoryEmbeddings.memoryId, ids), spec.where)!,
      )),
    );
  }
  // No await from here on: a scan never sees a part half brought up to date.
  for (const id of [...part.stamps.keys()]) if (!present.has(id)) removeRow(part, id);
  const got = new Set(fetched.map((r) => r.id));
  for (const id of changed) if (!got.has(id)) removeRow(part, id); // gone between the two reads
  for (const r of fetched) upsertRow(part, r);
  part.version = version;
}

async function refresh(db: Executor, spec: PartSpec, model: string, held: Part | undefined): Promise<Part> {
  const version = await versionOf(db, spec.where);
  if (held && held.version === version) {
    held.checkedAt = Date.now();
    return held;
  }
  if (!held) return buildPart(version, await readVectors(db, spec.where));
  await catchUp(db, spec, model, held, version);
  held.checkedAt = Date.now();
  return held;
}

function remember(key: string, part: Part): void {
  cache.delete(key);
  cache.set(key, part);
  let bytes = vectorCacheBytes();
  for (const [oldest, value] of cache) {
    if (bytes <= VECTOR_CACHE_BYTES || oldest === key) break;
    cache.delete(oldest);
    bytes -= value.matrix?.bytes ?? 0;
  }
}

/** Parts being read or brought up to date: concurrent searches of a part wait for the one read. */
const loading = new Map<string, Promise<Part>>();

async function partOf(db: Executor, spec: PartSpec, model: string): Promise<Part> {
  const held = cache.get(spec.key);
  const age = held ? Date.now() - held.checkedAt : Number.POSITIVE_INFINITY;
  if (held && age < freshFor(held)) {
    remember(spec.key, held);
    return held;
  }
  let pending = loading.get(spec.key);
  if (!pending) {
    pending = refresh(db, spec, model, held).finally(() => loading.delete(spec.key));
    loading.set(spec.key, pending);
  }
  if (held && age < VECTOR_CACHE_STALE_MS) {
    // Served as it is while the check runs: a search never waits for it (a failed check is tried again next time).
    pending.then((part) => remember(spec.key, part)).catch(() => {});
    remember(spec.key, held);
    return held;
  }
  const part = await pending;
  remember(spec.key, part);
  return part;
}

/**
 * The scope's `keep` vectors nearest to `query` at or above `minCosine`, best first (ids and
 * exact cosines), from the cached parts; a query of another dimension than a part's finds nothing there.
 */
export async function cachedNearest(
  db: Executor,
  scope: RecallScope,
  model: string,
  query: Float32Array,
  keep: number,
  minCosine: number,
  options: { exact?: boolean } = {},
): Promise<Array<{ id: string; cosine: number }>> {
  const specs = partsOf(scope, model);
  const parts = await Promise.all(specs.map((spec) => partOf(db, spec, model)));
  const best = new Map<string, number>();
  for (const [i, part] of parts.entries()) {
    if (!part.matrix || part.dims !== query.length) continue;
    const agent = specs[i]!.agentFilter;
    const agents = part.agents;
    const accept =
      agent === null
        ? undefined
        : (row: number) => {
            const a = agents[row];
            return a === null || a === agent;
          };
    for (const { row, cosine } of nearestRows(part.matrix, query, {
      keep,
      minCosine,
      ...(accept ? { accept } : {}),
      ...(options.exact ? { exact: true } : {}),
    }))
      best.set(part.ids[row]!, cosine);
  }
  return [...best]
    .map(([id, cosine]) => ({ id, cosine }))
    .sort((a, b) => b.cosine - a.cosine || a.id.localeCompare(b.id))
    .slice(0, keep);
}
