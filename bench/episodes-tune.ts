/**
 * Tuning aid for issue 30's ranking (not a benchmark): sde-bench and the people corpus's TUNING
 * part (never the held-out part) written straight into a PostgreSQL database kept between runs
 * (MOLT_TUNE_DATABASE_URL, default `molt_episodes_tune` on the local server), indexed as episodes
 * and embedded by the default offline encoder in process (no Temporal). Each question's two lists
 * (lexical, vector) are read once; the arrangement (context/memory/fusion.ts EPISODE_RANKING) is
 * then varied in process over `VARIANTS` and each variant scored: sde deciding chat @1/@5/@10,
 * amended tasks with the later chat first, people tuning evidence hit@5/@10.
 * `bench/episodes.bench.ts` gives the figures that count (through the API).
 *
 * Run: `MOLT_SDE_BENCH_DIR=… npx tsx bench/episodes-tune.ts [detail]`.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { memoryEmbeddingActivities } from '../activities/memory-embedding.js';
import { amendmentsOf, fuseLists } from '../api/assembly/hybrid-recall.js';
import { rankMemories } from '../api/assembly/recall.js';
import { EPISODE_RANKING, FUSION_DEFAULTS } from '../context/memory/fusion.js';
import { queryOfTexts, RECALL_DEFAULTS } from '../context/memory/recall.js';
import { indexTerms } from '../context/memory/terms.js';
import { openDatabase } from '../db/client.js';
import { AMENDMENT_LINKING, linkAmendments } from '../db/memory/amendments.js';
import { vectorCandidates } from '../db/memory/memory-embeddings.js';
import type { MemoryRow } from '../db/memory/memory-schema.js';
import { createEmbedder, loadEmbeddingsConfig } from '../llm/embeddings.js';
import { closeLocalEmbedder } from '../llm/local-embeddings.js';
import { insertTranscript, loadSdeBench, sdeMessages } from './episodes-data.js';
import { loadPeopleCorpus, scoreEvidence } from './people-corpus.js';

const url = process.env.MOLT_TUNE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/molt_episodes_tune';
const detail = process.argv[2] === 'detail';

/**
 * The arrangement settings tried: each overrides EPISODE_RANKING's fields for its run and, with
 * `linking`, relinks every session's amendments (db/memory/amendments.ts) with AMENDMENT_LINKING's
 * fields overridden; `linking: null` leaves amendments out (the ranking before them).
 */
type Variant = Partial<Record<keyof typeof EPISODE_RANKING, number>> & {
  linking?: Partial<typeof AMENDMENT_LINKING> | null;
};
const VARIANTS: Record<string, Variant> = {
  current: {},
  'amendments-off': { linking: null },
  'newest-wins-off': { newestWinsWithin: 0 },
  'link-2-sessions': { linking: { sessions: 2 } },
  'link-3-sessions': { linking: { sessions: 3 } },
  'cover-2': { linking: { coverMessages: 2 } },
  'cover-8': { linking: { coverMessages: 8 } },
  'cover-16': { linking: { coverMessages: 16 } },
  'following-0': { linking: { followingMessages: 0 } },
  'following-5': { linking: { followingMessages: 5 } },
  'newest-wins-off-2-sessions': { newestWinsWithin: 0, linking: { sessions: 2 } },
};

/** Every session's amendment links again, with these settings (the indexer's own linker). */
async function relink(settings: typeof AMENDMENT_LINKING): Promise<number> {
  await db.execute(sql`delete from memory_amendments`);
  const rows = (
    (await db.execute(sql`select id, user_id, session_scope, content, source, occurred_at from memories
      where type = 'episode' order by source->>'sessionId', (source->>'fromSeq')::int, id`)) as unknown as {
      rows: Array<{
        id: string;
        user_id: string | null;
        session_scope: string | null;
        content: string;
        source: { sessionId: string; fromSeq: number; role: string };
        occurred_at: string | Date;
      }>;
    }
  ).rows;
  const bySession = new Map<string, typeof rows>();
  for (const r of rows) bySession.set(r.source.sessionId, [...(bySession.get(r.source.sessionId) ?? []), r]);
  let links = 0;
  for (const [sessionId, list] of bySession)
    links += await linkAmendments(
      db,
      tenantId,
      { userId: list[0]!.user_id, sessionScope: list[0]!.session_scope },
      sessionId,
      list.map((r) => ({
        id: r.id,
        seq: r.source.fromSeq,
        role: r.source.role,
        content: r.content,
        occurredAt: new Date(r.occurred_at),
      })),
      settings,
    );
  return links;
}

