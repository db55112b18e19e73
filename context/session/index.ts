/**
 * The session's durable state and the decisions the session workflow carries out (docs/engine-rules.md#thresholds,
 * docs/engine-rules.md#circuit-breaker, #overflow-recovery): pure functions `(state, event) → {state, commands}`. The workflow holds the state,
 * executes the commands (start a child compaction, record a clean-up, …) and persists
 * `sessionView(state)` after every event that changed it (rule 5). State and commands carry ids,
 * seqs and token counts only — never message bodies (claim-check: bodies live in Postgres).
 *
 * The dual threshold, non-blocking upload:
 *   ratio ≥ uploadRatio  → mark the range (boundary, cut] and start its compaction in the background;
 *   upload succeeded     → clean up exactly that range: its summary is now the one in force;
 *   ratio ≥ forceRatio   → clean up the marked range now, even if its compaction still runs (the
 *                          messages are safe in Postgres; the summary attaches when it arrives).
 */

export * from './batch.js';
export { applyBreakerReset, breakerSettingsOf, llmCompactionAllowed } from './breaker.js';
export * from './compaction.js';
export * from './config.js';
export * from './cut.js';
export * from './defaults.js';
export * from './derived.js';
export * from './ids.js';
export * from './live.js';
export * from './plans.js';
export * from './recovery.js';
export * from './settings.js';
export * from './state.js';
export * from './thresholds.js';
export * from './usage-calibration.js';
export * from './view.js';
export * from './window.js';
