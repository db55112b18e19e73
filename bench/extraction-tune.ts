/**
 * Tuning aid for issue 31 (not a benchmark): every wrong and missed candidate of the TUNING parts
 * only (the tuning set beside the rules and the people corpus's `tuning/`), with the aggregate
 * figures. The held-out part is never read here: `bench/extraction.bench.ts` reports its
 * aggregates, and lists its examples only with `MOLT_BENCH_EXTRACTION_EXAMPLES=held-out`.
 *
 * Run: `npx tsx bench/extraction-tune.ts [wrong|missed|unlabelled]`.
 */
import { AFTER, score } from './extraction.bench.js';
import { loadPeopleCorpus } from './people-corpus.js';
import { PEOPLE_EXTRACTION_TUNING } from './people-extraction-tuning.js';

const show = process.argv[2];
for (const [name, conversations] of [
  ['own tuning set', PEOPLE_EXTRACTION_TUNING],
  ['people corpus, tuning', await loadPeopleCorpus('tuning')],
] as const) {
  const {
    wrongAll,
    missedAll,
    unlabelledAll,
    kept: _k,
    wrong: _w,
    missed: _m,
    unlabelled: _u,
    ...figures
  } = score(conversations, AFTER);
  console.log(name, JSON.stringify(figures));
  if (!show || show === 'wrong') for (const w of wrongAll) console.log('  WRONG', w);
  if (!show || show === 'missed') for (const m of missedAll) console.log('  MISSED', m);
  if (show === 'unlabelled') for (const u of unlabelledAll) console.log('  UNLABELLED', u);
}
