/**
 * molt's own text inside a range (issue 32 item 3; docs/memory.md#molts-own-text): what molt wrote
 * and an agent may send back in its transcript is never a memory. The spans of a message that are
 * molt's: its injected blocks (`<molt-summary>`, `<molt-memory>`, `<molt-skill-memory>`,
 * `<molt-memory-cli>`, `<working-memory>`: context/digest/molt-text.ts `MOLT_BLOCKS`), lines that
 * repeat its prompt text (`isMoltOwnText`, 40 characters or more) or an earlier summary's
 * headings with their items, its `[molt] …` notes
 * (transcript repair, restored files), the simulated or real `search_memories` call and its
 * result (context/memory/recall.ts), and that result's JSON pasted as text.
 */
import { isMoltOwnText, MOLT_BLOCKS } from '../digest/molt-text.js';
import { SUMMARY_SECTION_HEADINGS } from '../digest/summary.js';
import { SEARCH_MEMORIES_TOOL } from './recall.js';
import type { RangeMessage } from './types.js';

/** A line molt writes: its notes, the recall call as a range shows it, the recall result's JSON. */
const MOLT_LINE = new RegExp(
  String.raw`^\s*(?:\[molt\]|\[${SEARCH_MEMORIES_TOOL}\]|${SEARCH_MEMORIES_TOOL}\(|\{"success":\s*true,\s*"memories":)`,
  'u',
);
/** A list item of a summary's section: "- …", "* …", "1. …", "- [ ] …". */
const SUMMARY_ITEM = /^(?:[-*+•]|\d+[.)])\s/u;
const HEADINGS: ReadonlySet<string> = new Set(SUMMARY_SECTION_HEADINGS.map((h) => h.toLowerCase()));

/**
 * A line that repeats molt's prompt text: at least `ECHO_MIN_CHARS` long, so a chat line that
 * happens to be one of the prompt's examples ("The Minnesota Wolves!") stays the speaker's.
 */
const ECHO_MIN_CHARS = 40;
const echoesPrompt = (line: string) => line.length >= ECHO_MIN_CHARS && isMoltOwnText(line);

/** The [start, end) spans of a message's text that molt wrote (sorted, may overlap). */
export function moltRanges(message: Pick<RangeMessage, 'role' | 'text'>): Array<[number, number]> {
  const { text } = message;
  // A recall result as a tool result (the range prefixes it `[search_memories] `), or a message
  // molt wrote whole (restored key files, a repaired tool result: it opens with `[molt]`).
  if (
    (message.role === 'toolResult' && text.startsWith(`[${SEARCH_MEMORIES_TOOL}]`)) ||
    /^\s*\[molt\]/u.test(text)
  )
    return [[0, text.length]];
  const ranges: Array<[number, number]> = [];
  for (const block of MOLT_BLOCKS) {
    for (const m of text.matchAll(new RegExp(block.source, block.flags))) {
      ranges.push([m.index, m.index + m[0].length]);
    }
  }
  let at = 0;
  // Under an earlier summary's heading ("## Decisions"), its list items are the summary's too.
  let section = false;
  for (const line of text.split('\n')) {
    const bare = line.trim();
    const heading = HEADINGS.has(bare.toLowerCase());
    section = heading || (section && SUMMARY_ITEM.test(bare));
    if (bare.length > 0 && (section || MOLT_LINE.test(line) || echoesPrompt(bare)))
      ranges.push([at, at + line.length]);
    at += line.length + 1;
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** Whether `[index, index + length)` of the message overlaps text molt wrote. */
export function inMoltText(ranges: ReadonlyArray<[number, number]>, index: number, length: number): boolean {
  return ranges.some(([from, to]) => index < to && index + Math.max(1, length) > from);
}
