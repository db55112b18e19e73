/**
 * A learned judgement "does this message state a memory of its own speaker?" (docs/memory.md,
 * "The statement model"; issue 31): a logistic model over the words and character n-grams of one
 * chat message and about twenty shape features. The extractive extractor (extractive.ts) asks it about
 * every message of a conversation between people; statement-candidates.ts turns a message it
 * keeps into a candidate. Trained offline by scripts/train-statement-model.ts on the TUNING part
 * of the people corpus and the tuning set of bench/people-extraction-tuning.ts; the weights are
 * committed in statement-weights.json. Pure TypeScript, deterministic, no dependency.
 */

/** A model: its bias, the weight of each feature it was trained with, and the threshold chosen by cross-validation. */
export interface StatementModel {
  version: 1;
  bias: number;
  /** Score at or above which a message becomes a candidate whole (statement-candidates.ts). */
  threshold: number;
  /** Score below which a rule's candidate in a conversation between people is dropped (0: never). */
  gate: number;
  weights: Record<string, number>;
}

/** One message as the model reads it. */
export interface StatementInput {
  text: string;
  /** The message right before, when another speaker said it (else null). */
  previous: string | null;
  /** Whether one of the hand-written rules kept something of this message. */
  ruled: boolean;
}

const TIME =
  /\b(?:yesterday|today|tonight|tomorrow|last|next|ago|weekend|morning|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|week|month|year)\b/u;
const FIRST = /\b(?:i|we|my|our|me|us|mine|ours|i'm|im|i've|ive|i'll|we're|we've|we'll|myself)\b/u;
const SECOND = /\b(?:you|u|your|ur|you're|youre|you've|yours|yourself)\b/u;
const REPORTED = /\b(?:said|says|told|tells|texted|wrote|according|apparently|mentioned)\b/u;
const LIKING =
  /\b(?:love|loved|like|liked|enjoy|enjoyed|favou?rite|prefer|hate|adore|obsessed|peace|calm|happy)\b/u;

/** A capitalized word that does not open the text: a name ("Dani", "Buckeye Lake"). */
const NAME_AFTER_WORD = /(?<=\S\s+)\p{Lu}\p{Ll}+/gu;
const MONEY = /[$£€]\s?\d|\d\s?(?:k|bucks|dollars|euros|pounds)\b/iu;
const CLOCK = /\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b/iu;

const folded = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[’‘]/gu, "'");

/**
 * The features of a message: `w:` words and `b:` word bigrams (with `^` at the start, and `Q`
 * before it when the other speaker just asked a question), `c:` character 2–4-grams inside words
 * padded with a space, each block normalized to length 1, and `s:` shape features.
 */
