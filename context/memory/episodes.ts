/**
 * Episodes (docs/memory.md#episodes), the pure part: what one stored message becomes as recallable
 * memory. Every message with text is one episode — a long one one per sentence group — with its
 * speaker (the message's `name` when it carries one, else its role; a tool result's tool name),
 * role, absolute time (its own timestamp, else when molt stored it) and the dates its text names,
 * resolved against that time. Tool output is an episode of role `toolResult`, clipped hard: it is
 * indexed apart from what people said and ranks below it (context/memory/fusion.ts).
 */
import { createHash } from 'node:crypto';
import type { Message } from '../messages.js';
import { storableText } from '../storable.js';
import { MAX_STORED_DATES, resolveDates } from '../time/dates.js';
import { textPrefixOf } from './recall-text.js';

const GROUP_CHARS = 800;
const MAX_PARTS = 24;

export const EPISODE_DEFAULTS = {
  /** A message longer than this is split into sentence groups of at most this many characters (≤ MEMORY_CONTENT_MAX). */
  groupChars: GROUP_CHARS,
  /** Characters of a tool result kept as its episode (the rest is in the transcript: expand). */
  toolOutputChars: 600,
  /** Sentence groups of one message at most (a longer message's tail stays in the transcript). */
  maxParts: MAX_PARTS,
  /**
   * Characters of a message read for its episodes: four times what maxParts groups hold, so
   * whitespace collapsed away still leaves them full; the rest is in the transcript (expand).
   */
  scanChars: 4 * MAX_PARTS * GROUP_CHARS,
  /** A speaker name longer than this is cut. */
  speakerChars: 80,
} as const;

export type EpisodeRole = 'user' | 'assistant' | 'toolResult';

export interface EpisodeDraft {
  /** 0-based sentence group of the message (0 for a short one). */
  part: number;
  role: EpisodeRole;
  speaker: string;
  content: string;
  occurredAt: Date;
  dates: Array<{ text: string; from: string; to: string }>;
}

/**
 * The texts a message says: its text blocks (a user's string content), never thinking or
 * tool-call arguments — at most EPISODE_DEFAULTS.scanChars of them from the first non-space one,
 * so a message of megabytes costs what a long one does (on the turn indexer and on every
 * `GET /context`, which counts a live message's episodes).
 */
function textOf(message: Message): string {
  return textPrefixOf((message as { content?: unknown }).content, EPISODE_DEFAULTS.scanChars).text;
}

const collapse = (text: string): string => storableText(text).replace(/\s+/g, ' ').trim();

function clipChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * The sentences of `text`, segmented a window of about `window` characters at a time: the
 * segmenter's cost grows faster than the text it is given (a 77K-character message took 1.8 s
 * whole), so each window's last sentence, perhaps cut by the window, is read again with the next.
 */
function* sentencesOf(text: string, window: number): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + window);
    // Never cut a surrogate pair.
    if (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
    const segments = [...segmenter.segment(text.slice(start, end))];
    const last = segments.at(-1);
    if (end === text.length || !last || segments.length === 1) {
      // The text's end, or one sentence longer than the window: handed over as it is.
      for (const { segment } of segments) yield segment;
      start = end;
      continue;
    }
    for (const { segment } of segments.slice(0, -1)) yield segment;
    start += last.index;
  }
}

/**
 * Sentence groups of at most `max` characters (a longer sentence is cut into pieces), the first
 * `limit` of them: linear in the text read (lengths are counted once, and reading stops at `limit`).
 */
