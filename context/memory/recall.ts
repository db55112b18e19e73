/**
 * Per-turn recall (docs/memory.md#recall), the pure part: when to recall, what to search with, how a
 * candidate scores, what fits under the token cap, and the simulated `search_memories` call and
 * result injected after the latest user message. The database finds candidates
 * (db/memory/memory-recall.ts); this module decides.
 */

import type { AssistantMessage, Message, ToolResultMessage, UserMessage } from '../messages.js';
import { escapeJsonMarkup, type Provenance } from '../prompt-data.js';
import { storableText } from '../storable.js';
import { recallTextOf } from './recall-text.js';
import { type Term, textTerms } from './terms.js';

export const RECALL_DEFAULTS = {
  /** A memory below this score is not recalled (MOLT_RECALL_MIN_SCORE). */
  minScore: 0.45,
  /** The injected result's token cap (MOLT_RECALL_MAX_TOKENS). */
  maxTokens: 1_000,
  /** What the simulated call asks for and the most it returns. */
  maxResults: 5,
  /** The query is the last this many user messages. */
  queryMessages: 5,
  /** A term from an older user message counts this much (one from the newest counts 1). */
  olderWeight: 0.5,
  /** At most this many query terms are searched (newest first). */
  maxTerms: 48,
  /** Trigram similarity's share of the score. */
  trigramWeight: 0.5,
} as const;

export type RecallSkip = 'disabled' | 'no_user_message' | 'greeting' | 'short' | 'no_terms';

/** The tool name agents register and the simulated call uses (GET /v1/tools). */
export const SEARCH_MEMORIES_TOOL = 'search_memories';

// Whole-message greetings and acknowledgements in the four languages molt's users write.
const GREETINGS = new Set([
  'hi',
  'hello',
  'hey',
  'hiya',
  'howdy',
  'yo',
  'hi there',
  'hello there',
  'hey there',
  'good morning',
  'good afternoon',
  'good evening',
  'morning',
  'thanks',
  'thank you',
  'thx',
  'ok',
  'okay',
  'cool',
  'bye',
  'goodbye',
  '你好',
  '您好',
  '你好啊',
  '在吗',
  '在嗎',
  '在不在',
  '嗨',
  '哈喽',
  '哈囉',
  '早上好',
  '早安',
  '晚上好',
  '谢谢',
  '謝謝',
  '好的',
  'こんにちは',
  'こんばんは',
  'おはよう',
  'おはようございます',
  'ありがとう',
  'ありがとうございます',
  'もしもし',
  'やあ',
  '안녕',
  '안녕하세요',
  '감사합니다',
  '고마워',
  '좋은 아침',
]);

/** A user message's text: its string content or its text blocks, joined. */
export function userText(message: UserMessage): string {
  if (typeof message.content === 'string') return message.content;
  return (Array.isArray(message.content) ? message.content : [])
    .flatMap((block) => (block?.type === 'text' && typeof block.text === 'string' ? [block.text] : []))
    .join('\n');
}

/** True for a message that is only a greeting or thanks ("Hi!", "你好", "안녕하세요~"). */
export function isGreeting(text: string): boolean {
  const bare = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\p{Emoji_Presentation}~]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return GREETINGS.has(bare);
}

/** A query term and its weight (1 from the newest user message, less from older ones). */
export interface WeightedTerm extends Term {
  weight: number;
}

export interface RecallQuery {
  /** The query as the simulated call shows it: the last user messages, oldest first. */
  query: string;
  /** The newest user message's text as shown (for trigram similarity). */
  latest: string;
  terms: WeightedTerm[];
}

/** Characters of each user message the shown query keeps. */
const QUERY_CHARS_PER_MESSAGE = 200;

const clipChars = (text: string, max: number): string => {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
};

/**
 * The query of these texts (oldest first; the last weighs most), as the simulated call shows it
 * and as it is searched: each text whitespace-collapsed and clipped, joined by newlines. An
 * agent's own `search_memories` call with that query string (split on newlines) searches the
 * very same terms. Null when no text holds a searchable term.
 */
export function queryOfTexts(texts: readonly string[]): RecallQuery | null {
  // Storable: the query is a database parameter, and a message may hold NUL (binary output).
  const shown = texts
    .map((text) => clipChars(storableText(text).replace(/\s+/g, ' ').trim(), QUERY_CHARS_PER_MESSAGE))
    .filter((text) => text.length > 0)
    .slice(-RECALL_DEFAULTS.queryMessages);
  const terms: WeightedTerm[] = [];
  const seen = new Set<string>();
  for (let i = shown.length - 1; i >= 0 && terms.length < RECALL_DEFAULTS.maxTerms; i--) {
    const weight = i === shown.length - 1 ? 1 : RECALL_DEFAULTS.olderWeight;
    for (const term of textTerms(shown[i]!)) {
      if (seen.has(term.key)) continue;
      seen.add(term.key);
      terms.push({ ...term, weight });
      if (terms.length >= RECALL_DEFAULTS.maxTerms) break;
    }
  }
  if (terms.length === 0) return null;
  return { query: shown.join('\n'), latest: shown.at(-1)!, terms };
}

