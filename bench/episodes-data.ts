/**
 * The episodes benchmarks' data (bench/episodes.bench.ts, bench/episodes-tune.ts,
 * bench/episodes-scale.ts): sde-bench's tasks and chats in the one time order both use, a
 * transcript written straight into the database and indexed as episodes (no HTTP, no workflow:
 * what the bulk seeders and the in-process tuner need), and synthetic conversational text.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { indexSessionEpisodes } from '../db/memory/episodes.js';
import { ensureTenant } from '../db/transcript.js';
import { seeded } from './seeded-text.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON read field by field
type Json = Record<string, any>;

/** sde-bench's data folder (bench/README.md#sde-bench): public data, never committed here. */
export const SDE_DIR = process.env.MOLT_SDE_BENCH_DIR;

export interface SdeChat {
  id: string;
  turns: Array<{ role: string; text: string }>;
}

/** One message of a chat as stored: its corpus id, role, speaker, text and time (epoch ms). */
export interface BenchMessage {
  id: string;
  role: 'user' | 'assistant';
  name?: string;
  text: string;
  at: number;
}

export interface SdeBench {
  /** The conversation and amended tasks; `conversations` is always a list of chats. */
  tasks: Json[];
  /** Every deciding and decoy chat, in the order they are ingested (a day apart). */
  chats: SdeChat[];
}

/** sde-bench's tasks and chats, or null when its folder is unset or absent. */
export function loadSdeBench(dir: string | undefined = SDE_DIR): SdeBench | null {
  if (!dir || !existsSync(dir)) return null;
  const tasks = readdirSync(resolve(dir, 'tasks'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(resolve(dir, 'tasks', f), 'utf8')) as Json)
    .filter((t) => t.source === 'conversation' || t.source === 'conversation-amended')
    // A task's `conversations` is one chat (a list of turns) or, amended, a list of chats.
    .map(
      (t): Json => ({
        ...t,
        conversations: Array.isArray(t.conversations[0]) ? t.conversations : [t.conversations],
      }),
    );
  const decoys = JSON.parse(readFileSync(resolve(dir, 'decoy_conversations.json'), 'utf8')) as Json[];
  // Chats in a plausible time order: decoys interleaved, each task's chats in order, a day apart.
  const random = seeded(7);
  const pending = decoys.map((d, i) => ({ id: `decoy-${i}`, turns: d.turns as SdeChat['turns'] }));
  const firsts = tasks.map((t) => ({ id: `${t.task_id}#0`, turns: t.conversations[0] as SdeChat['turns'] }));
  const seconds = tasks
    .filter((t) => t.conversations.length > 1)
    .map((t) => ({ id: `${t.task_id}#1`, turns: t.conversations[1] as SdeChat['turns'] }));
  const early = [...pending, ...firsts].sort(() => random() - 0.5);
  return { tasks, chats: [...early, ...seconds.sort(() => random() - 0.5)] };
}

const SDE_START = Date.parse('2025-01-01T09:00:00Z');

/** The messages of the `index`th chat: a day after the previous chat, a minute apart. */
export function sdeMessages(chat: SdeChat, index: number): BenchMessage[] {
  const at = SDE_START + index * 86_400_000;
  return chat.turns.map((turn, j) => ({
    id: `${chat.id}@${j}`,
    role: turn.role === 'assistant' ? 'assistant' : 'user',
    text: String(turn.text),
    at: at + j * 60_000,
  }));
}

/** A message's body as the turns route stores it (a user's text, an assistant's text block). */
export function messageBody(m: BenchMessage): Json {
  return m.role === 'user'
    ? { role: 'user', content: m.text, timestamp: m.at, ...(m.name ? { name: m.name } : {}) }
    : {
        role: 'assistant',
        content: [{ type: 'text', text: m.text }],
        timestamp: m.at,
        ...(m.name ? { name: m.name } : {}),
      };
}

/**
 * One session of `userId` written straight to the transcript (seqs 1..n, batched multi-row
 * inserts) and indexed as episodes by the indexer's own transaction (db/memory/episodes.ts): the
 * turn path and the workflow are not what the callers measure.
 */
export async function insertTranscript(
  db: Database,
  session: { tenantId: string; userId: string; sessionId: string },
  messages: readonly BenchMessage[],
): Promise<void> {
  const { tenantId, userId, sessionId } = session;
  await ensureTenant(db, tenantId);
  await db.execute(sql`insert into sessions (tenant_id, id, workflow_id, context_window_tokens, last_seq, user_id)
    values (${tenantId}, ${sessionId}, ${`bench-${sessionId}`}, 200000, ${messages.length}, ${userId})`);
  const rows = messages.map(
    (m, i) =>
      sql`(${tenantId}, ${sessionId}, ${i + 1}, 't', ${m.role}, ${JSON.stringify(messageBody(m))}::jsonb, ${Math.ceil(m.text.length / 4)})`,
  );
  for (let i = 0; i < rows.length; i += 500) {
    await db.execute(
      sql`insert into messages (tenant_id, session_id, seq, turn_id, role, body, tokens) values ${sql.join(rows.slice(i, i + 500), sql`, `)}`,
    );
  }
  for (;;) {
    const done = await indexSessionEpisodes(db, { tenantId, sessionId }, 1_000);
    if (!done.more) break;
  }
}
