/**
 * Durable memory (docs/memory.md#the-model): memories, the extractions that produced them, and the events
 * (the diff) of every change. Re-exported by schema.ts so drizzle and its migrations see them.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { PROMPT_PREFERENCE_PRIORITY } from '../../context/memory/prompt.js';
import {
  type ExtractionTrigger,
  type ExtractionVerdict,
  MEMORY_TYPES,
  type MemoryType,
  type StoredMemoryType,
} from '../../context/memory/types.js';
import { derivedJsonb, derivedText } from '../columns.js';

export { MEMORY_TYPES, type MemoryType, type StoredMemoryType };

/** A date a memory's text names, resolved to a span of days (inclusive, `YYYY-MM-DD`). */
export interface MemoryDate {
  text: string;
  from: string;
  to: string;
}

export const MEMORY_STATUSES = ['active', 'superseded', 'deleted'] as const;
export type MemoryStatus = (typeof MEMORY_STATUSES)[number];

/** Where a memory came from: a verbatim quote of a message span, or a direct write. */
export type MemorySource =
  | {
      sessionId: string;
      fromSeq: number;
      toSeq: number;
      quote: string;
      /** The quoted message's role (`user`: said by the user); absent in memories stored before. */
      role?: string;
      /** An episode's part of a long message (sentence groups, 0-based); absent: the whole message. */
      part?: number;
      /** The quoted message's speaker, when it names one (a conversation between people). */
      speaker?: string;
    }
  | { kind: 'commit_memory' | 'operator'; sessionId?: string };

/**
 * The memories the system-prompt addition carries: profiles and preferences of priority
 * PROMPT_PREFERENCE_PRIORITY or more. The priority is written into the SQL (not a parameter) so
 * the partial index below matches the query; changing it needs a migration.
 */
export const promptMemoryCondition = (t: { type: AnyPgColumn; priority: AnyPgColumn }) =>
  sql`(${t.type} = 'profile' or (${t.type} = 'preference' and ${t.priority} >= ${sql.raw(String(PROMPT_PREFERENCE_PRIORITY))}))`;

