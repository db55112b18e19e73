/**
 * Reading a session's stored transcript: the session row, message rows by seq range exactly as the
 * agent sent them, the effective messages (persistent truncations applied), and range token sums;
 * and recording a persistent truncation. Appending is db/transcript.ts.
 */
import { and, asc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Message } from '../context/messages.js';
import type { Database } from './client.js';
import { messageOverrides, messages, sessions } from './schema.js';

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
