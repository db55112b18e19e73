/**
 * Answers that span two turns (docs/memory.md#conversation; issue 31): the question a message ends
 * with, asked of the other speaker ("Which team did you sign with?"), and whether the next
 * speaker's first sentence is a short answer that completes it ("The Minnesota Wolves!") or an
 * echo that confirms a yes/no question ("still the Fillmore!").
 */
import { ADVICE, CJK, contentWords, HEDGE, NOISE, withoutLeadIn } from './chat-guards.js';

/** A question to the other speaker that a short answer completes: "Which team did you sign with?". */
const WH_QUESTION =
  /\b(?:what|which|where|who|when|how many|how much|how long|how old|what kind of|what type of)\b[^?]*\b(?:you|your|ya|u|she|he|it|they|them|her|his|their)\b[^?]*\?+\s*$|^(?:\W*\w+\W+)?(?:which|what|where|who|when|how\s+(?:long|many|much|old))(?:'s|’s)?\s+[^?\s]+(?:\s+[^?\s]+){0,5}\s*\?+\s*$|^\W*(?:and\s+)?(?:who|where|when|which\s+one|what\s+time|how\s+long|how\s+many|how\s+much)\W*\?+\s*$|^\W*(?:so\s+|and\s+)?any\s+(?!luck\b|news\b|updates?\b|idea\b|ideas\b|thoughts\b|chance\b)[\p{L}]+(?:\s+[\p{L}'’]+){0,4}\W*\?+\s*$|\b(?:did|do|have|are|were|will|would|can)\s+(?:you|u|ya|you\s+guys|y'?all)\b[^?]*\b(?:anything|anyone|anybody|anywhere|something|someone|somewhere|any\s+[\p{L}]+)\b[^?]*\?+\s*$|\S\s+or\s+(?!not\b|nah\b|no\b|what\b)[^?\s][^?]*\?+\s*$/iu;
/** "how was Cabo?", "how was the concert last night??": its answer is worth keeping only with more than a verdict ("amazing"). */
const HOW_WAS =
  /^(?:\W*\w+\W+)?how(?:['’]d|\s+did)\s+it\s+go\s+(?:with|at)\s+\S|^(?:\W*\w+\W+)?how(?:\s+(?:was|is|did|are|were)|['’][sd])\s+(?!(?:it|that|this|everything|things|life|you|ya|u|ur\s+day|your\s+(?:day|night|morning|evening|week|weekend))\b)\S/iu;
/** Words that only mark a choice: "obviously", "definitely", "duh". */
const CHOICE_WORDS = new Set(
  'obviously definitely def duh always probably mostly either both neither whichever prob for sure tbh'.split(
    ' ',
  ),
);
/** Words of a verdict, not of a thing: an answer to "how was …?" made only of these says nothing durable. */
const VERDICT = new Set(
  (
    'good great fine ok okay alright amazing awesome fun nice bad rough long busy tiring exhausting chill quiet pretty ' +
    'really so super not too honestly crazy wild incredible unreal perfect terrible meh decent solid hectic stressful ' +
    'boring slow fast lovely wonderful fantastic beautiful gorgeous brutal insane epic barely surprisingly kinda sorta ' +
    'actually overall mostly mixed weird intense hard easy cold hot wet tough'
  ).split(' '),
);

/**
 * A question typed without its "?": "which program did you go with", "where are you guys
 * staying lol". It opens with a question word and asks about the other speaker.
 */
const UNMARKED_QUESTION =
  /^(?:which|what|where|who|when|how many|how much|how long|how old|what kind of|what time)\b(?:['’]s)?(?:\s+[\p{L}\p{N}'’]+){1,10}?\s+(?:you|your|ya|u|you guys|y'?all)\b[\p{L}\p{N}'’\s]*?(?:\s+(?:lol|haha|lmao))?[\s!.…]*$|^how(?:\s+(?:was|is|did)|['’]s)\s+(?:the|your|ur|that)\s+[\p{L}\p{N}'’-]+(?:\s+[\p{L}\p{N}'’-]+){0,5}?(?:\s+(?:go|going|lol|haha))?[\s.…]*$/iu;

/**
 * A short question typed without its "?" that asks for a value: "how much", "when", "what kind",
 * "whats the food", "when's processing", "how many meals". At most seven words, not ended by "."
 * or "!", and not a clause or an exclamation that opens with a question word ("when I got home",
 * "what a day", "which is why", "who cares", "what if…").
 */
const SHORT_QUESTION =
  /^(?:what|which|where|who|when|how\s+(?:much|many|long|old|far|big|often|come)|how['’]?s|hows|whats|what['’]s|when['’]?s|where['’]?s|who['’]?s|wheres|whos)\b(?!\s+(?:a|an|i|i['’]m|im|i['’]ve|we|we['’]re|is\s+why|is\s+what|was\s+why|means|makes|cares|knows|knew|if|else|ever|in\s+doubt)\b)(?:[\s,]+[\p{L}\p{N}'’$-]+){0,6}[\s…~]*$/iu;

export function isUnmarkedQuestion(sentence: string): boolean {
  if (CJK.test(sentence)) return false;
  const trimmed = withoutLeadIn(sentence).trim();
  return UNMARKED_QUESTION.test(trimmed) || SHORT_QUESTION.test(trimmed);
}

/** The question a message ends with, when it asks the other speaker something a short answer completes. */
export function openQuestion(sentences: readonly string[]): string | null {
  const last = [...sentences].reverse().find((s) => /[?？]\s*$/u.test(s) || isUnmarkedQuestion(s));
  if (!last || !(WH_QUESTION.test(last) || isUnmarkedQuestion(last) || asksHowItWent(last))) return null;
  // Not a pleasantry: "How are you?", "What's up?", "How about you?" — but "how was Cabo?" asks about a thing.
  if (
    /^(?:how (?:are|r|is|was|have)|what'?s up|how about|what about|you too|what do you (?:think|mean)|what made|what makes|what happened|what'?s wrong|why|what time is it|where are (?:you|u) (?:rn|now|at)|what are (?:you|u) doing (?:rn|now|tonight))\b/iu.test(
      withoutLeadIn(last),
    ) &&
    !HOW_WAS.test(withoutLeadIn(last))
  )
    return null;
  // An opinion asked for after a statement: "Jordan and I are thinking about a cat, what do you think?".
  if (
    /(?:^|[,;–—-]\s*)(?:so\s+)?(?:what do (?:you|u|ya) think|thoughts|wdyt|what about you|how about you|you\?|u\?)\W*$/iu.test(
      last,
    )
  )
    return null;
  return last;
}

/** Whether a question asks how something went ("how was Cabo?"): its answer needs more than a verdict. */
export function asksHowItWent(question: string): boolean {
  return HOW_WAS.test(withoutLeadIn(question));
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
  // Past the first word, a capital names something: "and Pepper?", "still the Fillmore though?".
  return [...text.matchAll(/(?<=\S\s+)(?!I\b|I['’])\p{Lu}[\p{L}\p{N}'’-]*/gu)].map((m) => m[0].toLowerCase());
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
export function isShortAnswer(sentence: string, question?: string): boolean {
  // A trailing condition on a named answer is not a hedge of it: "June 14 if the movers don't flake".
  const body = withoutLeadIn(sentence)
    .trim()
    .replace(/^(.*(?:\p{Lu}|\p{N}).*?)\s+(?:if|unless)\s+[^,;]+$/u, '$1');
  if (question !== undefined && asksHowItWent(question)) {
    const said = contentWords(body).filter((w) => !VERDICT.has(w));
    if (said.length === 0 && !/\p{N}/u.test(body)) return false;
    // What happened to the speaker or what it was, named: "we did the tram", "they want me back
    // Tuesday", "PT twice a week" — not a scene described ("chaos but fun. one kid tried to…").
    if (
      !/\b(?:[Ii]|[Ii]['’]m|[Ii]['’]ve|[Ww]e|[Ww]e['’]re|[Ww]e['’]ve|[Mm]y|[Oo]ur|me|us|[Ss]he|[Hh]e|[Tt]hey|[Ss]he['’]s|[Hh]e['’]s|[Tt]hey['’]re)\b|(?<=\S\s+)\p{Lu}|\p{N}|^(?:just\s+|finally\s+|somehow\s+)?\p{Ll}{2,}ed\b/u.test(
        body,
      )
    )
      return false;
  }
  // "burger or pizza?" — "pizza obviously": a choice repeated says nothing more than the choice.
  if (question !== undefined && /\S\s+or\s+\S[^?]*\?+\s*$/iu.test(question)) {
    const asked = new Set(contentWords(question));
    const more = contentWords(body).filter((w) => !asked.has(w) && !VERDICT.has(w) && !CHOICE_WORDS.has(w));
    if (more.length === 0) return false;
  }
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

/** A reply that opens by saying yes: "yep, the Harvest Invitational", "yeah. ER at St. Vincent's". */
const AFFIRMS =
  /^\W*(?:yes+|yep|yup|yeah+|yea|ya|mhm+|uh\s*huh|correct|exactly|right|sure\s+did|i\s+did|we\s+did|it\s+is|that'?s\s+right)\b/iu;
export function affirms(reply: string): boolean {
  return AFFIRMS.test(reply);
}

/**
 * The yes/no question a message ends with ("first Northshore meet is Nov 15 right?"), which a reply
 * that says yes and goes on with a short answer completes; never a pleasantry ("you ok?").
 */
export function yesNoQuestion(sentences: readonly string[]): string | null {
  // The last question, or the one before a short remark ("are you still doing the climbing gym? I want to try it").
  const last =
    sentences.length >= 2 &&
    !/[?？]\s*$/u.test(sentences.at(-1)!) &&
    sentences.at(-1)!.split(/\s+/u).length <= 6
      ? sentences.at(-2)
      : sentences.at(-1);
  if (!last || !/[?？]\s*$/u.test(last) || contentWords(last).length < 2) return null;
  if (
    /^(?:how (?:are|r|is|was|have)|what'?s up|you (?:ok|okay|good|alright|there|up|free|around|awake|home)|are you (?:ok|okay|good|alright|there|up|free|around|awake|home)|u ok|wanna|want to|want me|want some|want any|need (?:help|a hand|a ride|anything|me|some)|do you (?:want|need)|can you|could you|would you|will you|(?:can|should|shall|may) (?:i|we))\b/iu.test(
      withoutLeadIn(last),
    ) ||
    /\b(?:everything|all|you|u|we|things)\s+(?:ok|okay|good|alright|fine|set)\s*\?+\s*$/iu.test(last)
  )
    return null;
  return last;
}
