/**
 * Appending a turn to a session's transcript: one transaction that assigns seqs under the
 * session's row lock, stores the messages and the turn's idempotency record, and runs the
 * caller's `beforeCommit` (the workflow signal) before it commits.
 *
 * The invariant the turn path rests on: the signal is sent while this transaction holds the
 * session's row lock, so two turns of one session signal in the order of their seqs — which is
 * what `applyTurn` in the session workflow relies on (it applies seqs in order and ignores seqs it
 * has seen). A signal that fails rolls the transaction back: no rows, no signal.
 *
 * What it does not guarantee: if the COMMIT itself fails after the signal went out (the database
 * connection drops at that moment), the workflow has counted seqs that were never stored. The
 * agent gets an error and retries the same turnId; with no turn in between it is stored under the
 * same seqs and the workflow ignores the re-delivered signal, so nothing is lost. A turn of the same
 * session committed in between would leave the workflow counting the failed attempt's tokens until
 * the next compaction re-reads the range from PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import { stringify } from 'safe-stable-stringify';
import type { Message } from '../context/messages.js';
import { touchesPromptCache } from '../context/pruning/settings.js';
import type { Database } from './client.js';
import {
  messageOverrides,
  messages,
  type SessionRow,
  sessions,
  type TurnRow,
  tenants,
  turns,
} from './schema.js';

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
  /** Memory scope (MEMORY.md §1); a session keeps the first it is given. */
  userId?: string | undefined;
  agentId?: string | undefined;
  /** Everything that defines the turn's content, hashed for the idempotency check. */
  content: unknown;
}

export type AppendTurnResult =
  | { outcome: 'appended' | 'replayed'; turn: TurnRow; contextWindowTokens: number; session: SessionRow }
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
 * Stores the turn (or recognises a replay) and runs `beforeCommit` inside the transaction.
 * If `beforeCommit` throws, nothing is written.
 */
export async function appendTurn(
  db: Database,
  input: AppendTurnInput,
  beforeCommit: (result: Extract<AppendTurnResult, { outcome: 'appended' | 'replayed' }>) => Promise<void>,
): Promise<AppendTurnResult> {
  const hash = contentHash(input.content);
  return db.transaction(async (tx) => {
    // Creates the session or takes its row lock, in one statement: seqs are assigned under it.
    const [session] = await tx
      .insert(sessions)
      .values({
        tenantId: input.tenantId,
        id: input.sessionId,
        workflowId: input.workflowId,
        contextWindowTokens: input.contextWindowTokens ?? input.defaultContextWindowTokens,
        settings: input.settings ?? {},
        userId: input.userId ?? null,
        agentId: input.agentId ?? null,
      })
      .onConflictDoUpdate({
        target: [sessions.tenantId, sessions.id],
        set: {
          tenantId: sql`excluded.tenant_id`,
          userId: sql`coalesce(${sessions.userId}, excluded.user_id)`,
          agentId: sql`coalesce(${sessions.agentId}, excluded.agent_id)`,
        },
      })
      .returning();
    if (!session) throw new Error(`session ${input.sessionId} was neither created nor found`);

    const [existing] = await tx
      .select()
      .from(turns)
      .where(
        and(
          eq(turns.tenantId, input.tenantId),
          eq(turns.sessionId, input.sessionId),
          eq(turns.turnId, input.turnId),
        ),
      );
    if (existing) {
      if (existing.contentHash !== hash) return { outcome: 'conflict', turn: existing };
      const result = {
        outcome: 'replayed' as const,
        turn: existing,
        contextWindowTokens: session.contextWindowTokens,
        session,
      };
      await beforeCommit(result);
      return result;
    }

    const fromSeq = session.lastSeq + 1;
    const toSeq = session.lastSeq + input.messages.length;
    if (input.messages.length > 0) {
      await tx.insert(messages).values(
        input.messages.map((body, i) => ({
          tenantId: input.tenantId,
          sessionId: input.sessionId,
          seq: fromSeq + i,
          turnId: input.turnId,
          role: body.role,
          body,
          bodyRaw: JSON.stringify(body),
          tokens: input.tokens[i] ?? 0,
        })),
      );
    }
    const [turn] = await tx
      .insert(turns)
      .values({
        tenantId: input.tenantId,
        sessionId: input.sessionId,
        turnId: input.turnId,
        contentHash: hash,
        fromSeq,
        toSeq,
        tokens: input.tokens.reduce((a, b) => a + b, 0),
        usage: input.usage ?? null,
      })
      .returning();
    const contextWindowTokens = input.contextWindowTokens ?? session.contextWindowTokens;
    const [updated] = await tx
      .update(sessions)
      .set({
        lastSeq: Math.max(session.lastSeq, toSeq),
        transcriptTokens: session.transcriptTokens + input.tokens.reduce((a, b) => a + b, 0),
        contextWindowTokens,
        ...(input.settings ? { settings: { ...(session.settings as object), ...input.settings } } : {}),
        ...(touchesPromptCache(input.messages) ? { lastCacheTouchAt: new Date() } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(sessions.tenantId, input.tenantId), eq(sessions.id, input.sessionId)))
      .returning();
    const result = { outcome: 'appended' as const, turn: turn!, contextWindowTokens, session: updated! };
    await beforeCommit(result);
    return result;
  });
}

export async function getSession(db: Database, tenantId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)));
  return row;
}

