/**
 * Keyset pagination, once: every operator list is newest first by (a timestamp, id), and its
 * opaque cursor is the (timestamp, id) of the last item of the previous page. A list reads one
 * row more than the page to know whether a next page exists.
 */
import { and, type Column, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { LIST_TOTAL_CAP } from '../config/defaults.js';
import { hasUnstorable } from '../context/storable.js';
import type { Database } from './client.js';

export interface Cursor {
  at: Date;
  id: string;
}

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

/** The cursor's position, or null when it is not a cursor this API issued. */
export function decodeCursor(cursor: string): Cursor | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    // A time PostgreSQL cannot hold (before year 1 or after 9999 here), or an id it cannot store,
    // is not a cursor this API issued: null (a 400), never a database error (docs/limits.md).
    const year = date.getUTCFullYear();
    if (typeof id !== 'string' || Number.isNaN(date.getTime()) || year < 1 || year > 9999) return null;
    if (id.length > 1_000 || hasUnstorable(id)) return null;
    return { at: date, id };
  } catch {
    return null;
  }
}

/** Rows after the cursor in newest-first order: (at, id) < (cursor.at, cursor.id). */
export function olderThan(atColumn: Column, idColumn: Column, after: Cursor): SQL {
  return or(lt(atColumn, after.at), and(eq(atColumn, after.at), lt(idColumn, after.id)))!;
}

/** Newest first, ties by id. */
export function newestFirst(atColumn: Column, idColumn: Column): [SQL, SQL] {
  return [desc(atColumn), desc(idColumn)];
}

/** The page of `limit` rows out of the `limit + 1` read, and the cursor of the next page (null: none). */
export function pageOf<T>(
  rows: readonly T[],
  limit: number,
  keyOf: (row: T) => Cursor,
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (rows.length <= limit || last === undefined) return { page, nextCursor: null };
  const key = keyOf(last);
  return { page, nextCursor: encodeCursor(key.at, key.id) };
}

/** A list's size beside its page: the rows matching its filter (not its cursor), up to a cap. */
export interface ListTotal {
  total: number;
  /** More rows match than `total` (the cap, config/defaults.ts LIST_TOTAL_CAP): a lower bound. */
  totalCapped: boolean;
}

/**
 * Counts the rows of `table` matching `where`, reading at most `cap + 1` of them: a huge table
 * costs no more than the cap, and the answer says when it was reached.
 */
export async function countUpTo(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  cap: number = LIST_TOTAL_CAP,
): Promise<ListTotal> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, cap), totalCapped: n > cap };
}
