/**
 * Appending a turn to a session's transcript: one statement that assigns seqs under the session's
 * row lock and stores the messages, the turn's idempotency record and, with `input.outbox`, the
 * turn's outbox row (the ingest flow, api/ingest/store-turn.ts, always passes it).
 *
 * The turn route signals nothing under the row lock (docs/architecture.md#coalesced-turns): the
 * outbox row commits with the messages, and the dispatcher (api/ingest/turn-dispatcher.ts) signals
 * after the commit. So a failed COMMIT cannot leave the workflow counting seqs that were never
 * stored, and a crash after the commit leaves the row for the next dispatcher. `appendTurn`'s
 * optional `beforeCommit` runs the statement in a transaction with the callback inside it (if it
 * throws, nothing is written); no production caller passes it — the persistence tests use it to
 * prove that atomicity.
 */
import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { stringify } from 'safe-stable-stringify';
import type { Message } from '../context/messages.js';
import { touchesPromptCache } from '../context/pruning/settings.js';
import { hasUnstorableEscape, storableJsonText } from '../context/storable.js';
import { causeChain, type Database, executePrepared } from './client.js';
import { type SessionRow, sessions, type TurnRow, tenants, turns } from './schema.js';

export const DEFAULT_TENANT_ID = 'default';

export interface AppendTurnInput {
  tenantId: string;
  sessionId: string;
  workflowId: string;
  turnId: string;
  messages: Message[];
  /** molt's token estimate of each message, same order. */
  tokens: number[];
  contextWindowTokens: number | undefined;
  defaultContextWindowTokens: number;
  settings: Record<string, unknown> | undefined;
  usage: Record<string, unknown> | undefined;
  /** Memory scope (docs/memory.md#the-model); a session keeps the first it is given. */
  userId?: string | undefined;
  agentId?: string | undefined;
  /**
   * The agent the caller's key is bound to (api/plugins/key-scope.ts), or null: the turn is stored
   * only in a session of that agent. A session another agent's first turn created (even one that
   * raced this turn for a new id) is not touched: `SessionOfAnotherAgent` (issue 33 item 4).
   */
  ownerAgentId?: string | null | undefined;
  /** Everything that defines the turn's content, hashed for the idempotency check. */
  content: unknown;
  /**
   * Store the turn's signal in the outbox with it (db/turn-outbox.ts): `signal` is its template,
   * JSON with seqs counted from 0 and no window (`signalTemplateText`, api/ingest/turn-outbox.ts).
   */
  outbox?: { taskQueue: string; signal: string };
}

export type AppendTurnResult =
  | {
      outcome: 'appended' | 'replayed';
      turn: TurnRow;
      session: SessionRow;
      /** This turn created the session (its workflow has not been started yet). */
      created: boolean;
      /** The turn's outbox row (`input.outbox`; null for a replay). */
      outboxId: number | null;
    }
  | { outcome: 'conflict'; turn: TurnRow };

export function contentHash(content: unknown): string {
  return createHash('sha256')
    .update(stringify(content) ?? '')
    .digest('hex');
}

export async function ensureTenant(db: Database, id: string, name = id): Promise<void> {
  await db.insert(tenants).values({ id, name }).onConflictDoNothing();
}

/**
 * Stores the turn (or recognises a replay). With `input.outbox` the turn's outbox row is part of
 * the same statement, and the statement is the whole write: one round trip, no BEGIN or COMMIT
 * (docs/architecture.md#coalesced-turns). With `beforeCommit` (tests only: no production caller)
 * the statement runs in a transaction and `beforeCommit` inside it; if it throws, nothing is written.
 *
 * The statement (`appendTurnStatement`) is prepared once per connection: the turn path's cost was
 * mostly round trips, parsing and planning. Its snapshot is taken before the row lock it may wait
 * for, so two races show as a lost statement, which writes nothing and is retried from the start:
 * the same `turnId` committed meanwhile by a concurrent request (the turn row collides; the retry
 * answers it as a replay or a conflict), and the session created meanwhile by a concurrent first
 * turn (the statement neither created nor found it). A conflict writes nothing.
 */