/**
 * The recall query of a context: the last five user messages (newest weighs most), or why there
 * is none — no user message, the latest is a greeting or at most 3 characters, or no searchable
 * term.
 */
export function recallQueryOf(messages: readonly Message[]): RecallQuery | { skipped: RecallSkip } {
  const texts: string[] = [];
  let latestIsLong = false;
  for (let i = messages.length - 1; i >= 0 && texts.length < RECALL_DEFAULTS.queryMessages; i--) {
    const message = messages[i]!;
    if (message.role !== 'user') continue;
    // Bounded by a constant, not by the message (recall-text.ts).
    const { text, long } = recallTextOf(message);
    if (text) texts.unshift(text);
    if (text && texts.length === 1) latestIsLong = long;
  }
  const latest = texts.at(-1);
  if (latest === undefined) return { skipped: 'no_user_message' };
  if (!latestIsLong && isGreeting(latest)) return { skipped: 'greeting' };
  if (!latestIsLong && Array.from(latest).length <= 3) return { skipped: 'short' };
  return queryOfTexts(texts) ?? { skipped: 'no_terms' };
}

/** The query terms a memory's text holds (by key). */
export function matchedTerms(terms: readonly WeightedTerm[], content: string): WeightedTerm[] {
  const keys = new Set(textTerms(content).map((term) => term.key));
  return terms.filter((term) => keys.has(term.key));
}

/**
 * A candidate's score: the weight of the query terms it matches, saturating (w / (w + 1): one
 * word of the newest message gives 0.5, two 0.67), fused with its trigram word similarity to the
 * newest message (0–1, half weight) — trigrams catch inflections and spellings the terms miss.
 */
export function scoreMemory(matched: readonly WeightedTerm[], trigram: number): number {
  const weight = matched.reduce((sum, group) => sum + group.weight, 0);
  return weight / (weight + 1) + RECALL_DEFAULTS.trigramWeight * trigram;
}

/** A memory as the simulated result shows it: with its dates, so stale facts look stale. */
export interface RecalledMemory {
  id: string;
  type: string;
  content: string;
  /** Where it came from (context/prompt-data.ts). */
  source: Provenance;
  recordedAt: string;
  validFrom?: string;
  /** An episode (what a turn said, verbatim): who said it, when, and where to read around it. */
  kind?: 'episode';
  speaker?: string;
  said?: string;
  sessionId?: string;
  seq?: number;
  /** The dates its text names, resolved (days, inclusive). */
  dates?: Array<{ text: string; from: string; to: string }>;
}

/** The JSON text of the simulated result: markup characters escaped, the values unchanged. */
export function recallResultText(memories: readonly RecalledMemory[]): string {
  return escapeJsonMarkup(JSON.stringify({ success: true, memories }));
}

/**
 * The best memories (already ranked) that fit: at most `maxResults`, and the result's text at
 * most `maxTokens` by the given counter. A memory that does not fit is skipped, a smaller later
 * one may still go in.
 */
export function fitRecalled(
  ranked: readonly RecalledMemory[],
  limits: { maxResults: number; maxTokens: number },
  countTokens: (text: string) => number,
): RecalledMemory[] {
  const chosen: RecalledMemory[] = [];
  for (const memory of ranked) {
    if (chosen.length >= limits.maxResults) break;
    if (countTokens(recallResultText([...chosen, memory])) <= limits.maxTokens) chosen.push(memory);
  }
  return chosen;
}

/** FNV-1a, 32-bit: a short stable id for the simulated call (same recall, same id: cache-friendly). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The simulated `search_memories` call and its result, paired by id. */
export function recallMessages(
  query: string,
  memories: readonly RecalledMemory[],
): [AssistantMessage, ToolResultMessage] {
  const id = `molt_recall_${fnv1a(`${query}\u0001${memories.map((m) => m.id).join(',')}`)}`;
  return [
    {
      role: 'assistant',
      content: [
        {
          type: 'toolCall',
          id,
          name: SEARCH_MEMORIES_TOOL,
          arguments: { query, max_results: RECALL_DEFAULTS.maxResults },
        },
      ],
      stopReason: 'toolUse',
    },
    {
      role: 'toolResult',
      toolCallId: id,
      toolName: SEARCH_MEMORIES_TOOL,
      content: [{ type: 'text', text: recallResultText(memories) }],
      isError: false,
    },
  ];
}

/** The messages with `inserted` right after the latest user message (unchanged when there is none). */
export function injectAfterLatestUser(messages: readonly Message[], inserted: readonly Message[]): Message[] {
  const at = messages.findLastIndex((message) => message.role === 'user');
  if (at < 0) return [...messages];
  return [...messages.slice(0, at + 1), ...inserted, ...messages.slice(at + 1)];
}
