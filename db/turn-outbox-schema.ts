/**
 * The turn outbox (issue 24 item 2, docs/architecture.md#coalesced-turns): one row per stored
 * turn whose signal has not yet reached the session workflow. The turn's transaction writes it
 * beside the messages; the API's dispatcher (api/ingest/turn-dispatcher.ts) drains a session's rows in
 * `id` order into one `turns` signal and deletes them once Temporal accepted it.
 */
import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const turnOutbox = pgTable(
  'turn_outbox',
  {
    /** Assigned under the session's row lock: a session's rows are in seq order by id. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    sessionId: text('session_id').notNull(),
    /** The task queue of the API that stored the turn: a dispatcher only drains its own queue's rows. */
    taskQueue: text('task_queue').notNull(),
    fromSeq: integer('from_seq').notNull(),
    toSeq: integer('to_seq').notNull(),
    /** The session's window after the turn (the signal carries it). */
    contextWindowTokens: integer('context_window_tokens').notNull(),
    /** The turn created the session: its workflow is started by the first signal, not rebuilt. */
    created: boolean('created').notNull(),
    /**
     * The turn's signal as JSON text (roles, token counts, bounded tool-call ids, settings, usage),
     * its seqs counted from 0: the turn's statement writes the row before it knows `from_seq`
     * (api/ingest/turn-outbox.ts, `signalOfRow`). Text, not jsonb: JSON.stringify escapes NUL and lone
     * surrogates, which a tool-call id may hold and jsonb refuses.
     */
    signal: text('signal').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('turn_outbox_session_idx').on(t.tenantId, t.sessionId, t.id),
    index('turn_outbox_queue_idx').on(t.taskQueue, t.createdAt),
  ],
);