/** A new memory's id: `mem_` and 24 hex digits of a random UUID. */
export const newMemoryId = (): string => `mem_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

export const memories = pgTable(
  'memories',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    /** Scope: the person and/or the agent; a session with neither scopes to `sessionScope`. */
    userId: text('user_id'),
    agentId: text('agent_id'),
    /** The session a memory is scoped to when it has neither userId nor agentId. */
    sessionScope: text('session_scope'),
    /** A memory type, or `episode`: what one turn said (docs/memory.md#episodes). */
    type: text('type').$type<StoredMemoryType>().notNull(),
    category: derivedText('category'),
    /** Normalised subject: a newer memory with the same key supersedes the active one. */
    key: derivedText('key'),
    /** What the memory is about (context/memory/subject.ts): the update policy's probe. */
    subjectKey: derivedText('subject_key'),
    content: derivedText('content').notNull(),
    abstract: derivedText('abstract').notNull(),
    /** Normalised content: the identity used for exact-duplicate detection. */
    normalized: derivedText('normalized').notNull(),
    priority: integer('priority').notNull().default(3),
    source: derivedJsonb('source').$type<MemorySource>().notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededBy: text('superseded_by'),
    extractionId: text('extraction_id'),
    status: text('status').$type<MemoryStatus>().notNull().default('active'),
    /** Who said it: the message's `name` when it carries one, else its role (episodes; null for other memories). */
    speaker: derivedText('speaker'),
    /** When it was said: the source message's timestamp, else when molt stored it (null: unknown). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    /** The dates its text names, resolved against `occurredAt` (context/time/dates.ts). */
    dates: derivedJsonb('dates').$type<MemoryDate[]>(),
  },
  (t) => [
    index('memories_scope_idx').on(t.tenantId, t.userId, t.agentId, t.status, t.type),
    index('memories_recorded_idx').on(t.tenantId, t.recordedAt, t.id),
    index('memories_key_idx').on(t.tenantId, t.key),
    index('memories_subject_idx').on(t.tenantId, t.subjectKey).where(sql`${t.subjectKey} is not null`),
    // The memories the system prompt carries (db/memory/memory-recall.ts promptMemories): a small index.
    index('memories_prompt_idx')
      .on(t.tenantId, t.userId, t.agentId, t.sessionScope)
      .where(sql`${t.status} = 'active' and ${promptMemoryCondition(t)}`),
    index('memories_session_scope_idx')
      .on(t.tenantId, t.sessionScope, t.status, t.type)
      .where(sql`${t.sessionScope} is not null`),
    index('memories_trgm_idx').using('gin', sql`${t.content} gin_trgm_ops`),
    // A session's memories and episodes by source (erasure, expand): episodes make them many.
    index('memories_source_session_idx').on(t.tenantId, sql`(${t.source}->>'sessionId')`),
    index('memories_fts_idx').using('gin', sql`to_tsvector('simple', ${t.content})`),
  ],
);

/**
 * The recall index (docs/memory.md#recall): one row per term of an active memory, as molt's analyzer
 * (context/memory/terms.ts) finds them, with the memory's scope. Rows exist only while the memory
 * is active (a supersede or delete removes them; erasure cascades). Each scope kind has an index
 * ending in the memory id, so a query's terms are looked up index-only — a term shared by
 * thousands of memories costs index entries, not memory rows.
 */
export const memoryTerms = pgTable(
  'memory_terms',
  {
    memoryId: text('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id'),
    agentId: text('agent_id'),
    sessionScope: text('session_scope'),
  },
  (t) => [
    primaryKey({ columns: [t.memoryId, t.term] }),
    index('memory_terms_user_idx').on(t.tenantId, t.userId, t.term, t.memoryId),
    index('memory_terms_agent_idx')
      .on(t.tenantId, t.agentId, t.term, t.memoryId)
      .where(sql`${t.userId} is null`),
    index('memory_terms_session_idx')
      .on(t.tenantId, t.sessionScope, t.term, t.memoryId)
      .where(sql`${t.sessionScope} is not null`),
  ],
);

export {
  EXTRACTION_TRIGGERS,
  EXTRACTION_VERDICTS,
  type ExtractionTrigger,
  type ExtractionVerdict,
} from '../../context/memory/types.js';
export type ExtractionStatus = 'running' | 'succeeded' | 'failed';

/** The verdict of a finished extraction from its counts. */
export function extractionVerdict(counts: {
  candidates: number;
  added: number;
  superseded: number;
}): ExtractionVerdict {
  if (counts.candidates === 0) return 'no_candidate';
  return counts.added + counts.superseded > 0 ? 'extracted' : 'no_change';
}

export interface ExtractionCounts {
  candidates: number;
  added: number;
  superseded: number;
  duplicates: number;
  /** Candidates older than the active memory about the same subject (nothing changed). */
  noops?: number;
  rejected: number;
  /** Rejected candidates by reason. */
  rejectedReasons: Record<string, number>;
  /** Each rejected candidate (the first 100): its place in the extractor's answer, type and reason. */
  rejections?: Array<{ index: number; type: string | null; reason: string }>;
}

/** One per (tenant, session, range, extractor version): the id is derived from them. */
export const memoryExtractions = pgTable(
  'memory_extractions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    sessionId: text('session_id').notNull(),
    userId: text('user_id'),
    agentId: text('agent_id'),
    fromSeq: integer('from_seq').notNull(),
    toSeq: integer('to_seq').notNull(),
    trigger: text('trigger').$type<ExtractionTrigger>().notNull(),
    status: text('status').$type<ExtractionStatus>().notNull(),
    /** `extractive@N` or the model name. */
    extractor: text('extractor').notNull(),
    counts: jsonb('counts').$type<ExtractionCounts>(),
    tokens: jsonb('tokens').$type<{ input: number; output: number }>(),
    error: derivedText('error'),
    /** What the extraction came to (EXTRACTION_VERDICTS); null while running. */
    verdict: text('verdict').$type<ExtractionVerdict>(),
    /** Why, once per extraction: the provider's error text and status of a failure. */
    cause: derivedText('cause'),
    replayOf: text('replay_of'),
    workflowId: text('workflow_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('memory_extractions_session_idx').on(t.tenantId, t.sessionId, t.startedAt),
    index('memory_extractions_status_idx').on(t.tenantId, t.status, t.startedAt),
  ],
);

/** Changes (add, supersede, delete) and the decisions that changed nothing (duplicate, noop). */
export type MemoryEventKind = 'add' | 'supersede' | 'delete' | 'duplicate' | 'noop';

/** Every change to a memory, with the row before and after: an extraction's diff. */
export const memoryEvents = pgTable(
  'memory_events',
  {
    /** Deterministic (`${extractionId}:${n}` or `${memoryId}:delete`): a retried write adds none. */
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    memoryId: text('memory_id').notNull(),
    extractionId: text('extraction_id'),
    kind: text('kind').$type<MemoryEventKind>().notNull(),
    userId: text('user_id'),
    agentId: text('agent_id'),
    before: derivedJsonb('before'),
    after: derivedJsonb('after'),
    /** Why the update policy decided so (context/memory/update.ts); null for deletes and older events. */
    reason: derivedText('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memory_events_memory_idx').on(t.tenantId, t.memoryId, t.createdAt),
    index('memory_events_extraction_idx').on(t.tenantId, t.extractionId),
  ],
);

export type MemoryRow = typeof memories.$inferSelect;

/** Active and not expired (no validTo, or one in the future): all recall and the update policy see. */
export const currentCondition = (): SQL =>
  and(eq(memories.status, 'active'), or(isNull(memories.validTo), gt(memories.validTo, sql`now()`)))!;
/**
 * Extracted memories, not episodes — written as `type IN (the memory types)`, which the scope index
 * (`memories_scope_idx`, type last) seeks; `type <> 'episode'` made PostgreSQL read every episode
 * of the scope and drop it (EXPLAIN ANALYZE at 100K episodes: 18–25 ms against 0.2 ms).
 */
export const extractedCondition = (): SQL => inArray(memories.type, [...MEMORY_TYPES]);
export type MemoryExtractionRow = typeof memoryExtractions.$inferSelect;
export type MemoryEventRow = typeof memoryEvents.$inferSelect;
