/**
 * Where the time of `bench/episodes-scale.ts` goes, part by part, against an already seeded
 * database (a copy of its template, `MOLT_BENCH_EPISODES_TEMPLATE=1`):
 * `createdb -T molt_bench_scale_100000_1000_local_use_lite_512 scale_parts` then
 * `MOLT_BENCH_PARTS_DB=postgres://postgres@127.0.0.1:5432/scale_parts npx tsx bench/episodes-scale-parts.ts [vector|lexical]`.
 * For both seeded scopes: the vector cache's cold read and version check, the in-memory scan with
 * the sign-bit prefilter against the full scan (p50/p95, and the prefilter's overlap with the full
 * scan's top 40 and same first hit), and the lexical candidate read (`recallCandidates`). The
 * questions' vectors are cached in /tmp/episodes-scale-parts.json. Prints one JSON object.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { EPISODE_RANKING } from '../context/memory/fusion.js';
import { queryOfTexts, type RecallQuery } from '../context/memory/recall.js';
import { openDatabase } from '../db/client.js';
import { recallCandidates } from '../db/memory/memory-recall.js';
import { cachedNearest, clearVectorCache, expireVectorCache } from '../db/memory/vector-cache.js';
import { createEmbedder, loadEmbeddingsConfig } from '../llm/embeddings.js';
import { loadSdeBench } from './episodes-data.js';
import { loadPeopleCorpus } from './people-corpus.js';
import { percentile } from './stack.js';

const texts = [
  ...loadPeopleCorpus('tuning').flatMap((c) => c.questions.map((q) => q.question)),
  ...(loadSdeBench()?.tasks.map((t) => String(t.bug_report)) ?? []),
];
const asked = texts
  .map((t) => queryOfTexts(t.slice(0, 2_000).split('\n')))
  .filter((q): q is RecallQuery => q !== null);
const handle = await openDatabase(
  { url: process.env.MOLT_BENCH_PARTS_DB ?? 'postgres://postgres@127.0.0.1:5432/scale_parts' },
  { poolSize: 4 },
);
const db = handle.db;
const embedder = createEmbedder(loadEmbeddingsConfig())!;
const file = '/tmp/episodes-scale-parts.json';
let vecs: number[][];
if (existsSync(file)) vecs = JSON.parse(readFileSync(file, 'utf8'));
else {
  vecs = [];
  for (const q of asked) vecs.push(Array.from((await embedder.embed([q.latest], { priority: 'query' }))[0]!));
  writeFileSync(file, JSON.stringify(vecs));
}
const model = embedder.id;
const mode = process.argv[2] ?? 'all';
const out: Record<string, unknown> = { questions: asked.length, load: loadavg() };
const stat = (ms: number[]) => ({ p50: +percentile(ms, 50).toFixed(1), p95: +percentile(ms, 95).toFixed(1) });
for (const userId of ['scale-big', 'scale-small']) {
  const scope = { tenantId: 'default', userId, agentId: null, sessionId: null };
  if (mode === 'all' || mode === 'vector') {
    clearVectorCache();
    let t0 = performance.now();
    await cachedNearest(db, scope, model, new Float32Array(vecs[0]!), 80, 0);
    out[`${userId}.coldLoadMs`] = +(performance.now() - t0).toFixed(1);
    t0 = performance.now();
    expireVectorCache();
    await cachedNearest(db, scope, model, new Float32Array(vecs[0]!), 80, 0);
    out[`${userId}.versionCheckMs`] = +(performance.now() - t0).toFixed(1);
    const approx: number[] = [];
    const exact: number[] = [];
    let overlap = 0;
    let top1 = 0;
    for (const v of vecs) {
      const q = new Float32Array(v);
      let t = performance.now();
      const a = await cachedNearest(db, scope, model, q, 80, 0);
      approx.push(performance.now() - t);
      t = performance.now();
      const e = await cachedNearest(db, scope, model, q, 80, 0, { exact: true });
      exact.push(performance.now() - t);
      const ids = new Set(e.slice(0, 40).map((x) => x.id));
      overlap += a.slice(0, 40).filter((x) => ids.has(x.id)).length / Math.max(1, Math.min(40, e.length));
      if (a[0]?.id === e[0]?.id) top1++;
    }
    out[`${userId}.approx`] = stat(approx);
    out[`${userId}.exact`] = stat(exact);
    out[`${userId}.overlapAt40`] = +(overlap / vecs.length).toFixed(4);
    out[`${userId}.top1Same`] = +(top1 / vecs.length).toFixed(4);
  }
  if (mode === 'all' || mode === 'lexical') {
    const lex: number[] = [];
    let worst = { ms: 0, i: 0 };
    for (const [i, q] of asked.entries()) {
      const t = performance.now();
      await recallCandidates(db, scope, q, EPISODE_RANKING.candidates);
      const ms = performance.now() - t;
      lex.push(ms);
      if (ms > worst.ms) worst = { ms, i };
    }
    out[`${userId}.lexical`] = stat(lex);
    out[`${userId}.lexicalWorst`] = {
      ms: +worst.ms.toFixed(1),
      terms: asked[worst.i]!.terms.length,
      i: worst.i,
    };
  }
}
console.log(JSON.stringify(out, null, 1));
await handle.close();
process.exit(0);
