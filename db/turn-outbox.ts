/**
 * The turn outbox's reads and writes (db/turn-outbox-schema.ts; docs/architecture.md#coalesced-turns).
 * The turn's transaction inserts the row; the dispatcher reads a session's rows in id order (which
 * is seq order: ids are taken under the session's row lock) and deletes them once Temporal has
 * accepted the signal that carried them.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { TurnSignal } from '../workflows/contract.js';
import type { Database } from './client.js';
import { turnOutbox } from './turn-outbox-schema.js';

export interface OutboxTurn {
  id: number;
  fromSeq: number;
  toSeq: number;
  created: boolean;
  signal: TurnSignal;
  /** The signal's JSON length, for the batch's size cap. */
  bytes: number;
}

/** In the turn's transaction: the turn waits here for the dispatcher. */
export async function insertOutboxTurn(
  tx: Database,
  row: {
    tenantId: string;
    sessionId: string;
    taskQueue: string;
    fromSeq: number;
    toSeq: number;
    created: boolean;
    signal: TurnSignal;
  },
): Promise<void> {
  await tx.insert(turnOutbox).values({ ...row, signal: JSON.stringify(row.signal) });
}

/** A session's waiting turns, oldest first, at most `limit`. */
export async function readOutboxTurns(
  db: Database,
  key: { tenantId: string; sessionId: string; taskQueue: string },
  limit: number,
): Promise<OutboxTurn[]> {
  const rows = await db
    .select({
      id: turnOutbox.id,
      fromSeq: turnOutbox.fromSeq,
      toSeq: turnOutbox.toSeq,
      created: turnOutbox.created,
      signal: turnOutbox.signal,
    })
    .from(turnOutbox)
    .where(
      and(
        eq(turnOutbox.tenantId, key.tenantId),
        eq(turnOutbox.sessionId, key.sessionId),
        eq(turnOutbox.taskQueue, key.taskQueue),
      ),
    )
    .orderBy(asc(turnOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    signal: JSON.parse(row.signal) as TurnSignal,
    bytes: row.signal.length,
  }));
}

/** Rows whose signal Temporal accepted. */
export async function deleteOutboxTurns(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(turnOutbox).where(inArray(turnOutbox.id, [...ids]));
}

/** Sessions of a task queue with a turn waiting since before `before` (the dispatcher's sweep). */
export async function sessionsWaiting(
  db: Database,
  taskQueue: string,
  before: Date,
  limit: number,
): Promise<Array<{ tenantId: string; sessionId: string }>> {
  return db
    .selectDistinct({ tenantId: turnOutbox.tenantId, sessionId: turnOutbox.sessionId })
    .from(turnOutbox)
    .where(and(eq(turnOutbox.taskQueue, taskQueue), lt(turnOutbox.createdAt, before)))
    .limit(limit);
}

/** Turns of a session not yet signalled (tests and operators). */
export async function countOutboxTurns(db: Database, tenantId: string, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(turnOutbox)
    .where(and(eq(turnOutbox.tenantId, tenantId), eq(turnOutbox.sessionId, sessionId)));
  return row?.n ?? 0;
}
