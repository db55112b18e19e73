/**
 * Amendment links (issue 30 item 7; docs/recall-and-updates.md#newest-wins): a later episode that
 * says it revises something said before (context/memory/revision.ts) points at the earlier episode
 * it amends, found when the later one is indexed (db/memory/amendments.ts). Recall reads the links
 * of its hits' sessions by one index seek and puts the amending episode directly above the hit it
 * amends. Both ends are episodes of one scope; erasing either removes the link (and the receipt
 * counts it).
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { memories } from './memory-schema.js';

export const memoryAmendments = pgTable(
  'memory_amendments',
  {
    /** The episode that says it amends (its text holds a revision cue). */
    amendingId: text('amending_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    /** The earlier episode it amends: the best match for its subject in an earlier session. */
    amendedId: text('amended_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    amendingSessionId: text('amending_session_id').notNull(),
    /** The messages of the amending session that stand for it (the amending episode's neighbourhood). */
    amendingFromSeq: integer('amending_from_seq').notNull(),
    amendingToSeq: integer('amending_to_seq').notNull(),
    amendedSessionId: text('amended_session_id').notNull(),
    /** The messages of the amended session the link covers (the amended episode's neighbourhood). */
    amendedFromSeq: integer('amended_from_seq').notNull(),
    amendedToSeq: integer('amended_to_seq').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.amendingId, t.amendedId] }),
    index('memory_amendments_amended_idx').on(t.tenantId, t.amendedSessionId),
    index('memory_amendments_amended_id_idx').on(t.amendedId),
  ],
);

export type MemoryAmendmentRow = typeof memoryAmendments.$inferSelect;
