/**
 * A LangGraph store's items as molt memories (docs/langgraph.md): pure rules, no I/O. An item is
 * a memory of the store's scope whose `key` is its namespace and key (`["users","prefs","theme"]`
 * as JSON text: exact, and no two items share one) and whose content is its value as JSON.
 */
import { z } from 'zod';
import { MEMORY_FILE_CATEGORY } from './memory-files.js';

/** The category that marks a memory as a store item (the update policy never touches them). */
export const STORE_ITEM_CATEGORY = 'langgraph-store-item';
/** Agent knowledge: an agent without a user keeps its own items. */
export const STORE_ITEM_TYPE = 'case' as const;
/** The most items one scope holds. */
export const STORE_ITEMS_MAX = 5_000;
/** The longest value, as JSON text. */
export const STORE_VALUE_MAX = 20_000;
/** At most this many operations in one batch. */
export const STORE_BATCH_MAX = 100;

/** Memories that change only through their own route: the update policy never supersedes them. */
export const KEYED_MEMORY_CATEGORIES = [MEMORY_FILE_CATEGORY, STORE_ITEM_CATEGORY];

const label = z
  .string()
  .min(1)
  .max(200)
  .refine(
    (s) => !s.includes('.') && !s.includes(':') && !s.includes('\0'),
    'a namespace label has no period, colon or NUL',
  );
export const namespaceSchema = z.array(label).min(1).max(20);
const key = z.string().min(1).max(200);
const value = z
  .record(z.string(), z.unknown())
  .refine(
    (v) => JSON.stringify(v).length <= STORE_VALUE_MAX,
    `at most ${STORE_VALUE_MAX} characters as JSON`,
  );

export const storeOpSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('get'), namespace: namespaceSchema, key }),
  z.strictObject({ op: z.literal('put'), namespace: namespaceSchema, key, value: value.nullable() }),
  z.strictObject({
    op: z.literal('search'),
    namespacePrefix: z.array(label).max(20),
    query: z.string().trim().min(1).max(2_000).optional(),
  }),
  z.strictObject({ op: z.literal('namespaces') }),
]);
export type StoreOp = z.output<typeof storeOpSchema>;

/** The memory key of an item. */
export const itemKeyOf = (namespace: readonly string[], itemKey: string) =>
  JSON.stringify([...namespace, itemKey]);

/** The namespace and key of a memory key (null: not an item's). */
export function itemOfKey(memoryKey: string): { namespace: string[]; key: string } | null {
  try {
    const parts = JSON.parse(memoryKey) as unknown;
    if (!Array.isArray(parts) || parts.length < 2 || !parts.every((p) => typeof p === 'string')) return null;
    return { namespace: parts.slice(0, -1), key: parts.at(-1) as string };
  } catch {
    return null;
  }
}

export const startsWith = (namespace: readonly string[], prefix: readonly string[]) =>
  prefix.length <= namespace.length && prefix.every((label, i) => namespace[i] === label);