/** A stored body as the agent sent it: the verbatim JSON text, or (rows older than it) the jsonb. */
const verbatim = (raw: string | null, body: unknown): Message =>
  (raw === null ? body : JSON.parse(raw)) as Message;

/**
 * Message rows of a session with seq in (afterSeq, toSeq], in order; `body` is the message
 * exactly as the agent sent it (every character JSON allows, NUL and lone surrogates included).
 */
export async function readMessages(
  db: Database,
  tenantId: string,
  sessionId: string,
  range: { afterSeq: number; toSeq?: number },
) {
  const conditions = [
    eq(messages.tenantId, tenantId),
    eq(messages.sessionId, sessionId),
    gt(messages.seq, range.afterSeq),
  ];
  if (range.toSeq !== undefined) conditions.push(lte(messages.seq, range.toSeq));
  const rows = await db
    .select({
      id: messages.id,
      seq: messages.seq,
      turnId: messages.turnId,
      role: messages.role,
      tokens: messages.tokens,
      createdAt: messages.createdAt,
      // Only the verbatim text travels when it exists; the jsonb copy only for older rows.
      bodyRaw: messages.bodyRaw,
      body: sql<unknown>`case when ${messages.bodyRaw} is null then ${messages.body} end`,
    })
    .from(messages)
    .where(and(...conditions))
    .orderBy(asc(messages.seq));
  return rows.map(({ bodyRaw, body, ...row }) => ({ ...row, body: verbatim(bodyRaw, body) }));
}

/** Replacement bodies for stored messages (persistent truncation); a retried write adds none. */
export async function insertMessageOverrides(
  db: Database,
  rows: ReadonlyArray<{
    id: string;
    tenantId: string;
    sessionId: string;
    seq: number;
    body: Message;
    tokens: number;
    reason: string;
  }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(messageOverrides)
    .values(rows.map((row) => ({ ...row, bodyRaw: JSON.stringify(row.body) })))
    .onConflictDoNothing();
}

export interface StoredMessage {
  seq: number;
  body: Message;
  tokens: number;
  /** The message was replaced by an override (persistent truncation). */
  overridden: boolean;
}

/**
 * The session's messages in (afterSeq, toSeq] as the engine should see them: each stored body,
 * or its newest override. The transcript rows themselves are never edited.
 */
export async function readEffectiveMessages(
  db: Database,
  tenantId: string,
  sessionId: string,
  range: { afterSeq: number; toSeq?: number },
): Promise<StoredMessage[]> {
  const rows = await readMessages(db, tenantId, sessionId, range);
  const conditions = [
    eq(messageOverrides.tenantId, tenantId),
    eq(messageOverrides.sessionId, sessionId),
    gt(messageOverrides.seq, range.afterSeq),
  ];
  if (range.toSeq !== undefined) conditions.push(lte(messageOverrides.seq, range.toSeq));
  const overrides = await db
    .select()
    .from(messageOverrides)
    .where(and(...conditions))
    .orderBy(asc(messageOverrides.createdAt), asc(messageOverrides.id));
  const newest = new Map<number, { body: Message; tokens: number }>();
  for (const override of overrides) {
    newest.set(override.seq, { body: verbatim(override.bodyRaw, override.body), tokens: override.tokens });
  }
  return rows.map((row) => {
    const override = newest.get(row.seq);
    return override
      ? { seq: row.seq, body: override.body, tokens: override.tokens, overridden: true }
      : { seq: row.seq, body: row.body, tokens: row.tokens, overridden: false };
  });
}

/** Total estimated tokens of the stored messages in [fromSeq, toSeq] (bodies are not read). */
export async function sumRangeTokens(
  db: Database,
  tenantId: string,
  sessionId: string,
  fromSeq: number,
  toSeq: number,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${messages.tokens})` })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.sessionId, sessionId),
        gte(messages.seq, fromSeq),
        lte(messages.seq, toSeq),
      ),
    );
  return Number(row?.total ?? 0);
}
