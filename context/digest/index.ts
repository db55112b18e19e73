/**
 * The structured digest of a compacted range (docs/engine-rules.md#the-summary): tool failures, files, pending
 * work, workspace rules, the extractive digest, and the summary that carries them.
 */
export * from './extractive.js';
export * from './files.js';
export * from './pending-work.js';
export * from './summary.js';
export * from './summary-prompts.js';
export * from './summary-quality.js';
export * from './tool-failures.js';
export * from './workspace-rules.js';