async function ensureDatabase(): Promise<void> {
  const target = new URL(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const name = target.pathname.slice(1);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

const sde = loadSdeBench();
if (!sde) throw new Error('set MOLT_SDE_BENCH_DIR (bench/README.md#sde-bench)');
const people = loadPeopleCorpus('tuning');
await ensureDatabase();
const handle = await openDatabase({ url });
await handle.migrate();
const db = handle.db;
const embedder = createEmbedder(loadEmbeddingsConfig())!;
const tenantId = 'default';
const counted = await db.execute(sql`select count(*)::int as n from sessions`);
const { n } = (counted as unknown as { rows: Array<{ n: number }> }).rows[0]!;
if (n === 0) {
  console.error('ingesting sde-bench and the people tuning part');
  for (const [index, chat] of sde.chats.entries())
    await insertTranscript(
      db,
      { tenantId, userId: 'sde-user', sessionId: `sde-${index}` },
      sdeMessages(chat, index),
    );
  for (const c of people)
    for (const [index, session] of c.sessions.entries())
      await insertTranscript(
        db,
        { tenantId, userId: `people-tuning-${c.id}`, sessionId: `people-tuning-${c.id}-s${index + 1}` },
        session.messages.map((m) => ({
          id: m.id,
          role: 'user' as const,
          name: m.speaker,
          text: m.text,
          at: Date.parse(m.at),
        })),
      );
}
const { embedMemoryBatch } = memoryEmbeddingActivities({ db, embedder });
for (let afterId = ''; ; ) {
  const batch = await embedMemoryBatch({ selector: {}, afterId });
  if (batch.embedded > 0) console.error(`embedded ${batch.embedded}`);
  if (!batch.nextAfterId) break;
  afterId = batch.nextAfterId;
}
console.error('lists');
/** A hit's corpus message id: sessions were written with seqs 1..n in the corpus's order. */
const messageIdOf = new Map<string, string>();
for (const [index, chat] of sde.chats.entries())
  for (const [j, m] of sdeMessages(chat, index).entries()) messageIdOf.set(`sde-${index}:${j + 1}`, m.id);
for (const c of people)
  for (const [index, session] of c.sessions.entries())
    for (const [j, m] of session.messages.entries())
      messageIdOf.set(`people-tuning-${c.id}-s${index + 1}:${j + 1}`, m.id);
const idOf = (memory: MemoryRow): string | undefined =>
  'fromSeq' in memory.source
    ? messageIdOf.get(`${memory.source.sessionId}:${memory.source.fromSeq}`)
    : undefined;

async function listsFor(userId: string, text: string) {
  const query = queryOfTexts(text.slice(0, 2_000).split('\n'))!;
  const scope = { tenantId, sessionId: null, userId, agentId: null };
  const lexical = await rankMemories(db, scope, query, RECALL_DEFAULTS.minScore);
  const [vector] = await embedder.embed([query.latest], { priority: 'query' });
  const nearest = await vectorCandidates(db, scope, embedder.id, vector!, {
    limit: FUSION_DEFAULTS.vectorCandidates,
    minCosine: embedder.minCosine ?? FUSION_DEFAULTS.minCosine,
  });
  return { query, lexical, nearest };
}
const sdeLists = await Promise.all(sde.tasks.map((t) => listsFor('sde-user', String(t.bug_report))));
const peopleLists = new Map<string, Awaited<ReturnType<typeof listsFor>>>();
for (const c of people)
  for (const q of c.questions)
    peopleLists.set(`${c.id}\u0001${q.id}`, await listsFor(`people-tuning-${c.id}`, q.question));

const now = new Date();
const ranking = EPISODE_RANKING as unknown as Record<string, number>;
const defaults = { ...ranking };
const out: Record<string, unknown> = {};
let linkedWith = '';
for (const [name, variant] of Object.entries(VARIANTS)) {
  const { linking, ...settings } = variant;
  Object.assign(ranking, defaults, settings);
  const linkSettings = linking === null ? null : { ...AMENDMENT_LINKING, ...linking };
  const key = JSON.stringify(linkSettings);
  if (key !== linkedWith) {
    // No links at all: the ranking before amendments.
    const links = await relink(linkSettings ?? { ...AMENDMENT_LINKING, sessions: 0 });
    console.error(`${name}: ${links} amendment links`);
    linkedWith = key;
  }
  const arranged = async (userId: string, lists: Awaited<ReturnType<typeof listsFor>>) =>
    fuseLists(
      lists.lexical,
      lists.nearest,
      lists.query,
      now,
      undefined,
      await amendmentsOf(db, { tenantId, sessionId: null, userId, agentId: null }, [
        ...lists.lexical.map((r) => r.memory),
        ...lists.nearest.map((n) => n.memory),
      ]),
    );
  const sdeScore = { at1: 0, at5: 0, at10: 0, amendedFirst: 0, amended: 0, misses: [] as string[] };
  for (const [i, task] of sde.tasks.entries()) {
    const hits = await arranged('sde-user', sdeLists[i]!);
    const chats = [...new Set(hits.map((h) => idOf(h.memory)?.split('@')[0]).filter((c) => c !== undefined))];
    const deciding = new Set(task.conversations.map((_: unknown, k: number) => `${task.task_id}#${k}`));
    if (detail && name === 'current') console.log(name, 'top', task.task_id, chats.slice(0, 5).join(' '));
    sdeScore.at1 += chats.slice(0, 1).some((c) => deciding.has(c)) ? 1 : 0;
    sdeScore.at5 += chats.slice(0, 5).some((c) => deciding.has(c)) ? 1 : 0;
    sdeScore.at10 += chats.slice(0, 10).some((c) => deciding.has(c)) ? 1 : 0;
    if (task.conversations.length > 1) {
      sdeScore.amended += 1;
      const later = chats.indexOf(`${task.task_id}#1`);
      const earlier = chats.indexOf(`${task.task_id}#0`);
      if (later >= 0 && (earlier < 0 || later < earlier)) sdeScore.amendedFirst += 1;
      else sdeScore.misses.push(String(task.task_id));
      if (detail && name === 'current') {
        const mine = hits
          .map((h, rank) => ({ h, rank, chat: idOf(h.memory)?.split('@')[0] }))
          .filter((x) => x.chat?.startsWith(String(task.task_id)));
        const top = mine.find((x) => x.chat?.endsWith('#0'));
        const topTerms = new Set(top ? indexTerms(top.h.memory.content) : []);
        for (const x of mine) {
          const terms = new Set(indexTerms(x.h.memory.content));
          const shared = [...terms].filter((t) => topTerms.has(t)).length;
          console.log(
            task.task_id,
            x.rank,
            idOf(x.h.memory),
            x.h.score.toFixed(4),
            `shared ${shared} of ${Math.min(terms.size, topTerms.size)}`,
            x.h.memory.content.slice(0, 70),
          );
        }
      }
    }
  }
  // Update questions: the amending evidence ranks above the amended (or the amended is absent).
  const updates = { questions: 0, newestFirst: 0 };
  const peopleHits = new Map<string, Awaited<ReturnType<typeof arranged>>>();
  for (const c of people)
    for (const q of c.questions)
      peopleHits.set(
        `${c.id}\u0001${q.id}`,
        await arranged(`people-tuning-${c.id}`, peopleLists.get(`${c.id}\u0001${q.id}`)!),
      );
  const peopleScore = await scoreEvidence(people, (c, q) => {
    const ids = peopleHits.get(`${c.id}\u0001${q.id}`)!.map((h) => idOf(h.memory));
    const ranked = [...new Set(ids.filter((id) => id !== undefined))];
    if (detail && name === 'current')
      console.log(
        name,
        'people',
        c.id,
        q.id,
        ranked.findIndex((id) => q.evidence.includes(id)),
      );
    if (q.supersededEvidence) {
      const first = (list: readonly string[]) => {
        const at = ranked.findIndex((id) => list.includes(id));
        return at < 0 ? Number.POSITIVE_INFINITY : at;
      };
      updates.questions += 1;
      const later = first(q.evidence);
      if (later < Number.POSITIVE_INFINITY && later < first(q.supersededEvidence)) updates.newestFirst += 1;
    }
    return ranked;
  });
  out[name] = {
    sde: sdeScore,
    people: {
      hitAt5: peopleScore.hitAt5,
      hitAt10: peopleScore.hitAt10,
      update: peopleScore.byCategory.update,
      updatesNewestFirst: updates,
    },
  };
}
Object.assign(ranking, defaults);
await relink(AMENDMENT_LINKING);
console.log(JSON.stringify(out, null, 1));
await closeLocalEmbedder();
await handle.close();
