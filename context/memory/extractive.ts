/**
 * The `extractive` extractor: deterministic rules, no LLM (docs/memory.md#extraction). It reads sentences of
 * the user's messages (and decisions in the assistant's) and proposes candidates for explicit
 * "remember" requests (English, Chinese, Japanese, Korean), preferences and prohibitions,
 * decisions, identities with exact identifiers, and plainly stated facts about the user's world
 * (context/memory/plain-facts.ts). Every quote is a slice of its message.
 */
import { fencedRanges, plainFactCandidates } from './plain-facts.js';
import { clip, MEMORY_ABSTRACT_MAX, MEMORY_CONTENT_MAX, normalizeMemoryKey } from './policy.js';
import type { MemoryCandidate, MemoryType, RangeMessage } from './types.js';

interface Sentence {
  text: string;
  /** Where it starts in the message. */
  index: number;
}

/**
 * Sentences of a message as verbatim slices: split after ! ? 。！？, after a full stop followed by
 * a space or the end (so `a.b@x.io` and `v1.2` stay whole), and at line breaks.
 */
export function sentencesOf(text: string): Sentence[] {
  // One linear pass (the regex it replaces, /(?:[^\n.!?。！？]|\.(?![\s.!?]|$))+(?:[.!?。！？]+|$)/gmu,
  // overflowed the stack on a sentence of a few megabytes: issue 19 item 9).
  const out: Sentence[] = [];
  const n = text.length;
  const isBody = (i: number): boolean => {
    const c = text[i]!;
    if (c === '.') {
      const next = text[i + 1];
      return next !== undefined && !/[\s.!?]/u.test(next);
    }
    return c !== '\n' && !TERMINATORS.has(c);
  };
  let i = 0;
  while (i < n) {
    if (!isBody(i)) {
      i += 1;
      continue;
    }
    const from = i;
    while (i < n && isBody(i)) i += 1;
    while (i < n && TERMINATORS.has(text[i]!)) i += 1;
    const raw = text.slice(from, i);
    const start = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed.length === 0) continue;
    const index = from + start;
    out.push({ text: text.slice(index, index + trimmed.length), index });
  }
  return out;
}

const TERMINATORS: ReadonlySet<string> = new Set(['.', '!', '?', '。', '！', '？']);

interface Rule {
  type: MemoryType;
  priority: number;
  /** Roles whose messages the rule reads. */
  roles: string[];
  pattern: RegExp;
  /** The memory's content from the match (defaults to the whole sentence). */
  content?: (m: RegExpMatchArray) => string;
  /** The normalised subject, when the rule knows one. */
  key?: (m: RegExpMatchArray) => string | null;
}

const USER = ['user'];
const ANY = ['user', 'assistant'];

/** What a "for X" / "in X" / "as X" tail names: the subject a newer preference replaces. */
const subjectTail = (object: string | undefined): string | null => {
  const tail = /\b(?:for|in|as|when(?:ever)?)\s+(?:the\s+|my\s+|our\s+)?([\p{L}\p{N} _-]{2,60})$/iu.exec(
    (object ?? '').replace(/[.!?。！？]+$/u, '').trim(),
  );
  return tail?.[1] ? `preference:${tail[1]}` : null;
};

