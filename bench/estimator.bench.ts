/**
 * Token estimator benchmark (docs/engine-rules.md#token-counting): accuracy per document against o200k on the tuning
 * corpus and, reported apart, on the held-out corpus (bench/corpus.ts), and throughput of
 * estimateTextTokens against gpt-tokenizer's countTokens, measured in the same run on the tuning
 * corpus. `npx tsx bench/estimator.bench.ts` prints one JSON object.
 */
import { pathToFileURL } from 'node:url';
import { CHARS_PER_TOKEN, estimateStringChars } from '../context/estimate.js';
import { ESTIMATE_MARGIN, estimateTextTokens } from '../context/tokens/index.js';
import { countO200kTokens } from '../llm/tokenizer.js';
import { CORPUS_KINDS, type CorpusDocument, loadCorpus, loadHeldOutCorpus } from './corpus.js';

const WARMUP_SAMPLES = 5;
const MEASURED_SAMPLES = 15;
/** Each sample repeats the whole corpus until it has run at least this long. */
const MIN_SAMPLE_MS = 100;

const percent = (value: number) => Math.round(value * 1000) / 10;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type Count = (text: string) => number;

/**
 * Times `count` over the whole corpus, repeated until a sample lasts MIN_SAMPLE_MS. Samples of
 * the two counters alternate, so a noisy neighbour on a shared machine slows both alike.
 */
function compareThroughput(corpus: readonly CorpusDocument[], bytes: number, counters: [Count, Count]) {
  let sink = 0;
  const pass = (count: Count) => {
    for (const document of corpus) sink += count(document.text);
  };
  const repeats = counters.map((count) => {
    const started = performance.now();
    pass(count);
    return Math.max(1, Math.ceil(MIN_SAMPLE_MS / Math.max(performance.now() - started, 0.01)));
  });
  const rates: [number[], number[]] = [[], []];
  for (let sample = 0; sample < WARMUP_SAMPLES + MEASURED_SAMPLES; sample++) {
    for (const which of [0, 1] as const) {
      const start = performance.now();
      for (let i = 0; i < repeats[which]!; i++) pass(counters[which]);
      const seconds = (performance.now() - start) / 1000;
      if (sample >= WARMUP_SAMPLES) rates[which].push((bytes * repeats[which]!) / seconds / 1e6);
    }
  }
  if (sink < 0) throw new Error('unreachable'); // keeps the counted work observable
  const summary = (values: number[]) => ({
    medianMBps: round(median(values)),
    minMBps: round(Math.min(...values)),
    maxMBps: round(Math.max(...values)),
  });
  return {
    first: summary(rates[0]),
    second: summary(rates[1]),
    /** Median of the per-sample ratios first / second. */
    speedup: round(median(rates[0].map((rate, i) => rate / rates[1][i]!))),
  };
}

/** docs/engine-rules.md#token-counting's band: within ±15 % of o200k. */
const BAND = 0.15;

/** Error of the estimate (and of chars / 4) against o200k, per document, with a summary. */
export function accuracyOf(corpus: readonly CorpusDocument[]) {
  const documents = corpus.map((document) => {
    const o200k = countO200kTokens(document.text);
    const estimate = estimateTextTokens(document.text);
    const charsOver4 = Math.ceil(estimateStringChars(document.text) / CHARS_PER_TOKEN);
    return {
      document: document.name,
      kind: document.kind,
      bytes: Buffer.byteLength(document.text, 'utf8'),
      o200k,
      estimate,
      errorPercent: percent(estimate / o200k - 1),
      charsOver4ErrorPercent: percent(charsOver4 / o200k - 1),
    };
  });
  const errors = documents.map((row) => row.errorPercent);
  return {
    summary: {
      documents: documents.length,
      minErrorPercent: Math.min(...errors),
      maxErrorPercent: Math.max(...errors),
      meanErrorPercent: round(errors.reduce((sum, e) => sum + e, 0) / errors.length),
      meanAbsoluteErrorPercent: round(errors.reduce((sum, e) => sum + Math.abs(e), 0) / errors.length),
      outsideBand: documents
        .filter((row) => Math.abs(row.errorPercent) > BAND * 100)
        .map((row) => row.document),
    },
    documents,
  };
}

export async function run(): Promise<object> {
  const corpus = loadCorpus();
  const bytes = corpus.reduce((sum, document) => sum + Buffer.byteLength(document.text, 'utf8'), 0);
  const tuning = accuracyOf(corpus);
  const heldOut = accuracyOf(loadHeldOutCorpus());

  const measured = compareThroughput(corpus, bytes, [estimateTextTokens, countO200kTokens]);

  return {
    benchmark: 'token estimator vs gpt-tokenizer o200k_base',
    node: process.version,
    corpus: { documents: corpus.length, bytes, note: 'throughput over every tuning document' },
    samples: { warmup: WARMUP_SAMPLES, measured: MEASURED_SAMPLES, minSampleMs: MIN_SAMPLE_MS },
    throughput: {
      unit: 'MB/s of UTF-8 text (10^6 bytes), medians of samples after warm-up',
      estimator: measured.first,
      gptTokenizerCountTokens: measured.second,
      speedup: measured.speedup,
      note: "speedup is the median per-sample ratio; gpt-tokenizer's merge cache stays warm across samples, which favours it",
    },
    accuracy: {
      estimateMargin: ESTIMATE_MARGIN,
      tuning: {
        note: 'bench/corpus/: fitted on; documents not in the first set are the issue-11 additions',
        ...tuning.summary,
        documents: tuning.documents.map((row) => ({ ...row, addition: !(row.document in CORPUS_KINDS) })),
      },
      heldOut: {
        note: 'bench/corpus-held-out/: never fitted on',
        ...heldOut.summary,
        documents: heldOut.documents,
      },
    },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await run(), null, 2));
}
