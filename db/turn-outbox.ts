/**
 * The turn outbox's reads and writes (db/turn-outbox-schema.ts; docs/architecture.md#coalesced-turns).
 * The turn's transaction inserts the row; the dispatcher reads a session's rows in id order (which
 * is seq order: ids are taken under the session's row lock) and deletes them once Temporal has
 * accepted the signal that carried them.
 */
import { and, asc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { turnOutbox } from './turn-outbox-schema.js';

/** A stored row as read: its signal still the JSON template (api/ingest/turn-outbox.ts decodes it). */
export interface OutboxRow {
  id: number;
  fromSeq: number;
  toSeq: number;
  created: boolean;
  contextWindowTokens: number;
  /** The signal's template: JSON, seqs counted from 0, no window. */
  signal: string;
}

/** A session's waiting turns, oldest first, at most `limit`, leaving out rows already signalled. */
export async function readOutboxTurns(
  db: Database,
  key: { tenantId: string; sessionId: string; taskQueue: string },
  limit: number,
  signalled: readonly number[] = [],
): Promise<OutboxRow[]> {
  return db
    .select({
      id: turnOutbox.id,
      fromSeq: turnOutbox.fromSeq,
      toSeq: turnOutbox.toSeq,
      created: turnOutbox.created,
      contextWindowTokens: turnOutbox.contextWindowTokens,
      signal: turnOutbox.signal,
    })
    .from(turnOutbox)
    .where(
      and(
        eq(turnOutbox.tenantId, key.tenantId),
        eq(turnOutbox.sessionId, key.sessionId),
        eq(turnOutbox.taskQueue, key.taskQueue),
        signalled.length > 0 ? notInArray(turnOutbox.id, [...signalled]) : undefined,
      ),
    )
    .orderBy(asc(turnOutbox.id))
    .limit(limit);
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
