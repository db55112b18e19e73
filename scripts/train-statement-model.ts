/**
 * Trains the statement model (context/memory/statement-model.ts; docs/memory.md, "The statement
 * model") on the TUNING part of the people corpus (bench/people/tuning) and the tuning set of
 * bench/people-extraction-tuning.ts, never on the held-out part. Deterministic: the same data
 * give the same weights.
 *
 * 1. Leave-one-conversation-out over every tuning conversation: for each, a model trained on the
 *    others scores its messages. Printed: message-level precision/recall per threshold, and the
 *    extractor's figures through the bench's own `score` (bench/extraction.bench.ts) for each
 *    threshold (gate 0), over the people corpus's tuning part and over its densely labelled
 *    conversations (denselyLabelled), beside the rules alone.
 * 2. The threshold is chosen from those cross-validated figures only: the best F0.5 on the densely
 *    labelled conversations (choose).
 * 3. A model trained on all of them, with that threshold (gate 0), is written to
 *    context/memory/statement-weights.json.
 *
 * Run: `npx tsx scripts/train-statement-model.ts` (prints JSON; `--no-write` leaves the weights
 * file alone; `--quick` skips cross-validation and keeps the committed threshold and gate).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rangesOf, score } from '../bench/extraction.bench.js';
import { PROBE_FILE, parseProbe } from '../bench/extraction-probe.js';
import { loadPeopleCorpus } from '../bench/people-corpus.js';
import { PEOPLE_EXTRACTION_TUNING, type PeopleConversation } from '../bench/people-extraction-tuning.js';
import { extractCandidates } from '../context/memory/extractive.js';
import { STATEMENT_MODEL } from '../context/memory/statement-candidates.js';
import {
  type StatementModel,
  scoreStatement,
  type TrainingExample,
  trainStatementModel,
} from '../context/memory/statement-model.js';

export const WEIGHTS_FILE = fileURLToPath(
  new URL('../context/memory/statement-weights.json', import.meta.url),
);

/** The regularization the model is trained with (chosen by the same cross-validation; see docs). */
export const C = 2;
export const THRESHOLDS = [0.4, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];
/** Features the model is trained without. */
export const WITHOUT: readonly string[] = ['s:ruled'];

/** Every tuning conversation: the people corpus's tuning part, then the rules' tuning set. */
export function tuningConversations(): PeopleConversation[] {
  return [...loadPeopleCorpus('tuning'), ...PEOPLE_EXTRACTION_TUNING];
}

/**
 * The examples of one conversation, message by message: the text, the message before when
 * another speaker said it, whether the rules (the model off) kept something of it, and the label
 * (it is evidence of a planted memory of its own speaker).
 */
/**
 * The probe's phrasings (bench/extraction-probe.txt: statements of the speaker's own and chatter,
 * written for generality by the rules' engineers) as single messages: chatter labelled false.
 * Always in training, never scored in cross-validation.
 */
export function probeExamples(): TrainingExample[] {
  return parseProbe(readFileSync(PROBE_FILE, 'utf8')).map(({ noise, asked, text }) => ({
    text,
    previous: asked,
    ruled: false,
    label: !noise,
  }));
}