export function sentenceGroups(
  text: string,
  max: number = EPISODE_DEFAULTS.groupChars,
  limit: number = Number.POSITIVE_INFINITY,
): string[] {
  if (Array.from(text).length <= max) return text && limit > 0 ? [text] : [];
  const groups: string[] = [];
  let current = '';
  let currentLength = 0;
  for (const segment of sentencesOf(text, 4 * max)) {
    const sentence = segment.trim();
    if (!sentence) continue;
    const chars = Array.from(sentence);
    for (let i = 0; i < chars.length; i += max) {
      const piece = chars.slice(i, i + max).join('');
      const pieceLength = Math.min(max, chars.length - i);
      if (currentLength > 0 && currentLength + 1 + pieceLength > max) {
        groups.push(current);
        if (groups.length >= limit) return groups;
        current = piece;
        currentLength = pieceLength;
      } else {
        current = currentLength > 0 ? `${current} ${piece}` : piece;
        currentLength += (currentLength > 0 ? 1 : 0) + pieceLength;
      }
    }
  }
  if (current && groups.length < limit) groups.push(current);
  return groups;
}

/** Who said it: a string `name` (or `speaker`) on the message, else the tool's name or the role. */
export function speakerOf(message: Message): string {
  const named = message as { name?: unknown; speaker?: unknown };
  for (const value of [named.name, named.speaker]) {
    if (typeof value === 'string') {
      const name = collapse(value);
      if (name) return clipChars(name, EPISODE_DEFAULTS.speakerChars);
    }
  }
  if (message.role === 'toolResult' && typeof message.toolName === 'string' && message.toolName.trim()) {
    return clipChars(collapse(message.toolName), EPISODE_DEFAULTS.speakerChars);
  }
  return message.role;
}

/** A message's own time when it carries a sane one (ms since the epoch, not in the far future), else `storedAt`. */
export function occurredAtOf(message: Message, storedAt: Date): Date {
  const stamp = (message as { timestamp?: unknown }).timestamp;
  if (
    typeof stamp === 'number' &&
    Number.isFinite(stamp) &&
    stamp > 0 &&
    stamp < storedAt.getTime() + 86_400_000
  ) {
    return new Date(stamp);
  }
  return storedAt;
}

/** The episodes of one stored message (none when it says nothing). */
export function episodesOf(message: Message, storedAt: Date): EpisodeDraft[] {
  const role = message.role;
  if (role !== 'user' && role !== 'assistant' && role !== 'toolResult') return [];
  const text = collapse(textOf(message));
  if (!text) return [];
  const occurredAt = occurredAtOf(message, storedAt);
  const speaker = speakerOf(message);
  const groups =
    role === 'toolResult'
      ? [clipChars(text, EPISODE_DEFAULTS.toolOutputChars)]
      : sentenceGroups(text, EPISODE_DEFAULTS.groupChars, EPISODE_DEFAULTS.maxParts);
  return groups.map((content, part) => ({
    part,
    role,
    speaker,
    content,
    occurredAt,
    dates:
      role === 'toolResult'
        ? []
        : resolveDates(content, occurredAt)
            .slice(0, MAX_STORED_DATES)
            .map(({ text: phrase, from, to }) => ({ text: phrase, from, to })),
  }));
}

/** Every episode id starts so (no other memory id does): a search can leave episodes out by id alone. */
export const EPISODE_ID_PREFIX = 'ep_';

/** An episode's id: derived from where it is, so indexing the same message twice stores it once. */
export function episodeId(tenantId: string, sessionId: string, seq: number, part: number): string {
  const hash = createHash('sha256').update(`${tenantId}\u0001${sessionId}\u0001${seq}\u0001${part}`);
  return `${EPISODE_ID_PREFIX}${hash.digest('hex').slice(0, 24)}`;
}

/** How many episodes a message gives (its sentence groups), without resolving its dates. */
export function episodeCountOf(message: Message): number {
  const role = message.role;
  if (role !== 'user' && role !== 'assistant' && role !== 'toolResult') return 0;
  const text = collapse(textOf(message));
  if (!text) return 0;
  if (role === 'toolResult') return 1;
  return sentenceGroups(text, EPISODE_DEFAULTS.groupChars, EPISODE_DEFAULTS.maxParts).length;
}

/** The text an episode is searched by: its speaker's name (when a person's) and what was said. */
export function episodeSearchText(speaker: string | null, role: string | undefined, content: string): string {
  if (!speaker || speaker === role || role === 'toolResult') return content;
  return `${speaker}: ${content}`;
}
