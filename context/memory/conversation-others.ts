/**
 * What a speaker says of other people (issue 31; docs/memory.md#conversation): a favour thanked
 * for ("thanks for watching the house"), and what a person the speaker just named does ("That's
 * what Karen says too. She's flying in from Phoenix"). The speaker's own statements are
 * conversation.ts.
 */
import { contentWords, isAdvice, isChatNoise } from './chat-guards.js';
import { readable } from './conversation.js';
import { KIN, objectOk } from './conversation-patterns.js';
import { type ConversationFinding, sentenceFinding } from './sentence-finding.js';

/** "thanks for watching the house btw": the favour thanked for, said by the one who received it. */
const THANKS_FOR =
  /^(?:[\p{L}]+[,!]?\s+)?(?:thanks|thank\s+you|thx|ty)(?:\s+(?:so\s+much|again|a\s+lot|a\s+ton|tons|both))*\s+for\s+(?<what>[^,;.!?]+)/iu;
/** What a thanks is for that is no event of the speaker's life: a word, a look, help in the chat. */
const NOT_A_FAVOUR =
  /^(?:the\s+|your\s+|all\s+(?:the\s+)?|that\s+|this\s+)?(?:advice|help|support|tips?|info|information|link|pics?|photos?|update|reminder|heads\s+up|listening|asking|checking|coming|letting|being|everything|all|chat|talk|message|text|call|invite|offer|words|kind\s+words|love|hugs?|compliment|suggestion|recs?|recommendations?|input|feedback|reply|answer|explaining|sharing|saying|understanding|patience|thought|idea)\b/iu;

/**
 * The favour a thanks names ("thanks for watching the house btw", "thank you again for the
 * volcano book"): an event of the speaker's life, kept as an event. Never a thanks for words or
 * help in the chat ("thanks for the advice", "thank you for listening").
 */
export function thanksFinding(sentence: string): ConversationFinding | null {
  const m = THANKS_FOR.exec(sentence.trim());
  if (!m) return null;
  const what = m.groups!.what!.replace(/\s+(?:btw|lol|haha|tho|though|again|today|yesterday)\b.*$/iu, '');
  if (NOT_A_FAVOUR.test(what.trim()) || !objectOk(what) || contentWords(what).length < 2) return null;
  return { type: 'event', kind: 'event', priority: 3 };
}

/** Someone the speaker names: "my sister", "our neighbor", or a name inside a sentence ("That's what Karen says"). */
const NAMES_SOMEONE = new RegExp(
  String.raw`\b(?:my|our)\s+(?:(?:little|big|older|younger|twin|new|old|baby)\s+)?(?:${KIN})\b|(?<=\S\s+)(?!I\b|I'|I’)\p{Lu}\p{Ll}[\p{L}'’-]*`,
  'u',
);

export function namesSomeone(sentence: string): boolean {
  return NAMES_SOMEONE.test(sentence);
}

/**
 * What a person the speaker just named does or will do ("That's what Karen says too. She's flying
 * in from Phoenix to help"): the sentence read as if the speaker said it of themselves, kept as a
 * relationship. Only "she", "he" or "they" at the start, and only when the caller found the
 * person named in the sentence before.
 */
export function thirdPersonFinding(sentence: string): ConversationFinding | null {
  const s = readable(sentence).trim();
  if (!/^(?:she|he|they)\b/iu.test(s)) return null;
  const firstPerson = s
    .replace(/^(?:she|he)(?:'s|’s)\s+(?=been\b|got\b|gotten\b)/iu, "I've ")
    .replace(/^(?:she|he)(?:'s|’s)/iu, "I'm")
    .replace(/^they(?:'re|’re)/iu, "I'm")
    .replace(/^they(?:'ve|’ve)/iu, "I've")
    .replace(/^(?:she|he|they)(?:'ll|’ll)/iu, "I'll")
    .replace(/^(?:she|he)\s+(?:is|was)\b/iu, (w) => (/was$/iu.test(w) ? 'I was' : 'I am'))
    .replace(/^they\s+(?:are|were)\b/iu, (w) => (/were$/iu.test(w) ? 'I was' : 'I am'))
    .replace(/^(?:she|he)\s+has\b/iu, 'I have')
    .replace(/^(?:she|he|they)\b/iu, 'I');
  if (isChatNoise(firstPerson) || isAdvice(firstPerson)) return null;
  const found = sentenceFinding(firstPerson);
  if (!found || found.kind === 'preference' || found.kind === 'profile') return null;
  return { type: 'entity', kind: 'relationship', priority: 3 };
}
