/** Context pruning (docs/engine-rules.md#pruning): settings and the cache-TTL gate, the tool filter, the pruner. */
export * from './pruner.js';
export * from './settings.js';
export * from './tools.js';