const RULES: Rule[] = [
  // Explicit requests.
  {
    type: 'profile',
    priority: 4,
    roles: USER,
    pattern: /\b(?:please\s+)?remember(?:\s+that)?[,:]?\s+(.{3,})/iu,
    content: (m) => m[1]!,
  },
  {
    type: 'profile',
    priority: 4,
    roles: USER,
    pattern: /(?:请)?记住[：:，,\s]*(.{2,})/u,
    content: (m) => m[1]!,
  },
  {
    type: 'profile',
    priority: 4,
    roles: USER,
    pattern: /^(.{2,}?)(?:ことを|と|を|って)?覚えて(?:おいて|ください|ね)?/u,
    content: (m) => m[1]!,
  },
  {
    type: 'profile',
    priority: 4,
    roles: USER,
    pattern: /^(.{2,}?)(?:라는\s*(?:걸|것을)|을|를)?\s*기억해/u,
    content: (m) => m[1]!,
  },
  // Identities and exact identifiers.
  {
    type: 'profile',
    priority: 5,
    roles: USER,
    pattern: /\b[Mm]y name is\s+([\p{Lu}][\p{L}'-]*(?:\s+[\p{Lu}][\p{L}'-]*)?)/u,
    key: () => 'profile:name',
  },
  {
    type: 'entity',
    priority: 4,
    roles: USER,
    pattern:
      /\bmy\s+((?:work\s+|personal\s+)?(?:email|e-mail|phone(?:\s+number)?|github(?:\s+handle)?|username|user\s+id|account(?:\s+id)?|employee\s+id|timezone|time\s+zone))\s+is\s+(\S+)/iu,
    key: (m) => `identifier:${m[1]}`,
  },
  { type: 'profile', priority: 5, roles: USER, pattern: /我叫\s*(\S{1,20})/u, key: () => 'profile:name' },
  {
    type: 'profile',
    priority: 5,
    roles: USER,
    pattern: /我的名字是\s*(\S{1,20})/u,
    key: () => 'profile:name',
  },
  {
    type: 'profile',
    priority: 5,
    roles: USER,
    pattern: /私の名前は\s*(\S{1,20}?)です/u,
    key: () => 'profile:name',
  },
  {
    type: 'profile',
    priority: 5,
    roles: USER,
    pattern: /제\s*이름은\s*(\S{1,20}?)(?:입니다|이에요|예요)/u,
    key: () => 'profile:name',
  },
  {
    type: 'profile',
    priority: 3,
    roles: USER,
    pattern: /\bI (?:work|am working) (?:at|for)\s+(\S.{1,80})/iu,
    key: () => 'profile:employer',
  },
  // Changes of mind and values that change (the update policy reads their subject keys).
  {
    type: 'profile',
    priority: 4,
    roles: USER,
    pattern:
      /\bmy\s+(?:new\s+|current\s+)?[\p{L}\p{N} '-]{2,40}?\s+(?:is now|is no longer|now is|changed to|has changed to|has moved to|moved to)\s+\S.*/iu,
  },
  {
    type: 'preference',
    priority: 3,
    roles: USER,
    pattern:
      /\bI(?:'ve| have)?\s+(?:switched|moved|changed|gone back|went back)\s+from\s+.{2,60}?\s+(?:back\s+)?to\s+\S.*/iu,
  },
  {
    type: 'preference',
    priority: 4,
    roles: USER,
    pattern: /\b(?:please\s+)?(?:don'?t|do not|stop)\s+(.{3,}?)\s+(?:anymore|any more|from now on)\b/iu,
  },
  {
    type: 'profile',
    priority: 4,
    roles: USER,
    pattern: /我的.{1,12}?(?:现在是|已经是|改成了?|换成了?|变成了?|改为)\s*\S.*/u,
  },
  {
    type: 'preference',
    priority: 3,
    roles: USER,
    pattern: /(?:比起|相比于?).{1,40}?(?:我)?(?:现在)?(?:更|宁愿)?(?:喜欢|偏好|想用|用).{1,}/u,
  },
  {
    type: 'preference',
    priority: 4,
    roles: USER,
    pattern: /(?:总是|始终|一定要|务必)(.{2,})/u,
  },
  // Prohibitions, then preferences.
  {
    type: 'preference',
    priority: 4,
    roles: USER,
    pattern: /\bdon'?t ask me\s+(.{2,120}?)\s+again\b/iu,
    key: (m) => `ask:${m[1]}`,
  },
  {
    type: 'preference',
    priority: 4,
    roles: USER,
    pattern: /(?:以后(?:都)?不要|不要再|别再|永远不要)(.{2,})/u,
  },
  {
    type: 'preference',
    priority: 4,
    roles: USER,
    pattern: /(?:^|\b(?:please|you should)\s+)never\s+(?!mind\b)(.{3,})/iu,
    key: (m) => subjectTail(m[1]),
  },
  {
    type: 'preference',
    priority: 4,
    roles: USER,
    pattern: /(?:^|\b(?:please|you should)\s+)always\s+(.{3,})/iu,
    key: (m) => subjectTail(m[1]),
  },
  {
    type: 'preference',
    priority: 3,
    roles: USER,
    pattern: /\bI (?:really |strongly )?prefer\s+(.{2,})/iu,
    key: (m) => subjectTail(m[1]),
  },
  {
    type: 'preference',
    priority: 3,
    roles: USER,
    pattern: /\bmy (?:favou?rite|preferred)\s+([\p{L} -]{2,40}?)\s+is\s+(\S.*)/iu,
    key: (m) => `preference:${m[1]}`,
  },
  { type: 'preference', priority: 3, roles: USER, pattern: /我(?:现在)?(?:更)?(?:喜欢|偏好)(.{2,})/u },
  // Decisions.
  {
    type: 'decision',
    priority: 4,
    roles: ANY,
    pattern: /\bwe(?:'ve| have)? decided\s+(?:to\s+|that\s+|on\s+)?(.{3,})/iu,
  },
  { type: 'decision', priority: 4, roles: ANY, pattern: /\blet'?s go with\s+(.{2,})/iu },
  { type: 'decision', priority: 4, roles: ANY, pattern: /我们决定(.{2,})/u },
];

/** A question mentions a fact; it does not state one. */
const isQuestion = (sentence: string) => /[?？]\s*$/u.test(sentence);

function candidateOf(rule: Rule, sentence: string, match: RegExpMatchArray): MemoryCandidate | null {
  const content = (rule.content ? rule.content(match) : sentence).trim().replace(/[.。]+$/u, '');
  if (content.length < 2 || content.length > MEMORY_CONTENT_MAX || sentence.length > MEMORY_CONTENT_MAX)
    return null;
  const rawKey = rule.key?.(match) ?? null;
  const key = rawKey ? normalizeMemoryKey(rawKey) : null;
  return {
    type: rule.type,
    content,
    abstract: clip(content, MEMORY_ABSTRACT_MAX),
    key: key && key.length > 0 ? key : null,
    quote: sentence,
    priority: rule.priority,
  };
}

export interface ExtractiveOptions {
  /** Plainly stated facts (context/memory/plain-facts.ts); on unless false (the bench's baseline). */
  plainFacts?: boolean;
}

/**
 * Candidates of a range, in message and sentence order: at most one per sentence from the rules
 * above (first rule wins); a user's sentence none of them matched may state plain facts, one per
 * clause, unless it sits in a fenced code block.
 */
export function extractCandidates(
  messages: readonly RangeMessage[],
  options: ExtractiveOptions = {},
): MemoryCandidate[] {
  const out: MemoryCandidate[] = [];
  for (const message of messages) {
    const facts = options.plainFacts !== false && message.role === 'user';
    const fenced = facts ? fencedRanges(message.text) : [];
    for (const { text, index } of sentencesOf(message.text)) {
      // Too long to be a memory (candidateOf refuses it): no rule's regex runs over megabytes.
      if (text.length > MEMORY_CONTENT_MAX || isQuestion(text)) continue;
      const found = ruleCandidate(message.role, text);
      if (found) out.push(found);
      else if (facts && !fenced.some(([from, to]) => index >= from && index < to)) {
        out.push(...plainFactCandidates(text));
      }
    }
  }
  return out;
}

function ruleCandidate(role: string, text: string): MemoryCandidate | null {
  for (const rule of RULES) {
    if (!rule.roles.includes(role)) continue;
    const match = text.match(rule.pattern);
    if (!match) continue;
    const candidate = candidateOf(rule, text, match);
    if (candidate) return candidate;
  }
  return null;
}
