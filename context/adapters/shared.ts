/**
 * What the adapters' readers share. The converters accept unvalidated input and never throw: each
 * reads its input once, where it enters, into typed views (a discriminated union per shape), and
 * converts only those. A value that is not an object is unreadable: skipped where it stands. A
 * block the adapters cannot translate is kept as an `other` view and goes through unchanged.
 */
import type { UnknownRecord } from '../blocks.js';
import type { TextBlock } from '../messages.js';

/** The adapters read unchecked objects the way the engine does (blocks.ts). */
export { isRecord, type UnknownRecord } from '../blocks.js';

/** Tool name used when a result's call cannot be found. */
export const UNKNOWN_TOOL_NAME = 'unknown';

/** A base64 data URL (`data:<mime>[;param…];base64,`), the only image link the adapters take. */
export const DATA_URL = /^data:([^;,]+)((?:;[^;,]*)*);base64,/;

/** A string field, or '' when it is missing or not a string. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function text(value: string): TextBlock {
  return { type: 'text', text: value };
}

/**
 * A block no adapter translates, sent on unchanged (lossless). It carries the target's block type
 * although it is none of them: the target types describe validated messages, and only input that
 * no schema checked has such blocks. The one place an unchecked value takes a checked type.
 */
export function passThrough<Block>(block: UnknownRecord): Block {
  return block as Block;
}

/** Tool names by call id, first one wins, from every assistant's calls (canonical or foreign). */
export function toolNamesById(entries: Iterable<readonly [string, string]>): Map<string, string> {
  const names = new Map<string, string>();
  for (const [id, name] of entries) if (id && name && !names.has(id)) names.set(id, name);
  return names;
}
