/**
 * The text of a user message as the recall query needs it, read in time bounded by a constant
 * rather than by the message (issue 19 item 6): the query shows 200 characters of each of the last
 * user messages, and a greeting or a ≤ 3-character message is at most a few dozen characters. A
 * 15 MiB message used to be joined, trimmed, normalised and collapsed whole on every
 * `GET /context` (2.2 s of the event loop and +300 MB per call, measured); now at most
 * `RECALL_SCAN_CHARS` of it are read.
 */
import type { UserMessage } from '../messages.js';

/** Characters of a user message the recall query reads (well above the 200 it shows). */
export const RECALL_SCAN_CHARS = 8_192;

const NON_SPACE = /\S/g;

/**
 * The text of a message's content (a string, or its text blocks joined with "\n"), trimmed —
 * exactly when it is at most `limit` characters long; otherwise the `limit` characters from its
 * first non-space one (`long`: the message goes on). Reads at most about twice `limit` characters
 * of the content, however large it is.
 */
export function textPrefixOf(content: unknown, limit: number): { text: string; long: boolean } {
  let raw: string;
  if (typeof content === 'string') {
    raw = content;
  } else {
    const parts: string[] = [];
    let length = 0;
    for (const block of Array.isArray(content) ? content : []) {
      if (block?.type !== 'text' || typeof block.text !== 'string') continue;
      if (parts.length > 0) length += 1;
      parts.push(block.text.length > limit * 2 ? block.text.slice(0, limit * 2) : block.text);
      length += parts.at(-1)!.length;
      if (length > limit * 2) break;
    }
    raw = parts.join('\n');
  }
  if (raw.length <= limit) return { text: raw.trim(), long: false };
  NON_SPACE.lastIndex = 0;
  const start = NON_SPACE.exec(raw)?.index ?? raw.length;
  const rest = raw.length - start;
  if (rest <= limit) return { text: raw.slice(start).trim(), long: false };
  return { text: raw.slice(start, start + limit).trimEnd(), long: true };
}

/** A user message's text as the recall query reads it: textPrefixOf with RECALL_SCAN_CHARS. */
export function recallTextOf(message: UserMessage): { text: string; long: boolean } {
  return textPrefixOf(message.content, RECALL_SCAN_CHARS);
}
