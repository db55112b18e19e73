/**
 * molt's engine library: pure, deterministic functions over canonical messages.
 * No I/O, no clock, no randomness, no Node APIs — Temporal workflows import this.
 * The public surface is CONTRACT.md §1.
 */
export * from './messages.js';
export * from './estimate.js';
export * from './tokens.js';
