/**
 * molt's engine library: pure, deterministic functions over canonical messages.
 * No I/O, no clock, no randomness, no Node APIs — Temporal workflows import this.
 * The public surface is docs/architecture.md#the-layers.
 */

export * from './adapters/index.js';
export * from './assemble.js';
export * from './breaker.js';
export * from './chunking.js';
export * from './digest/index.js';
export * from './estimate.js';
export * from './history-limit.js';
export * from './messages.js';
export * from './overflow.js';
export * from './pairing.js';
export * from './pruning/index.js';
export * from './recovery.js';
export * from './session/index.js';
export * from './tokens/index.js';
export * from './truncation.js';
export * from './working-memory/index.js';
