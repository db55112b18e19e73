/**
 * The working memory (docs/working-memory.md): the cumulative, structured summary in force that
 * molt keeps across any number of compactions — model and rules (`model.ts`), what a range and a
 * summarizer's text propose (`extract.ts`, `parse.ts`, `identifiers.ts`), the merge with guards
 * (`merge.ts`), the token budget (`budget.ts`), the rendering (`render.ts`) and one compaction's
 * step (`advance.ts`).
 */
export * from './advance.js';
export * from './budget.js';
export * from './extract.js';
export * from './identifiers.js';
export * from './merge.js';
export * from './model.js';
export * from './parse.js';
export * from './render.js';
