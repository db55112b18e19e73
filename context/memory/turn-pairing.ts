/**
 * Answers that span two turns (docs/memory.md#conversation; issue 31): the question a message ends
 * with, asked of the other speaker ("Which team did you sign with?"), and whether the next
 * speaker's first sentence is a short answer that completes it ("The Minnesota Wolves!") or an
 * echo that confirms a yes/no question ("still the Fillmore!").
 */
import { ADVICE, CJK, contentWords, HEDGE, NOISE, withoutLeadIn } from './chat-guards.js';

/** A question to the other speaker that a short answer completes: "Which team did you sign with?". */
const WH_QUESTION =
  /\b(?:what|which|where|who|when|how many|how much|how long|how old|what kind of|what type of)\b[^?]*\b(?:you|your|ya|u|she|he|it|they|them|her|his|their)\b[^?]*\?+\s*$|^(?:\W*\w+\W+)?(?:which|what|where|who)(?:'s|’s)?\s+[^?\s]+(?:\s+[^?\s]+){0,5}\s*\?+\s*$/iu;

/**
 * A question typed without its "?": "which program did you go with", "where are you guys
 * staying lol". It opens with a question word and asks about the other speaker.
 */
const UNMARKED_QUESTION =
  /^(?:which|what|where|who|when|how many|how much|how long|how old|what kind of|what time)\b(?:\s+[\p{L}\p{N}'’]+){1,10}?\s+(?:you|your|ya|u|you guys|y'?all)\b[\p{L}\p{N}'’\s]*?(?:\s+(?:lol|haha|lmao))?[\s!.…]*$/iu;

export function isUnmarkedQuestion(sentence: string): boolean {
  return !CJK.test(sentence) && UNMARKED_QUESTION.test(withoutLeadIn(sentence).trim());
}

/** The question a message ends with, when it asks the other speaker something a short answer completes. */
export function openQuestion(sentences: readonly string[]): string | null {
  const last = [...sentences].reverse().find((s) => /[?？]\s*$/u.test(s) || isUnmarkedQuestion(s));
  if (!last || !(WH_QUESTION.test(last) || isUnmarkedQuestion(last))) return null;
  // Not a pleasantry: "How are you?", "What's up?", "How about you?"
  if (
    /^(?:how (?:are|r|is|was|have)|what'?s up|how about|what about|you too|what do you (?:think|mean)|what made|what makes|what happened|what'?s wrong|why)\b/iu.test(
      withoutLeadIn(last),
    )
  )
    return null;
  return last;
}

/**
 * A yes/no question a reply can confirm by echoing its name ("still the Fillmore though?" —
 * "still the Fillmore!"): the last question of a message, when it names something.
 */
export function echoQuestion(sentences: readonly string[]): string | null {
  const last = [...sentences].reverse().find((s) => /[?？]\s*$/u.test(s));
  return last && echoNames(last).length > 0 ? last : null;
}

/** The names a question asks about: capitalised words not at its start ("the Fillmore", "UCSF"). */
function echoNames(text: string): string[] {
  return [...withoutLeadIn(text).matchAll(/(?<=\S\s+)(?!I\b)\p{Lu}[\p{L}\p{N}'’-]*/gu)].map((m) =>
    m[0].toLowerCase(),
  );
}

/** Whether an answer confirms a yes/no question by naming what it asked about. */
export function echoes(question: string, answer: string): boolean {
  if (/^\W*(?:no|nope|nah|not|never)\b/iu.test(answer)) return false;
  const names = echoNames(question);
  const words = new Set(contentWords(answer));
  return names.some((n) => words.has(n));
}

/**
 * Whether a sentence completes a question of the other speaker: short, a statement, with content
 * ("The Minnesota Wolves!", "Woodhaven, a small town in the Midwest").
 */
export function isShortAnswer(sentence: string): boolean {
  const body = withoutLeadIn(sentence).trim();
  if (
    body.length === 0 ||
    /[?？]\s*$/u.test(body) ||
    NOISE.test(body) ||
    ADVICE.test(body) ||
    HEDGE.test(body)
  )
    return false;
  const words = body.split(/\s+/u);
  if (words.length > 14) return false;
  const content = contentWords(body);
  if (content.length === 0) return false;
  // One content word only when it names something (a name or a number): "Luna!", "Twelve".
  return content.length >= 2 || /^\p{Lu}|\p{Lu}|\p{N}/u.test(body);
}

/**
 * Where a reply's answer starts: past the sentences that are only an interjection ("yeah!!",
 * "lol.", "omg yes!!") — "yeah!! The Minnesota Wolves." answers with its second sentence. -1 when
 * the reply is nothing else.
 */
export function answerStart(sentences: readonly string[]): number {
  return sentences.findIndex((s) => /[\p{L}\p{N}]/u.test(withoutLeadIn(s.trim())));
}