export function examplesOf(conversation: PeopleConversation): TrainingExample[] {
  const positive = new Set<string>();
  const byId = new Map(conversation.sessions.flatMap((s) => s.messages).map((m) => [m.id, m]));
  for (const memory of conversation.memories)
    for (const id of memory.evidence) if (byId.get(id)?.speaker === memory.speaker) positive.add(id);
  const out: TrainingExample[] = [];
  for (const { range, ids } of rangesOf(conversation)) {
    for (const [i, message] of range.entries()) {
      const before = i > 0 ? range[i - 1]! : null;
      const rulesBefore = before ? extractCandidates([before], { statement: false }).length : 0;
      const rules = extractCandidates(before ? [before, message] : [message], { statement: false }).length;
      out.push({
        text: message.text,
        previous: before && before.speaker !== message.speaker ? before.text : null,
        ruled: rules > rulesBefore,
        label: positive.has(ids[i]!),
      });
    }
  }
  return out;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** Sums of the bench's score over conversations scored one by one. */
interface Tally {
  stored: number;
  right: number;
  planted: number;
  found: number;
}
function tally(conversations: readonly PeopleConversation[], model: StatementModel | false): Tally {
  const s = score(conversations, { statement: model });
  return {
    stored: s.stored,
    right: Math.round((s.precision ?? 0) * s.stored),
    planted: s.plantedMemories,
    found: Math.round(s.recall * s.plantedMemories),
  };
}
const add = (a: Tally, b: Tally): Tally => ({
  stored: a.stored + b.stored,
  right: a.right + b.right,
  planted: a.planted + b.planted,
  found: a.found + b.found,
});
const figures = (t: Tally) => ({
  precision: r3(t.right / Math.max(1, t.stored)),
  recall: r3(t.found / Math.max(1, t.planted)),
  stored: t.stored,
});

/**
 * Conversations labelled densely — at least this many planted memories per message, every durable
 * thing a careful note-taker would keep, as the held-out part is labelled. Strict precision means
 * something only there: in the older, sparsely labelled tuning conversations (0.17–0.35 per
 * message) much of what a good extractor keeps was never labelled and counts as wrong.
 */
export const DENSE_LABELS = 0.4;

export function denselyLabelled(conversation: PeopleConversation): boolean {
  const messages = conversation.sessions.reduce((n, s) => n + s.messages.length, 0);
  return conversation.memories.length >= DENSE_LABELS * messages;
}

export function crossValidate(conversations: readonly PeopleConversation[], corpusIds: ReadonlySet<string>) {
  const examples = conversations.map(examplesOf);
  const probe = probeExamples();
  const zero: Tally = { stored: 0, right: 0, planted: 0, found: 0 };
  const message = THRESHOLDS.map(() => ({ tp: 0, fp: 0, fn: 0 }));
  const grid = THRESHOLDS.map(() => ({ all: zero, dense: zero }));
  let rules = { all: zero, dense: zero };
  for (const [k, held] of conversations.entries()) {
    if (!corpusIds.has(held.id)) continue;
    const train = [...examples.filter((_, j) => j !== k).flat(), ...probe];
    const model = trainStatementModel(train, { c: C, without: WITHOUT });
    const dense = denselyLabelled(held);
    const probabilities = examples[k]!.map((e) => scoreStatement(model, e));
    for (const [t, threshold] of THRESHOLDS.entries()) {
      for (const [j, p] of probabilities.entries()) {
        const label = examples[k]![j]!.label;
        if (p >= threshold && label) message[t]!.tp += 1;
        else if (p >= threshold) message[t]!.fp += 1;
        else if (label) message[t]!.fn += 1;
      }
      const cell = grid[t]!;
      const got = tally([held], { ...model, threshold, gate: 0 });
      cell.all = add(cell.all, got);
      if (dense) cell.dense = add(cell.dense, got);
    }
    const alone = tally([held], false);
    rules = { all: add(rules.all, alone), dense: dense ? add(rules.dense, alone) : rules.dense };
  }
  return {
    messageLevel: THRESHOLDS.map((threshold, t) => {
      const { tp, fp, fn } = message[t]!;
      return { threshold, precision: r3(tp / Math.max(1, tp + fp)), recall: r3(tp / Math.max(1, tp + fn)) };
    }),
    rulesAlone: { all: figures(rules.all), dense: figures(rules.dense) },
    extractor: THRESHOLDS.map((threshold, t) => ({
      threshold,
      all: figures(grid[t]!.all),
      dense: figures(grid[t]!.dense),
    })),
  };
}

/**
 * The threshold with the best F0.5 of the cross-validated extractor on the densely labelled
 * conversations (denselyLabelled). F0.5: precision weighs twice recall — a wrong memory is injected
 * into prompts, a missed one is still found as an episode (docs/memory.md#episodes).
 */
export function choose(extractor: ReturnType<typeof crossValidate>['extractor']) {
  const f = ({ precision, recall }: { precision: number; recall: number }) =>
    precision + recall === 0 ? 0 : (1.25 * precision * recall) / (0.25 * precision + recall);
  return [...extractor].sort((a, b) => f(b.dense) - f(a.dense) || a.threshold - b.threshold)[0]!;
}

/** The model trained on every tuning conversation. */
export function trainFinal(
  conversations: readonly PeopleConversation[],
  threshold: number,
  gate: number,
): StatementModel {
  return trainStatementModel([...conversations.flatMap(examplesOf), ...probeExamples()], {
    c: C,
    without: WITHOUT,
    threshold,
    gate,
  });
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const conversations = tuningConversations();
  const corpusIds = new Set(loadPeopleCorpus('tuning').map((c) => c.id));
  const started = performance.now();
  let chosen = { threshold: STATEMENT_MODEL.threshold, gate: STATEMENT_MODEL.gate };
  const report: Record<string, unknown> = {
    trainedOn: `${conversations.length} conversations (${corpusIds.size} of bench/people/tuning, ${PEOPLE_EXTRACTION_TUNING.length} of bench/people-extraction-tuning.ts)`,
    c: C,
  };
  if (!args.has('--quick')) {
    const cv = crossValidate(conversations, corpusIds);
    const best = choose(cv.extractor);
    chosen = { threshold: best.threshold, gate: 0 };
    report.crossValidation = {
      folds: 'leave one conversation out; figures over the people corpus tuning part',
      ...cv,
      chosen: best,
    };
  }
  const model = trainFinal(conversations, chosen.threshold, chosen.gate);
  report.features = Object.keys(model.weights).length;
  report.threshold = model.threshold;
  report.gate = model.gate;
  report.seconds = r3((performance.now() - started) / 1000);
  if (!args.has('--no-write')) writeFileSync(WEIGHTS_FILE, `${JSON.stringify(model, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
