/**
 * molt's default token estimator (docs/engine-rules.md#token-counting).
 *
 * One pass over char codes that mirrors o200k's pre-tokenizer — a word with its leading space or
 * punctuation char, digit groups of up to 3, whitespace runs, punctuation runs — and charges each
 * piece what o200k typically spends on it; CJK, kana, hangul, other scripts and emoji are charged
 * per code point. The constants were fitted piece by piece against gpt-tokenizer's o200k_base on
 * bench/corpus (the tuning set) so that each part is unbiased, then ESTIMATE_MARGIN makes the whole
 * err high. `npx tsx bench/estimator.bench.ts` re-measures the error per document of the tuning
 * set and, apart, of bench/corpus-held-out (never fitted on: text written differently, where the
 * error is larger — sessions calibrate on the provider's usage, context/session/usage-calibration.ts)
 * and the speed.
 *
 * `createTokenCounter({ mode: 'exact', … })` counts with a real tokenizer instead; this folder
 * cannot import one (Temporal workflows import it), so llm/tokenizer.ts injects gpt-tokenizer.
 */

export * from './charges.js';
export * from './counter.js';
