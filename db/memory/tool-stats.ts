/**
 * Tool and skill statistics by SQL over the stored transcript (docs/memory.md#tool-and-skill-memories): a scope's sessions
 * (the user's, the agent's without a user, the session itself), their tool calls matched to their
 * results by call id. Nothing here comes from an LLM.
 */
import { type SQL, sql } from 'drizzle-orm';
import { SKILL_PATH_PATTERN } from '../../context/memory/tool-memory.js';
import type { Executor } from './memories.js';
import { learnedThrough } from './memory-reach.js';
import type { RecallScope } from './memory-recall.js';

/** Statistics are of a session's scope: the session is always named. */
type SessionScope = RecallScope & { sessionId: string };

/** The scope's sessions as SQL: the user's sessions; the agent's without a user; this session. */
function scopeSessions(scope: SessionScope): SQL {
  const of = [sql`id = ${scope.sessionId}`];
  // The user's sessions with the scope's agent or with none, as for memories (db/memory/memory-reach.ts).
  if (scope.userId !== null) {
    const through = learnedThrough(sql`agent_id`, scope.agentId);
    of.push(sql`(user_id = ${scope.userId}${through ? sql` and ${through}` : sql``})`);
  }
  if (scope.agentId !== null) of.push(sql`(agent_id = ${scope.agentId} and user_id is null)`);
  return sql`select id from sessions where tenant_id = ${scope.tenantId} and (${sql.join(of, sql` or `)})`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Changes whenever any message is stored in the scope: the key of cached statistics. */
export async function scopeTranscriptVersion(db: Executor, scope: SessionScope): Promise<string> {
  const [row] = rowsOf<{ sessions: number; seqs: string | null }>(
    await db.execute(
      sql`select count(*)::int as sessions, sum(last_seq)::text as seqs from sessions where tenant_id = ${scope.tenantId} and id in (${scopeSessions(scope)})`,
    ),
  );
  return `${row?.sessions ?? 0}:${row?.seqs ?? 0}`;
}

/** The tool-call blocks of the scope's assistant messages, each with its message's place and time. */
function callsOf(scope: SessionScope): SQL {
  return sql`select m.session_id, m.seq, m.created_at,
      b.value->>'id' as call_id, b.value->>'name' as tool, b.value->'arguments' as arguments,
      case when jsonb_typeof(m.body->'timestamp') = 'number' then (m.body->>'timestamp')::numeric end as ts
    from messages m
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(m.body->'content') = 'array' then m.body->'content' else '[]'::jsonb end) b
    where m.tenant_id = ${scope.tenantId} and m.session_id in (${scopeSessions(scope)})
      and m.role = 'assistant' and b.value->>'type' = 'toolCall'`;
}

/** The scope's tool results with their time, error flag and text. */
function resultsOf(scope: SessionScope): SQL {
  return sql`select m.session_id, m.seq, m.body->>'toolCallId' as call_id, m.body->>'toolName' as tool,
      coalesce(m.body->'isError' = 'true'::jsonb, false) as is_error,
      case when jsonb_typeof(m.body->'timestamp') = 'number' then (m.body->>'timestamp')::numeric end as ts,
      m.body->'content' as content
    from messages m
    where m.tenant_id = ${scope.tenantId} and m.session_id in (${scopeSessions(scope)})
      and m.role = 'toolResult'`;
}

export interface ToolStatsRow {
  tool: string;
  calls: number;
  errors: number;
  medianMs: number | null;
  p95Ms: number | null;
  lastUsedAt: string | null;
}

/**
 * Statistics of the tools this session has called, over the whole scope, the most used first:
 * calls, errored results, call-to-result duration (where both carry timestamps) and last use.
 */
export async function toolStats(db: Executor, scope: SessionScope, limit: number): Promise<ToolStatsRow[]> {
  const rows = rowsOf<{
    tool: string;
    calls: number;
    errors: number;
    median: string | null;
    p95: string | null;
    last: Date | string | null;
  }>(
    await db.execute(sql`
      with calls as (${callsOf(scope)}),
      results as (${resultsOf(scope)}),
      used as (select distinct tool from calls where session_id = ${scope.sessionId})
      select c.tool, count(*)::int as calls, (count(*) filter (where r.is_error))::int as errors,
        percentile_cont(0.5) within group (order by r.ts - c.ts) filter (where r.ts >= c.ts) as median,
        percentile_cont(0.95) within group (order by r.ts - c.ts) filter (where r.ts >= c.ts) as p95,
        max(c.created_at) as last
      from calls c
      left join results r on r.session_id = c.session_id and r.call_id = c.call_id
      where c.tool in (select tool from used)
      group by c.tool
      order by count(*) desc, c.tool
      limit ${limit}`),
  );
  return rows.map((row) => ({
    tool: row.tool,
    calls: Number(row.calls),
    errors: Number(row.errors),
    medianMs: row.median === null ? null : Number(row.median),
    p95Ms: row.p95 === null ? null : Number(row.p95),
    lastUsedAt: row.last === null ? null : new Date(row.last).toISOString(),
  }));
}

/**
 * The text of the newest errored results of these tools (at most `perTool` each), newest first.
 * Error texts are personal (they quote paths, names, what the user asked for): they come from the
 * user's sessions and this session only, never from the agent's other sessions.
 */
export async function toolErrorTexts(
  db: Executor,
  scope: SessionScope,
  tools: readonly string[],
  perTool = 200,
): Promise<Map<string, string[]>> {
  const byTool = new Map<string, string[]>();
  if (tools.length === 0) return byTool;
  const rows = rowsOf<{ tool: string; text: string | null }>(
    await db.execute(sql`
      select tool, text from (
        select r.tool, left((select string_agg(x->>'text', ' ') from jsonb_array_elements(
            case when jsonb_typeof(r.content) = 'array' then r.content else '[]'::jsonb end) x
          where x->>'type' = 'text'), 300) as text,
          row_number() over (partition by r.tool order by r.seq desc) as n
        from (${resultsOf({ ...scope, agentId: null })}) r
        where r.is_error and r.tool in (${sql.join(
          tools.map((t) => sql`${t}`),
          sql`, `,
        )})
      ) e where n <= ${perTool}`),
  );
  for (const row of rows) {
    if (!row.text) continue;
    const list = byTool.get(row.tool) ?? [];
    list.push(row.text);
    byTool.set(row.tool, list);
  }
  return byTool;
}

export interface SkillStatsRow {
  skill: string;
  uses: number;
  sessions: number;
  cleanUses: number;
  lastUsedAt: string | null;
}

/**
 * Statistics of these skills over the scope: a use is a tool call naming `skills/<name>/SKILL.md`;
 * a clean use is one whose turn (up to the session's next user message) has no errored result.
 */
export async function skillStats(
  db: Executor,
  scope: SessionScope,
  skills: readonly string[],
): Promise<SkillStatsRow[]> {
  if (skills.length === 0) return [];
  const rows = rowsOf<{
    skill: string;
    uses: number;
    sessions: number;
    clean: number;
    last: Date | string | null;
  }>(
    await db.execute(sql`
      with reads as (
        select c.session_id, c.seq, c.created_at, substring(c.arguments::text from ${SKILL_PATH_PATTERN}) as skill
        from (${callsOf(scope)}) c
        where c.arguments::text ~ ${SKILL_PATH_PATTERN}
      ),
      judged as (
        select r.*, not exists (
          select 1 from messages e
          where e.tenant_id = ${scope.tenantId} and e.session_id = r.session_id and e.seq > r.seq
            and e.role = 'toolResult' and e.body->'isError' = 'true'::jsonb
            and e.seq < coalesce((select min(u.seq) from messages u
              where u.tenant_id = ${scope.tenantId} and u.session_id = r.session_id and u.seq > r.seq
                and u.role = 'user'), 2147483647)
        ) as clean
        from reads r
        where r.skill in (${sql.join(
          skills.map((s) => sql`${s}`),
          sql`, `,
        )})
      )
      select skill, count(*)::int as uses, count(distinct session_id)::int as sessions,
        (count(*) filter (where clean))::int as clean, max(created_at) as last
      from judged group by skill order by skill`),
  );
  return rows.map((row) => ({
    skill: row.skill,
    uses: Number(row.uses),
    sessions: Number(row.sessions),
    cleanUses: Number(row.clean),
    lastUsedAt: row.last === null ? null : new Date(row.last).toISOString(),
  }));
}
