/**
 * The reads behind a session's state rebuild (context/session/rebuild.ts): its row and persisted
 * view, the metas of the messages after the view's boundary (effective tokens, tool-call ids from
 * the `jsonb` body — never the raw body), the highest compaction attempt and the extracted range.
 */
import { sql } from 'drizzle-orm';
import { boundedMeta } from '../context/payload-refs.js';
import type { SessionDefaults } from '../context/session/defaults.js';
import type { LiveMessageMeta } from '../context/session/live.js';
import { type RebuiltSession, rebuildSessionState } from '../context/session/rebuild.js';
import type { Database } from './client.js';

export interface SessionRebuild extends RebuiltSession {
  /** Every seq up to this has a memory extraction (0: none). */
  extractedToSeq: number;
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

export async function readSessionRebuild(
  db: Database,
  tenantId: string,
  sessionId: string,
  defaults?: SessionDefaults,
): Promise<SessionRebuild | null> {
  const [session] = rowsOf<{ context_window_tokens: number; settings: unknown; view: unknown }>(
    await db.execute(sql`select context_window_tokens, settings, view from sessions
      where tenant_id = ${tenantId} and id = ${sessionId}`),
  );
  if (!session) return null;
  const view =
    session.view !== null && typeof session.view === 'object'
      ? (session.view as Record<string, unknown>)
      : null;
  const boundary = typeof view?.boundarySeq === 'number' ? view.boundarySeq : 0;
  const rows = rowsOf<{
    seq: number;
    role: string;
    tokens: number;
    tool_call_ids: unknown;
    tool_call_id: string | null;
  }>(
    await db.execute(sql`select m.seq, m.role, coalesce(o.tokens, m.tokens) as tokens,
        case when m.role = 'assistant'
          then jsonb_path_query_array(m.body, '$.content[*] ? (@.type == "toolCall").id') end as tool_call_ids,
        case when m.role = 'toolResult' then m.body->>'toolCallId' end as tool_call_id
      from messages m
      left join lateral (select tokens from message_overrides o
        where o.tenant_id = m.tenant_id and o.session_id = m.session_id and o.seq = m.seq
        order by o.created_at desc, o.id desc limit 1) o on true
      where m.tenant_id = ${tenantId} and m.session_id = ${sessionId} and m.seq > ${boundary}
      order by m.seq`),
  );
  const metas = rows.map((row): LiveMessageMeta => {
    const base = { seq: Number(row.seq), tokens: Number(row.tokens) };
    if (row.role === 'assistant') {
      const ids = Array.isArray(row.tool_call_ids)
        ? row.tool_call_ids.filter((id) => typeof id === 'string')
        : [];
      return boundedMeta(
        ids.length > 0 ? { ...base, role: 'assistant', toolCallIds: ids } : { ...base, role: 'assistant' },
      );
    }
    if (row.role === 'toolResult') {
      return boundedMeta({
        ...base,
        role: 'toolResult',
        ...(row.tool_call_id !== null ? { toolCallId: row.tool_call_id } : {}),
      });
    }
    return { ...base, role: 'user' };
  });
  const [marks] = rowsOf<{ max_attempt: number | null; extracted_to: number | null }>(
    await db.execute(sql`select
        (select max((regexp_match(id, '_a([0-9]+)$'))[1]::int) from compactions
          where tenant_id = ${tenantId} and session_id = ${sessionId}) as max_attempt,
        (select max(to_seq) from memory_extractions
          where tenant_id = ${tenantId} and session_id = ${sessionId}) as extracted_to`),
  );
  return {
    ...rebuildSessionState({
      sessionId,
      contextWindowTokens: Number(session.context_window_tokens),
      settings: session.settings,
      view,
      metas,
      maxAttempt: Number(marks?.max_attempt ?? 0),
      ...(defaults ? { defaults } : {}),
    }),
    extractedToSeq: Number(marks?.extracted_to ?? 0),
  };
}
