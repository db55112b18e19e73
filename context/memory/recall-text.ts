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
 * The message's text (string content, or its text blocks joined with "\n"), trimmed — exactly
 * when it is at most RECALL_SCAN_CHARS long; otherwise the RECALL_SCAN_CHARS characters from its
 * first non-space one (`long`: too long to be a greeting or a short message).
 */
export function recallTextOf(message: UserMessage): { text: string; long: boolean } {
  const content = message.content;
  let raw: string;
  if (typeof content === 'string') {
    raw = content;
  } else {
    const parts: string[] = [];
    let length = 0;
    for (const block of Array.isArray(content) ? content : []) {
      if (block?.type !== 'text' || typeof block.text !== 'string') continue;
      if (parts.length > 0) length += 1;
      parts.push(
        block.text.length > RECALL_SCAN_CHARS * 2 ? block.text.slice(0, RECALL_SCAN_CHARS * 2) : block.text,
      );
      length += parts.at(-1)!.length;
      if (length > RECALL_SCAN_CHARS * 2) break;
    }
    raw = parts.join('\n');
  }
  if (raw.length <= RECALL_SCAN_CHARS) return { text: raw.trim(), long: false };
  NON_SPACE.lastIndex = 0;
  const start = NON_SPACE.exec(raw)?.index ?? raw.length;
  const rest = raw.length - start;
  if (rest <= RECALL_SCAN_CHARS) return { text: raw.slice(start).trim(), long: false };
  return { text: raw.slice(start, start + RECALL_SCAN_CHARS).trimEnd(), long: true };
}