export async function appendTurn(
  db: Database,
  input: AppendTurnInput,
  beforeCommit?: (
    result: Extract<AppendTurnResult, { outcome: 'appended' | 'replayed' }>,
    tx: Database,
  ) => Promise<void>,
): Promise<AppendTurnResult> {
  const hash = contentHash(input.content);
  const statement = appendTurnStatement(input, hash);
  const name = input.outbox ? 'molt_append_turn_outbox' : 'molt_append_turn';
  const once = async (tx: Database): Promise<AppendTurnResult> => {
    const [row] = await executePrepared<AppendTurnRow>(tx, name, statement);
    if (row?.existing) {
      const existing = turnRowOf(row.existing);
      if (existing.contentHash !== hash) return { outcome: 'conflict', turn: existing };
      const session = await lockForReplay(tx, input);
      const result = {
        outcome: 'replayed' as const,
        turn: existing,
        session,
        created: false,
        outboxId: null,
      };
      await beforeCommit?.(result, tx);
      return result;
    }
    if (!row?.session || !row.turn) {
      if (input.ownerAgentId) await refuseSessionOfAnotherAgent(tx, input, input.ownerAgentId);
      throw new AppendRaceLost();
    }
    const result = {
      outcome: 'appended' as const,
      turn: turnRowOf(row.turn),
      session: sessionRowOf(row.session),
      created: row.created,
      outboxId: row.outbox_id === null ? null : Number(row.outbox_id),
    };
    await beforeCommit?.(result, tx);
    return result;
  };
  for (let attempt = 1; ; attempt++) {
    try {
      return beforeCommit ? await db.transaction((tx) => once(tx as unknown as Database)) : await once(db);
    } catch (error) {
      if (attempt >= APPEND_ATTEMPTS || !(error instanceof AppendRaceLost || isTurnCollision(error)))
        throw error;
    }
  }
}

/**
 * The turn's session exists and belongs to another agent than the key's (or to none): the turn
 * wrote nothing, and the caller answers as for a session that does not exist.
 */
export class SessionOfAnotherAgent extends Error {
  override name = 'SessionOfAnotherAgent';
  constructor() {
    super("the session belongs to another agent than the key's");
  }
}

async function refuseSessionOfAnotherAgent(
  db: Database,
  input: AppendTurnInput,
  owner: string,
): Promise<void> {
  const [session] = await db
    .select({ agentId: sessions.agentId })
    .from(sessions)
    .where(and(eq(sessions.tenantId, input.tenantId), eq(sessions.id, input.sessionId)));
  if (session && session.agentId !== owner) throw new SessionOfAnotherAgent();
}

/** A race lost twice in a row is already unlikely; a third loss is an error, not a loop. */
const APPEND_ATTEMPTS = 3;

class AppendRaceLost extends Error {
  override name = 'AppendRaceLost';
  constructor() {
    super('the session was created by a concurrent turn');
  }
}

/** The turn's primary key collided: a concurrent request committed the same `turnId` first. */
function isTurnCollision(error: unknown): boolean {
  for (const e of causeChain(error)) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === TURNS_PRIMARY_KEY;
  }
  return false;
}

const TURNS_PRIMARY_KEY = 'turns_tenant_id_session_id_turn_id_pk';

/** The statement's one row: each part as `row_to_json` of its table's row, or null. */
interface AppendTurnRow {
  existing: Record<string, unknown> | null;
  session: Record<string, unknown> | null;
  turn: Record<string, unknown> | null;
  /** The session's row was created by this turn. */
  created: boolean;
  /** The turn's outbox row, when it has one (bigint: text). */
  outbox_id: string | number | null;
}

/**
 * The new turn in one statement. `existing`: the turn already stored under `turnId` (then nothing
 * else runs). `created`: the session's row, for its first turn. `updated`: otherwise the session's
 * row, locked: seqs are assigned under this lock. Then the turn row, and the message rows at the
 * seqs the session row gives. Each message travels as `[role, tokens, verbatim JSON]` plus, when the verbatim text
 * holds what jsonb cannot (context/storable.ts), the storable JSON for the `body` copy.
 */
