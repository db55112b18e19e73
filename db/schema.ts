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
import type { CompactionStatus, CompactionVerdict } from '../context/compaction-rules.js';
import type { CompactionTrigger } from '../context/session/index.js';
import { derivedJsonb, derivedText } from './columns.js';

/** A tenant owns sessions; every row below carries its id. */
export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * API keys. Only a hash of the key is stored; a key belongs to one tenant and has one role
 * (`agent`: its own sessions' turns, context, overflow and compaction; `operator`: everything).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    role: text('role').notNull(),
    name: text('name').notNull(),
    /** sha256 of the key, hex. */
    keyHash: text('key_hash').notNull(),
    /** An agent key bound to one agent touches only that agent's sessions (api/key-scope.ts). */
    agentId: text('agent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash)],
);

/**
 * One row per agent session. `view` is the session view the session workflow persists after
 * every change (docs/api.md#routes); the API answers from it without asking the workflow.
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
    /** The episode indexer's watermark (docs/memory.md#episodes): messages up to here are episodes. */
    episodesToSeq: integer('episodes_to_seq').notNull().default(0),
    /**
     * Messages up to here have had their amendments linked (docs/recall-and-updates.md#newest-wins):
     * the indexer moves it with `episodesToSeq`; episodes indexed before links existed are linked
     * in the background (db/memory/amendments.ts linkPendingAmendments).
     */
    amendmentsToSeq: integer('amendments_to_seq').notNull().default(0),
    /** Estimated tokens of every message ever stored for the session (what compaction saves on). */
    transcriptTokens: bigint('transcript_tokens', { mode: 'number' }).notNull().default(0),
    view: derivedJsonb('view'),
    /** Monotonic version of `view`; an older write never overwrites a newer one. */
    viewVersion: bigint('view_version', { mode: 'number' }).notNull().default(0),
    /** Memory scope (docs/memory.md#the-model), taken from the first turn that names them. */
    userId: text('user_id'),
    /**
     * The first seq said after the session named its user (null: the session names none, or was
     * named before this was recorded: all of it). What was said before is not that user's
     * (docs/memory.md#whose-memory).
     */
    userSinceSeq: integer('user_since_seq'),
    agentId: text('agent_id'),
    /** Time of the agent's last LLM call, for the prompt-cache TTL gate of pruning (docs/engine-rules.md#pruning). */
    lastCacheTouchAt: timestamp('last_cache_touch_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sessions_updated_idx').on(t.tenantId, t.updatedAt),
    // Recall reads a memory scope's sessions (tool and skill statistics).
    index('sessions_user_idx').on(t.tenantId, t.userId),
    index('sessions_agent_idx').on(t.tenantId, t.agentId),
    // The episode indexer's queue: the sessions with messages not yet indexed, a small index.
    index('sessions_episodes_pending_idx').on(t.updatedAt).where(sql`${t.lastSeq} > ${t.episodesToSeq}`),
    // Episodes indexed before amendment links existed, still to link: a small index.
    index('sessions_amendments_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.episodesToSeq} > ${t.amendmentsToSeq}`),
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
    /**
     * The canonical message (docs/engine-rules.md#messages) for SQL (tool statistics): jsonb cannot hold NUL
     * or an unpaired surrogate, so those become U+FFFD here (context/storable.ts).
     */
    body: derivedJsonb('body').notNull(),
    /** The message verbatim, as JSON text (escapes keep every character): what reads return. */
    bodyRaw: text('body_raw'),
    /** molt's token estimate of the message (details excluded). */
    tokens: integer('tokens').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_session_seq_uq').on(t.tenantId, t.sessionId, t.seq),
    index('messages_turn_idx').on(t.tenantId, t.sessionId, t.turnId),
  ],
);

/**
 * One row per compaction attempt. The id is derived from (session, range, attempt) by the session
 * workflow, so a retried start or a replayed activity finds the same row.
 */
export const compactions = pgTable(
  'compactions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    sessionId: text('session_id').notNull(),
    trigger: text('trigger').$type<CompactionTrigger>().notNull(),
    status: text('status').$type<CompactionStatus>().notNull(),
    fromSeq: integer('from_seq').notNull(),
    toSeq: integer('to_seq').notNull(),
    tokensBefore: integer('tokens_before'),
    tokensAfter: integer('tokens_after'),
    error: derivedText('error'),
    /** What the compaction came to (context/compaction-rules.ts COMPACTION_VERDICTS); null while running. */
    verdict: text('verdict').$type<CompactionVerdict>(),
    /** Why: the provider's error text and status, once per compaction (not per chunk). */
    cause: derivedText('cause'),
    replayOf: text('replay_of'),
    /** The summary in force before this range, folded into this one. */
    previousCompactionId: text('previous_compaction_id'),
    workflowId: text('workflow_id').notNull(),
    runId: text('run_id'),
    model: text('model'),
    /** The merged LLM (or extractive) body, before the digest sections are appended. */
    mergedBody: derivedText('merged_body'),
    /** The session's TODOs as this compaction left them ({text, status}[]). */
    todos: derivedJsonb('todos'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('compactions_session_idx').on(t.tenantId, t.sessionId, t.startedAt),
    index('compactions_status_idx').on(t.tenantId, t.status, t.startedAt),
  ],
);

