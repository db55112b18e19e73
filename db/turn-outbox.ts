/**
 * The turn outbox's reads and writes (db/turn-outbox-schema.ts; docs/architecture.md#coalesced-turns).
 * The turn's transaction inserts the row; the dispatcher reads a session's rows in id order (which
 * is seq order: ids are taken under the session's row lock) and deletes them once Temporal has
 * accepted the signal that carried them.
 */
import { and, asc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
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

/**
 * The signal's template as the outbox stores it: seqs counted from 0 (`seq - fromSeq`), no window.
 * The turn's statement writes the row before it knows the turn's seqs.
 */
export function signalTemplateText(signal: TurnSignal, fromSeq: number): string {
  const { contextWindowTokens: _window, ...rest } = signal;
  return JSON.stringify(shiftSeqs(rest, -fromSeq));
}

/** The signal of a stored row: its template at the row's seqs, with the session's window. */
export function signalOfRow(template: TurnSignal, fromSeq: number, contextWindowTokens: number): TurnSignal {
  return { ...shiftSeqs(template, fromSeq), contextWindowTokens };
}

function shiftSeqs(signal: TurnSignal, by: number): TurnSignal {
  return {
    ...signal,
    messages: signal.messages.map((meta) => ({ ...meta, seq: meta.seq + by })),
    ...(signal.usage ? { usage: { ...signal.usage, seq: signal.usage.seq + by } } : {}),
  };
}

/** A session's waiting turns, oldest first, at most `limit`, leaving out rows already signalled. */
export async function readOutboxTurns(
  db: Database,
  key: { tenantId: string; sessionId: string; taskQueue: string },
  limit: number,
  signalled: readonly number[] = [],
): Promise<OutboxTurn[]> {
  const rows = await db
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
  return rows.map((row) => ({
    id: row.id,
    fromSeq: row.fromSeq,
    toSeq: row.toSeq,
    created: row.created,
    signal: signalOfRow(JSON.parse(row.signal) as TurnSignal, row.fromSeq, row.contextWindowTokens),
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
