/**
 * The extractive extractor's sentence rules (docs/memory.md#extraction; `extractive@2` and still
 * read by `extractive@3`): explicit "remember" requests (English, Chinese, Japanese, Korean),
 * identities with exact identifiers, changes of mind, preferences and prohibitions, and decisions.
 * One candidate per sentence, the first rule that matches; extractive.ts reads the messages.
 */
import { clip, MEMORY_ABSTRACT_MAX, MEMORY_CONTENT_MAX, normalizeMemoryKey } from './policy.js';
import type { MemoryCandidate, MemoryType } from './types.js';

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
  /**
   * An instruction to the agent ("always …", "never …", "don't … anymore"): between people it is
   * advice to the other speaker, not a memory (not read in a conversation between people).
   */
  imperative?: boolean;
  /**
   * Between people, a match that is advice to the other speaker ("remember, drink lots of water",
   * "remember: stretch after every run") and not a memory: anything but a first-person statement.
   */
  advice?: RegExp;
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
    // An explicit request: "Please remember …", "remember that …", "Can you remember that …" —
    // never "I remember that!", "Remember to take care of yourself" (advice), "remember when …".
    pattern:
      /(?:^(?:(?:also|oh|and|btw|ok|okay|so)[,\s]+)?|\bplease\s+|\b(?:can|could|will|would)\s+you\s+(?:please\s+)?)remember(?:\s+that)?[,:]?\s+(?!to\b|when\b|how\b|the time\b|this\b|that\b[\s!.]*$)(.{3,})/iu,
    content: (m) => m[1]!,
    advice:
      /\bremember[,:;–—-]+\s*(?!(?:i|i'm|i’m|i've|i’ve|i'll|i’ll|my|me|mine|we|we're|we’re|we've|we’ve|our|us)\b)/iu,
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
    imperative: true,
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
    imperative: true,
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
    imperative: true,
    key: (m) => subjectTail(m[1]),
  },
  {
    type: 'preference',
    priority: 4,
    roles: USER,
    pattern: /(?:^|\b(?:please|you should)\s+)always\s+(.{3,})/iu,
    imperative: true,
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

/** The first rule that gives a candidate for this sentence (instructions left out between people). */
export function ruleCandidate(role: string, text: string, people: boolean): MemoryCandidate | null {
  for (const rule of RULES) {
    if (!rule.roles.includes(role) || (people && rule.imperative)) continue;
    const match = text.match(rule.pattern);
    if (!match || (people && rule.advice?.test(text))) continue;
    const candidate = candidateOf(rule, text, match);
    if (candidate) return candidate;
  }
  return null;
}