/** A chunk of a compaction's range, summarised on its own (docs/engine-rules.md#staged-summarization); keyed by compaction and index. */
export const compactionChunks = pgTable(
  'compaction_chunks',
  {
    compactionId: text('compaction_id')
      .notNull()
      .references(() => compactions.id),
    index: integer('index').notNull(),
    fromSeq: integer('from_seq').notNull(),
    toSeq: integer('to_seq').notNull(),
    tokens: integer('tokens').notNull(),
    /** Fallback level reached: 1 whole chunk, 2 without oversized messages, 3 extractive digest. */
    level: integer('level'),
    attempts: integer('attempts').notNull().default(0),
    status: text('status').notNull(),
    summary: derivedText('summary'),
    error: derivedText('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.compactionId, t.index] })],
);

/** The summary a successful compaction produced: at most one per compaction. */
export const summaries = pgTable('summaries', {
  compactionId: text('compaction_id')
    .primaryKey()
    .references(() => compactions.id),
  tenantId: text('tenant_id').notNull(),
  sessionId: text('session_id').notNull(),
  text: derivedText('text').notNull(),
  tokens: integer('tokens').notNull(),
  /** The cumulative working memory `text` renders (docs/working-memory.md); null on older rows. */
  workingMemory: derivedJsonb('working_memory'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Pending work, per session; a status survives later compactions (a TODO never silently goes). */
export const todos = pgTable(
  'todos',
  {
    tenantId: text('tenant_id').notNull(),
    sessionId: text('session_id').notNull(),
    /** Normalised text: the identity of a TODO across compactions. */
    key: derivedText('key').notNull(),
    text: derivedText('text').notNull(),
    status: text('status').notNull(),
    firstCompactionId: text('first_compaction_id').notNull(),
    lastCompactionId: text('last_compaction_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.sessionId, t.key] })],
);

/** Files a compacted range read, modified or referenced. */
export const compactionFiles = pgTable(
  'compaction_files',
  {
    compactionId: text('compaction_id')
      .notNull()
      .references(() => compactions.id),
    kind: text('kind').notNull(),
    path: derivedText('path').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.compactionId, t.kind, t.path] })],
);

/** Tool calls that failed inside a compacted range. */
export const toolFailures = pgTable(
  'tool_failures',
  {
    compactionId: text('compaction_id')
      .notNull()
      .references(() => compactions.id),
    toolCallId: derivedText('tool_call_id').notNull(),
    toolName: derivedText('tool_name').notNull(),
    meta: derivedText('meta'),
    summary: derivedText('summary').notNull(),
  },
  (t) => [primaryKey({ columns: [t.compactionId, t.toolCallId] })],
);

/** Every transition of a session's circuit breaker (docs/engine-rules.md#circuit-breaker), for operators. */
export const breakerEvents = pgTable(
  'breaker_events',
  {
    /** Chosen by the session workflow, so a retried activity writes the event once. */
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    sessionId: text('session_id').notNull(),
    state: text('state').notNull(),
    reason: derivedText('reason'),
    consecutiveFailures: integer('consecutive_failures').notNull(),
    compactionId: text('compaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('breaker_events_session_idx').on(t.tenantId, t.sessionId, t.createdAt)],
);

/**
 * A replacement body for a stored message (persistent truncation during overflow recovery). The
 * transcript row is never edited: the newest override of a seq applies, the original stays.
 */
export const messageOverrides = pgTable(
  'message_overrides',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    sessionId: text('session_id').notNull(),
    seq: integer('seq').notNull(),
    body: derivedJsonb('body').notNull(),
    /** The replacement verbatim, as JSON text (see messages.bodyRaw). */
    bodyRaw: text('body_raw'),
    tokens: integer('tokens').notNull(),
    reason: derivedText('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_overrides_seq_idx').on(t.tenantId, t.sessionId, t.seq)],
);

export * from './erasure-schema.js';
export * from './memory/memory-amendment-schema.js';
export * from './memory/memory-embedding-schema.js';
export * from './memory/memory-schema.js';
export * from './turn-outbox-schema.js';

export type SessionRow = typeof sessions.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type CompactionRow = typeof compactions.$inferSelect;
export type ChunkRow = typeof compactionChunks.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type TurnRow = typeof turns.$inferSelect;
