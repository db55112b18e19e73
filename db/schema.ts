/**
 * molt's database, readable as a document. Transcripts are append-only: a message row is never
 * updated or deleted; what the engine changes (pruning, truncation) lives in memory or in
 * override rows.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A tenant owns sessions; every row below carries its id. */
export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per agent session. `view` is the session view the session workflow persists after
 * every change (CONTRACT.md §2); the API answers from it without asking the workflow.
 */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: text('id').notNull(),
    workflowId: text('workflow_id').notNull(),
    contextWindowTokens: integer('context_window_tokens').notNull(),
    settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
    /** Highest seq stored for this session; new turns take the following ones. */
    lastSeq: integer('last_seq').notNull().default(0),
    view: jsonb('view'),
    /** Monotonic version of `view`; an older write never overwrites a newer one. */
    viewVersion: bigint('view_version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sessions_updated_idx').on(t.tenantId, t.updatedAt),
  ],
);

/** A turn as the agent posted it: the idempotency record for `turnId`. */
export const turns = pgTable(
  'turns',
  {
    tenantId: text('tenant_id').notNull(),
    sessionId: text('session_id').notNull(),
    turnId: text('turn_id').notNull(),
    /** sha256 of the canonical request content; a replay with another hash is a conflict. */
    contentHash: text('content_hash').notNull(),
    fromSeq: integer('from_seq').notNull(),
    toSeq: integer('to_seq').notNull(),
    tokens: integer('tokens').notNull(),
    usage: jsonb('usage'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.sessionId, t.turnId] })],
);

/** The transcript: append-only, one row per message, in order. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    sessionId: text('session_id').notNull(),
    seq: integer('seq').notNull(),
    turnId: text('turn_id').notNull(),
    role: text('role').notNull(),
    /** The canonical message (ALGORITHMS.md §1), verbatim. */
    body: jsonb('body').notNull(),
    /** molt's token estimate of the message (details excluded). */
    tokens: integer('tokens').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_session_seq_uq').on(t.tenantId, t.sessionId, t.seq),
    index('messages_turn_idx').on(t.tenantId, t.sessionId, t.turnId),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type TurnRow = typeof turns.$inferSelect;
