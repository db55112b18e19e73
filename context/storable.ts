/**
 * What PostgreSQL can store (issue 11): its `text` and `jsonb` cannot hold U+0000 (NUL), and as
 * UTF-8 they cannot hold a UTF-16 surrogate without its pair — yet both are valid in JSON and
 * common in real traffic (binary tool output, a string cut in the middle of an emoji). The rule
 * lives here; db/columns.ts applies it to columns and db/transcript.ts keeps messages lossless.
 */

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** The same in JSON.stringify's output (which escapes all three as \u0000 / \udxxx, lowercase). */
const UNSTORABLE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/;

export const UNSTORABLE_MESSAGE =
  'contains a NUL character or an unpaired UTF-16 surrogate, which molt cannot store here';

/** True when the string holds a character PostgreSQL text cannot. */
export function hasUnstorable(text: string): boolean {
  UNSTORABLE.lastIndex = 0;
  return UNSTORABLE.test(text);
}

/** The string with each unstorable character replaced by U+FFFD (the replacement character). */
export function storableText(text: string): string {
  UNSTORABLE.lastIndex = 0;
  return UNSTORABLE.test(text) ? text.replace(UNSTORABLE, '\ufffd') : text;
}

function sanitize(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(sanitize);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), sanitize(v)]));
  }
  return value;
}

/**
 * The JSON text of a value as `jsonb` can hold it: unchanged when it can (the common case costs
 * one scan of the serialized text), else with every unstorable character in keys and strings
 * replaced by U+FFFD. `undefined` serializes as `null`.
 */
export function storableJsonText(value: unknown): string {
  const json = JSON.stringify(value) ?? 'null';
  return hasUnstorableEscape(json) ? JSON.stringify(sanitize(value)) : json;
}

/** True when JSON text (JSON.stringify's) escapes a character jsonb cannot hold. */
export function hasUnstorableEscape(json: string): boolean {
  return UNSTORABLE_ESCAPE.test(json);
}
