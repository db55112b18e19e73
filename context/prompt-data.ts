/**
 * Text that came from users, tools or models, as molt writes it into a prompt (issue 19 item 4):
 * data, never markup or instructions. One home for how it is quoted:
 *
 * - `quoted` (memories, tool names, error texts, tips in the system-prompt addition and the
 *   recall result): a JSON string literal with `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`.
 *   It cannot end its quotes, start a line, or open or close a tag (`</molt-memory>` inside a
 *   memory stays inside it); `JSON.parse` gives the text back exactly.
 * - `inertMarkup` (a summary inside the continuation message, prose an agent should read as it
 *   is): `<` and `>` become `‹` and `›`, so no tag can open or close, and the text stays readable.
 */

const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };

export function quoted(text: string): string {
  return escapeJsonMarkup(JSON.stringify(text));
}

/** A JSON text with `<`, `>` and `&` escaped: the same value, no markup anywhere in it. */
export function escapeJsonMarkup(json: string): string {
  return json.replace(/[<>&]/g, (c) => ESCAPES[c]!);
}

export function inertMarkup(text: string): string {
  return text.replace(/</g, '‹').replace(/>/g, '›');
}

/** Where a memory came from, as the prompt states it. */
export type Provenance =
  | 'said by the user'
  | 'said in the conversation'
  | 'tool output'
  | 'extracted from the conversation'
  | 'committed by an agent'
  | 'written by an operator';

export function provenanceOf(source: { kind?: string; role?: string } | null | undefined): Provenance {
  if (source?.kind === 'commit_memory') return 'committed by an agent';
  if (source?.kind === 'operator') return 'written by an operator';
  return source?.role === 'user' ? 'said by the user' : 'extracted from the conversation';
}

const LINE_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A name or path as one inert line (issue 32): C0 and C1 control characters and the Unicode line
 * and paragraph separators become visible escapes (`\n`, `\u2028`), so the text stays readable
 * and can never start a line — nor open a section — of a rendered summary.
 */
export function inertLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    return LINE_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