export function statementFeatures(input: StatementInput): Map<string, number> {
  const text = folded(input.text);
  const words = text.match(/[\p{L}\p{N}']+/gu) ?? [];
  const asked = input.previous !== null && /[?？]\s*$/u.test(input.previous.trim());
  const lexical = new Set<string>();
  const chars = new Set<string>();
  const tokens = [asked ? 'Q' : '^', ...words];
  for (const [i, w] of tokens.entries()) {
    if (i > 0) lexical.add(`w:${w}`);
    const next = tokens[i + 1];
    if (next !== undefined) lexical.add(`b:${w} ${next}`);
    if (i === 0) continue;
    const padded = ` ${w} `;
    for (let n = 2; n <= 4; n += 1)
      for (let at = 0; at + n <= padded.length; at += 1) chars.add(`c:${padded.slice(at, at + n)}`);
  }
  const out = new Map<string, number>();
  for (const block of [lexical, chars]) {
    const value = block.size === 0 ? 0 : 1 / Math.sqrt(block.size);
    for (const f of block) out.set(f, value);
  }
  const trimmed = input.text.trim();
  const shape: Array<[string, boolean | number]> = [
    ['s:length', Math.min(words.length, 60) / 20],
    ['s:short', words.length <= 3],
    ['s:question', /[?？]\s*$/u.test(trimmed)],
    ['s:first', FIRST.test(text)],
    ['s:second', SECOND.test(text)],
    ['s:asked', asked],
    ['s:digit', /\p{N}/u.test(text)],
    ['s:time', TIME.test(text)],
    ['s:ed', /\b\p{L}{2,}ed\b/u.test(text)],
    ['s:reported', REPORTED.test(text)],
    ['s:quoted', /^[ \t]*>/mu.test(input.text)],
    ['s:liking', LIKING.test(text)],
    ['s:exclaim', /!/u.test(trimmed)],
    ['s:ruled', input.ruled],
    // What concrete news carries: names, numbers, prices, times of day, emoji, a shouted word.
    ['s:names', Math.min(trimmed.match(NAME_AFTER_WORD)?.length ?? 0, 4) / 2],
    ['s:numbers', Math.min(trimmed.match(/\p{N}+/gu)?.length ?? 0, 4) / 2],
    ['s:money', MONEY.test(trimmed)],
    ['s:clock', CLOCK.test(trimmed)],
    ['s:emoji', /\p{Extended_Pictographic}/u.test(trimmed)],
    ['s:shout', /\b\p{Lu}{3,}\b/u.test(trimmed)],
  ];
  for (const [name, value] of shape) {
    const v = typeof value === 'number' ? value : value ? 1 : 0;
    if (v !== 0) out.set(name, v);
  }
  return out;
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** The probability that the message states a memory of its speaker. */
export function scoreStatement(model: StatementModel, input: StatementInput): number {
  let z = model.bias;
  for (const [f, v] of statementFeatures(input)) z += (model.weights[f] ?? 0) * v;
  return sigmoid(z);
}

export interface TrainingExample extends StatementInput {
  label: boolean;
}

export interface TrainOptions {
  /** Inverse L2 strength, as in scikit-learn's LogisticRegression (default 2). */
  c?: number;
  /** Full-batch Adam steps (default 300). */
  iterations?: number;
  /** Word and character features must occur in at least this many training messages (default 2). */
  minCount?: number;
  /** Features left out of the model (e.g. `s:ruled`). */
  without?: readonly string[];
  threshold?: number;
  gate?: number;
}

/**
 * Fits the model: L2-regularized logistic regression with balanced class weights, full-batch Adam
 * from zero weights, in a fixed order (the same examples give the same weights, bit for bit).
 * Weights are rounded to 4 decimals and those under 5e-4 dropped, as committed.
 */
export function trainStatementModel(
  examples: readonly TrainingExample[],
  options: TrainOptions = {},
): StatementModel {
  const c = options.c ?? 2;
  const iterations = options.iterations ?? 300;
  const minCount = options.minCount ?? 2;
  const rows = examples.map((e) => statementFeatures(e));
  const counts = new Map<string, number>();
  for (const row of rows) for (const f of row.keys()) counts.set(f, (counts.get(f) ?? 0) + 1);
  const without = new Set(options.without ?? []);
  const names = [...counts.keys()]
    .filter((f) => !without.has(f) && (f.startsWith('s:') || counts.get(f)! >= minCount))
    .sort();
  const index = new Map(names.map((f, i) => [f, i]));
  const sparse = rows.map((row) => {
    const ids: number[] = [];
    const values: number[] = [];
    for (const [f, v] of row) {
      const i = index.get(f);
      if (i !== undefined) {
        ids.push(i);
        values.push(v);
      }
    }
    return { ids, values };
  });
  const n = examples.length;
  const positives = examples.filter((e) => e.label).length;
  const weightOf = (label: boolean) => n / (2 * Math.max(1, label ? positives : n - positives));
  const dim = names.length + 1; // last: the bias
  const w = new Float64Array(dim);
  const m = new Float64Array(dim);
  const v = new Float64Array(dim);
  const grad = new Float64Array(dim);
  const lambda = 1 / c;
  const [rate, beta1, beta2, eps] = [0.05, 0.9, 0.999, 1e-8];
  for (let t = 1; t <= iterations; t += 1) {
    grad.fill(0);
    for (const [k, { ids, values }] of sparse.entries()) {
      let z = w[dim - 1]!;
      for (let j = 0; j < ids.length; j += 1) z += w[ids[j]!]! * values[j]!;
      const label = examples[k]!.label;
      const g = (sigmoid(z) - (label ? 1 : 0)) * weightOf(label);
      for (let j = 0; j < ids.length; j += 1) grad[ids[j]!]! += g * values[j]!;
      grad[dim - 1]! += g;
    }
    for (let i = 0; i < dim; i += 1) {
      // Loss summed over examples (as scikit-learn's), scaled by 1/n for a steady step size.
      const g = (grad[i]! + (i < dim - 1 ? lambda * w[i]! : 0)) / n;
      m[i] = beta1 * m[i]! + (1 - beta1) * g;
      v[i] = beta2 * v[i]! + (1 - beta2) * g * g;
      const mh = m[i]! / (1 - beta1 ** t);
      const vh = v[i]! / (1 - beta2 ** t);
      w[i]! -= (rate * mh) / (Math.sqrt(vh) + eps);
    }
  }
  const weights: Record<string, number> = {};
  for (const [i, f] of names.entries()) {
    const r = Math.round(w[i]! * 1e4) / 1e4;
    if (Math.abs(r) >= 5e-4) weights[f] = r;
  }
  return {
    version: 1,
    bias: Math.round(w[dim - 1]! * 1e4) / 1e4,
    threshold: options.threshold ?? 0.5,
    gate: options.gate ?? 0,
    weights,
  };
}
