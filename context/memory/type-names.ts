/**
 * The memory types, by name (docs/memory.md#types). Apart from context/memory/types.ts (which
 * re-exports them beside the schemas) so that the CLI's help lists them without loading zod.
 */
export const MEMORY_TYPES = [
  'profile',
  'preference',
  'entity',
  'event',
  'decision',
  'case',
  'pattern',
  'tool',
  'skill',
] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];
