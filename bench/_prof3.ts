import { queryOfTexts, type RecallQuery } from '../context/memory/recall.js';
import { loadPeopleCorpus } from './people-corpus.js';
import { loadSdeBench } from './episodes-data.js';
const texts = [
  ...loadPeopleCorpus('tuning').flatMap((c) => c.questions.map((q) => q.question)),
  ...(loadSdeBench()?.tasks.map((t) => String(t.bug_report)) ?? []),
];
const asked = texts.map((t) => queryOfTexts(t.slice(0, 2_000).split('\n'))).filter((q): q is RecallQuery => q !== null);
const q = asked[Number(process.argv[2])]!;
console.log(JSON.stringify(q.terms.map((t) => [t.key, t.weight])));
