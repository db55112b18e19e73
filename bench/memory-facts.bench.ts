/**
 * Plain facts (issue 22 item 8; context/memory/plain-facts.ts): precision and recall of the
 * extractive extractor with the plain-fact rules against the same extractor without them (the
 * rules as they were: the baseline), in the same run, on
 *
 * - the plain-fact cases (bench/memory-facts-corpus.ts): the tuned part and, reported apart, the
 *   held-out part written before the rules;
 * - the generated multi-session corpus of the memory benchmark (bench/memory-corpus.ts: planted
 *   facts in four languages, one of them now a plain fact, and noise), every message of every
 *   session through the extractor;
 * - the change-of-mind corpus of bench/memory-updates.ts (update accuracy, real store on PGlite):
 *   the new rules must not cost the update policy anything.
 *
 * Extractor level, no Temporal: the extraction workflow stores what the extractor proposes after
 * verification (quotes are verbatim slices, which the unit tests hold). A case's candidate is a
 * true positive when its content holds one of the case's expected values (each value once);
 * every other candidate is a false positive.
 *
 * Run: `npx tsx bench/memory-facts.bench.ts` — prints one JSON object.
 */
import { type ExtractiveOptions, extractCandidates, sentencesOf } from '../context/memory/extractive.js';
import type { Message } from '../context/messages.js';
import { loadCorpus, loadHeldOutCorpus } from './corpus.js';
import { generateCorpus } from './memory-corpus.js';
import { type FactCase, HELD_OUT, TUNED } from './memory-facts-corpus.js';
import { updateAccuracy } from './memory-updates.js';
import { log, round, runAsScript } from './stack.js';

const BASELINE: ExtractiveOptions = { plainFacts: false };
const WITH_PLAIN_FACTS: ExtractiveOptions = {};

function scoreCases(cases: readonly FactCase[], options: ExtractiveOptions) {
  let truePositives = 0;
  let candidates = 0;
  let expected = 0;
  const missed: string[] = [];
  const falsePositives: string[] = [];
  for (const c of cases) {
    const found = extractCandidates([{ seq: 1, role: c.role ?? 'user', text: c.text }], options);
    candidates += found.length;
    expected += c.facts.length;
    const open = [...c.facts];
    for (const candidate of found) {
      const at = open.findIndex((value) => candidate.content.includes(value));
      if (at >= 0) {
        open.splice(at, 1);
        truePositives += 1;
      } else falsePositives.push(`${c.text} → ${candidate.content}`);
    }
    missed.push(...open.map((value) => `${c.text} (${value})`));
  }
  return {
    cases: cases.length,
    expectedFacts: expected,
    candidates,
    precision: candidates === 0 ? null : round(truePositives / candidates, 3),
    recall: round(truePositives / Math.max(1, expected), 3),
    missed,
    falsePositives,
  };
}

const textOf = (message: Message): string =>
  typeof message.content === 'string'
    ? message.content
    : (message.content as Array<{ type: string; text?: string }>)
        .map((part) => (part.type === 'text' ? (part.text ?? '') : ''))
        .join('\n');

/** The generated corpus at the extractor: a candidate is right when its quote is a planted utterance. */
function scoreGenerated(options: ExtractiveOptions) {
  const corpus = generateCorpus(6);
  let truePositives = 0;
  let candidates = 0;
  let planted = 0;
  let found = 0;
  const missed: string[] = [];
  const falsePositives: string[] = [];
  for (const [userId, facts] of corpus.facts) {
    const quotes = corpus.sessions
      .filter((s) => s.userId === userId)
      .flatMap((s) => s.turns.flatMap((t) => t.messages))
      .filter((m) => m.role === 'user' || m.role === 'assistant')
      .flatMap((m, seq) => extractCandidates([{ seq, role: m.role, text: textOf(m) }], options))
      .map((c) => c.quote);
    candidates += quotes.length;
    for (const quote of quotes) {
      if (facts.some((f) => f.utterances.includes(quote))) truePositives += 1;
      else falsePositives.push(quote);
    }
    for (const fact of facts) {
      planted += 1;
      if (fact.utterances.some((u) => quotes.includes(u))) found += 1;
      else missed.push(`${userId}: ${fact.utterances[0]}`);
    }
  }
  return {
    plantedFacts: planted,
    candidates,
    precision: candidates === 0 ? null : round(truePositives / candidates, 3),
    recall: round(found / Math.max(1, planted), 3),
    missed: missed.slice(0, 10),
    falsePositives: falsePositives.slice(0, 10),
  };
}

/**
 * Text that states no fact of the user's world — the estimator's documents (bench/corpus/ and
 * bench/corpus-held-out/: prose, chat, code, logs, JSON, in many scripts) — each said by a user:
 * every candidate here is a false positive, or at best a fact of someone else's document.
 */
function scoreForeignText(options: ExtractiveOptions) {
  const documents = [...loadCorpus(), ...loadHeldOutCorpus()];
  let sentences = 0;
  const candidates: string[] = [];
  for (const document of documents) {
    sentences += sentencesOf(document.text).length;
    for (const c of extractCandidates([{ seq: 1, role: 'user', text: document.text }], options)) {
      candidates.push(`${document.name}: ${c.quote}`);
    }
  }
  return {
    documents: documents.length,
    sentences,
    candidates: candidates.length,
    perThousandSentences: round((candidates.length * 1000) / Math.max(1, sentences), 2),
    examples: candidates.slice(0, 15),
  };
}

/** Every existing corpus of the plain-fact bench with one extractor's options (bench/extraction.bench.ts reuses it). */
export async function compareFacts(options: ExtractiveOptions) {
  const updates = await updateAccuracy(['tuned', 'heldOut'], options);
  return {
    tuned: scoreCases(TUNED, options),
    heldOut: scoreCases(HELD_OUT, options),
    generatedCorpus: scoreGenerated(options),
    foreignText: scoreForeignText(options),
    updateAccuracy: { tuned: updates.tuned?.accuracy, heldOut: updates.heldOut?.accuracy },
  };
}

export async function run(): Promise<object> {
  const baseline = await compareFacts(BASELINE);
  const withPlainFacts = await compareFacts(WITH_PLAIN_FACTS);
  for (const [name, result] of Object.entries({ baseline, withPlainFacts })) {
    log(
      `${name}: tuned P ${result.tuned.precision} R ${result.tuned.recall}; held-out P ${result.heldOut.precision} R ${result.heldOut.recall}; generated P ${result.generatedCorpus.precision} R ${result.generatedCorpus.recall}`,
    );
  }
  return { benchmark: 'plain facts in the extractive extractor', baseline, withPlainFacts };
}

runAsScript(import.meta.url, run);
