/**
 * Erasure tombstones (issue 19 item 3): one row per erased session. Extraction and compaction
 * writes check it under the session's erasure lock (db/erasure.ts): nothing is derived again
 * from a range at or below `upToSeq`, whenever the extraction or compaction started.
 */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const sessionErasures = pgTable(
  'session_erasures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    sessionId: text('session_id').notNull(),
    /** Every seq at or below this was erased; later turns take the following seqs. */
    upToSeq: integer('up_to_seq').notNull(),
    /** `session` or `user` (erased as one of a user's sessions). */
    reason: text('reason').notNull(),
    /** What was removed, by kind (counts only: no text). */
    receipt: jsonb('receipt').$type<Record<string, number>>().notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_erasures_session_idx').on(t.tenantId, t.sessionId, t.upToSeq)],
);