function appendTurnStatement(input: AppendTurnInput, hash: string): SQL {
  const now = new Date();
  const count = input.messages.length;
  const tokens = input.tokens.reduce((a, b) => a + b, 0);
  const touchAt = touchesPromptCache(input.messages) ? now : null;
  const rows = input.messages.map((body, i) => {
    const raw = JSON.stringify(body);
    const head = `[${JSON.stringify(body.role)},${input.tokens[i] ?? 0},${JSON.stringify(raw)}`;
    return hasUnstorableEscape(raw) ? `${head},${storableJsonText(body)}]` : `${head}]`;
  });
  const { tenantId, sessionId, turnId } = input;
  const inputSettings = input.settings ? JSON.stringify(input.settings) : null;
  // The turn's outbox row (docs/architecture.md#coalesced-turns): seqs and window from the row.
  const outboxPart = input.outbox
    ? sql`, outbox as (
  insert into turn_outbox (tenant_id, session_id, task_queue, from_seq, to_seq, created, context_window_tokens, signal)
  select ${tenantId}::text, ${sessionId}::text, ${input.outbox.taskQueue}::text, last_seq - ${count}::int + 1, last_seq,
    exists (select 1 from created), context_window_tokens, ${input.outbox.signal}::text
  from stored_session
  returning id
)`
    : sql``;
  return sql`with existing as (
  select * from turns where tenant_id = ${tenantId}::text and session_id = ${sessionId}::text and turn_id = ${turnId}::text
), created as (
  insert into sessions (tenant_id, id, workflow_id, context_window_tokens, settings, last_seq, transcript_tokens, user_id, user_since_seq, agent_id, last_cache_touch_at, updated_at)
  select ${tenantId}::text, ${sessionId}::text, ${input.workflowId}::text,
    ${input.contextWindowTokens ?? input.defaultContextWindowTokens}::int, ${inputSettings ?? '{}'}::jsonb,
    ${count}::int, ${tokens}::bigint, ${input.userId ?? null}::text,
    case when ${input.userId ?? null}::text is null then null else 1 end, ${input.agentId ?? null}::text,
    ${touchAt}::timestamptz, ${now}::timestamptz
  where not exists (select 1 from existing)
    and not exists (select 1 from sessions where tenant_id = ${tenantId}::text and id = ${sessionId}::text)
  on conflict do nothing
  returning *
), updated as (
  update sessions set
    last_seq = last_seq + ${count}::int,
    transcript_tokens = transcript_tokens + ${tokens}::bigint,
    context_window_tokens = coalesce(${input.contextWindowTokens ?? null}::int, context_window_tokens),
    settings = coalesce(settings || ${inputSettings}::jsonb, settings),
    user_id = coalesce(user_id, ${input.userId ?? null}::text),
    -- The turn that names the user first: what was said before it is not the user's.
    user_since_seq = case when user_id is null and ${input.userId ?? null}::text is not null
      then last_seq + 1 else user_since_seq end,
    agent_id = coalesce(agent_id, ${input.agentId ?? null}::text),
    last_cache_touch_at = coalesce(${touchAt}::timestamptz, last_cache_touch_at),
    updated_at = ${now}::timestamptz
  where tenant_id = ${tenantId}::text and id = ${sessionId}::text and not exists (select 1 from existing)
    and (${input.ownerAgentId ?? null}::text is null or agent_id = ${input.ownerAgentId ?? null}::text)
  returning *
), stored_session as (
  select * from created union all select * from updated
), turn as (
  insert into turns (tenant_id, session_id, turn_id, content_hash, from_seq, to_seq, tokens, usage)
  select ${tenantId}::text, ${sessionId}::text, ${turnId}::text, ${hash}::text,
    last_seq - ${count}::int + 1, last_seq, ${tokens}::int, ${input.usage ? JSON.stringify(input.usage) : null}::jsonb
  from stored_session
  returning *
), stored_messages as (
  insert into messages (tenant_id, session_id, seq, turn_id, role, body, body_raw, tokens)
  select ${tenantId}::text, ${sessionId}::text, stored_session.last_seq - ${count}::int + m.ord::int, ${turnId}::text,
    m.message->>0, coalesce(m.message->3, (m.message->>2)::json)::jsonb, m.message->>2, (m.message->>1)::int
  from stored_session, json_array_elements(${`[${rows.join(',')}]`}::json) with ordinality as m(message, ord)
)${outboxPart}
select (select row_to_json(existing) from existing) as existing,
  (select row_to_json(stored_session) from stored_session) as session,
  (select row_to_json(turn) from turn) as turn,
  exists (select 1 from created) as created,
  ${input.outbox ? sql`(select id from outbox)` : sql`null::bigint`} as outbox_id`;
}

/** A replay is answered like the first time, under the session's row lock (as a new turn is). */
async function lockForReplay(db: Database, input: AppendTurnInput): Promise<SessionRow> {
  const [session] = await db
    .update(sessions)
    // Locks the row and changes nothing: a replay never names the session's user or agent (a turn's
    // scope is part of its content hash, so a replay naming another is a conflict; issue 19 item 9).
    .set({ updatedAt: sql`${sessions.updatedAt}` })
    .where(and(eq(sessions.tenantId, input.tenantId), eq(sessions.id, input.sessionId)))
    .returning();
  if (!session) throw new Error(`session ${input.sessionId} has a stored turn but no row`);
  return session;
}

/** Maps `row_to_json` of a table's row (column names, JSON values) to the row drizzle returns. */
function rowMapper<T extends PgTable>(table: T): (json: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, column }));
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const { key, column } of columns) {
      const value = json[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}

const sessionRowOf = rowMapper(sessions);
const turnRowOf = rowMapper(turns);

export {
  getSession,
  insertMessageOverrides,
  readEffectiveMessages,
  readMessages,
  type StoredMessage,
  sumRangeTokens,
} from './messages.js';
