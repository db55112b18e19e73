/**
 * The sessions table group's queries beyond the turn path (db/transcript.ts): the persisted view,
 * operators' session list, the prompt-cache touch, breaker events, and the gauges /metrics reads.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { storableJsonText } from '../context/storable.js';
import { type Database, executePrepared } from './client.js';
import { countUpTo, decodeCursor, type ListTotal, newestFirst, olderThan, pageOf } from './pagination.js';
import { breakerEvents, compactions, type SessionRow, sessions } from './schema.js';

/**
 * Writes the view the session workflow persists; an older version never overwrites a newer. It
 * runs after every turn the workflow applies: a prepared statement (`executePrepared`).
 */
export async function persistSessionView(
  db: Database,
  input: { tenantId: string; sessionId: string; version: number; view: unknown },
): Promise<PersistViewOutcome> {
  const deadline = Date.now() + ROW_WAIT_MS;
  for (;;) {
    const updated = await executePrepared(
      db,
      'molt_persist_session_view_returning',
      sql`update sessions set view = ${storableJsonText(input.view)}::jsonb, view_version = ${input.version}::bigint,
        updated_at = ${new Date()}::timestamptz
      where tenant_id = ${input.tenantId}::text and id = ${input.sessionId}::text and view_version < ${input.version}::bigint
      returning 1 as updated`,
    );
    if (updated.length > 0) return { written: true, storedVersion: input.version };
    const [row] = await db
      .select({ version: sessions.viewVersion })
      .from(sessions)
      .where(and(eq(sessions.tenantId, input.tenantId), eq(sessions.id, input.sessionId)));
    if (row) return { written: false, storedVersion: row.version };
    // No row visible: the first turn signals its workflow before its transaction commits, and a
    // fast worker's first write would be lost (the view stale until the next turn). Wait for it,
    // a bounded time: a session with no row at all (erased) has no view to write.
    if (Date.now() >= deadline) return { written: false, storedVersion: null };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How long a view write waits for its session's row to become visible. */
const ROW_WAIT_MS = 2_000;

/**
 * Whether the view was written, and the version stored now. Not written with a stored version at
 * or above this one: a write of the same version landed first — a retried write, or a killed
 * worker's write of an older state under the number this run reuses after its replay.
 */
export interface PersistViewOutcome {
  written: boolean;
  /** null: the session has no row (nothing was written). */
  storedVersion: number | null;
}

/**
 * The tenant's sessions, newest first, optionally by breaker state, user, agent and a text the id
 * contains (case-insensitive, taken literally); null cursor: not ours.
 */
export async function listSessions(
  db: Database,
  query: {
    tenantId: string;
    limit: number;
    cursor?: string;
    breaker?: 'open' | 'closed' | undefined;
    q?: string | undefined;
    userId?: string | undefined;
    agentId?: string | undefined;
  },
): Promise<({ rows: SessionRow[]; nextCursor: string | null } & ListTotal) | null> {
  const conditions: SQL[] = [eq(sessions.tenantId, query.tenantId)];
  if (query.userId !== undefined) conditions.push(eq(sessions.userId, query.userId));
  if (query.agentId !== undefined) conditions.push(eq(sessions.agentId, query.agentId));
  if (query.q !== undefined) {
    const literal = query.q.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(sql`${sessions.id} ilike ${`%${literal}%`} escape '\\'`);
  }
  if (query.breaker === 'open') conditions.push(sql`${sessions.view}->'breaker'->>'state' = 'open'`);
  if (query.breaker === 'closed') {
    conditions.push(sql`coalesce(${sessions.view}->'breaker'->>'state', 'closed') = 'closed'`);
  }
  const filtered = and(...conditions);
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    if (!after) return null;
    conditions.push(olderThan(sessions.createdAt, sessions.id, after));
  }
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(sessions)
      .where(and(...conditions))
      .orderBy(...newestFirst(sessions.createdAt, sessions.id))
      .limit(query.limit + 1),
    countUpTo(db, sessions, filtered),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { rows: page, nextCursor, ...total };
}

/** The agent's prompt cache was just used (pruning applied on a context read, docs/engine-rules.md#pruning). */
export async function touchPromptCache(
  db: Database,
  tenantId: string,
  sessionId: string,
  at: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastCacheTouchAt: at })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)));
}

/** One transition of a session's breaker; the id (chosen by the workflow) makes a retry a no-op. */
export async function recordBreakerEvent(
  db: Database,
  event: typeof breakerEvents.$inferInsert,
): Promise<void> {
  await db.insert(breakerEvents).values(event).onConflictDoNothing();
}

/** The workflow runs of a session's compactions, oldest first (for its history). */
export async function compactionRuns(db: Database, tenantId: string, sessionId: string) {
  return db
    .select({ workflowId: compactions.workflowId, runId: compactions.runId })
    .from(compactions)
    .where(and(eq(compactions.tenantId, tenantId), eq(compactions.sessionId, sessionId)))
    .orderBy(compactions.startedAt);
}

/** Gauges for /metrics: sessions, sessions with an open breaker, compactions by status. */
export async function databaseGauges(db: Database) {
  const [sessionCounts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      breakerOpen: sql<number>`(count(*) filter (where ${sessions.view}->'breaker'->>'state' = 'open'))::int`,
    })
    .from(sessions);
  const byStatus = await db
    .select({ status: compactions.status, count: sql<number>`count(*)::int` })
    .from(compactions)
    .groupBy(compactions.status);
  return { sessions: sessionCounts?.total ?? 0, breakerOpen: sessionCounts?.breakerOpen ?? 0, byStatus };
}
