/**
 * What people say about themselves in conversation (docs/memory.md#conversation; issue 31): the
 * offline rules for events, plans, preferences said as likings or feelings, relationships and
 * shared activities, and answers that span two turns. Its guards against what people say but do not mean as a memory are in
 * chat-guards.ts, its patterns in conversation-patterns.ts, the rules of one sentence in
 * sentence-finding.ts (likings first: liking-finding.ts), the pairing of a question with the
 * other speaker's answer in turn-pairing.ts. This file finds the sentences those rules read inside
 * what people say. English only.
 *
 * Precision first: every rule needs a first-person subject ("I", "we", "my mom and I", or a
 * sentence that opens with a past verb: "Started hitting the gym last week") and an object with
 * at least one content word that is not a pronoun. A sentence one of the older rules matched
 * (extractive.ts) is not read here.
 */
import { asNews, HEDGE } from './chat-guards.js';
import { AHEAD, DATED, NOT_EVENTS, PAST_VERB_SET } from './conversation-patterns.js';
import {
  type ConversationFinding,
  pastEvent,
  sentenceFinding,
  withoutInvitation,
} from './sentence-finding.js';

/**
 * "I think I tweaked it yesterday", "pretty sure I failed my chem final": a past event said with a
 * softener is still said; a plan or a state with one ("I think I'll go", "I think I'm out") stays a hedge.
 */
function unsoftened(sentence: string): string {
  const m =
    /^(?:I\s+think|I\s+guess|(?:I(?:'m|’m|\s+am)\s+)?pretty\s+sure)\s+(?=I\s+(?:(?:just|finally|actually|totally|accidentally|literally)\s+)*([\p{L}]+)\b)/iu.exec(
      sentence,
    );
  if (!m) return sentence;
  const verb = m[1]!.toLowerCase();
  return pastEvent(verb) ? sentence.slice(m[0].length) : sentence;
}

/**
 * A plan said as likely, not as a wish: "we might go to Japan next spring", "we'll probably visit
 * my parents at Thanksgiving". Only "probably/might/may" with the plan's time ahead or a named
 * place; every other hedge ("maybe", "if", "would", "I think I'll…") stays one.
 */
function tentativePlan(sentence: string): ConversationFinding | null {
  const sure = sentence
    .replace(/^((?:I|i|[Ww]e)(?:'ll|’ll|\s+will))\s+probably\b/u, '$1')
    .replace(
      /^((?:I|i|[Ww]e))\s+(?:might|may|will\s+probably|probably\s+will)\s+(?!not\b|be\b|have\b|need\b|just\b)/u,
      "$1'll ",
    );
  if (sure === sentence || HEDGE.test(sure)) return null;
  if (!AHEAD.test(sure) && !/\s\p{Lu}\p{Ll}/u.test(sure.replace(/^\S+\s+\S+/u, ''))) return null;
  const found = sentenceFinding(sure);
  return found?.kind === 'plan' ? found : null;
}

/**
 * The memory a chat sentence states, if any: its type and kind. `sentence` is the sentence
 * without its fillers; the caller has ruled out noise, hedges, reported and quoted speech.
 */
export function conversationFinding(said: string): ConversationFinding | null {
  const sentence = unsoftened(asNews(readable(said)));
  const whole = sentenceFinding(sentence);
  if (whole) return whole;
  if (HEDGE.test(withoutInvitation(sentence))) {
    // "my mom and I are redoing her kitchen this summer so I might need your tools": the hedge
    // is of the later clause, not of what the first one says.
    const head = /^(.{12,}?)(?:,\s*|\s+)(?:so|but|and|because|cause|cuz)\s+(?=(?:I|i|we|[Ww]e)\b)/u.exec(
      sentence,
    )?.[1];
    const first = head && !HEDGE.test(head) ? conversationFinding(head) : null;
    return first ?? tentativePlan(sentence);
  }
  // A later clause with its own first-person subject: "the Fillmore thing got moved, so we're opening for them September 13".
  for (const match of sentence.matchAll(
    /(?:(?:,|;|\s[–—-])\s*(?:(?:so|and|but|then|plus|now)\s+)?|\s(?:so|and|but|because|cause|cuz|since)\s+)(?=(?:I|i|[Ww]e|[Mm]y\s+\w+\s+and\s+I)\b)/gu,
  )) {
    const clause = sentence.slice(match.index + match[0].length);
    const found = sentenceFinding(clause);
    if (found) return found;
  }
  // A first-person clause after a short opening phrase with no comma: "ok in happier news I got
  // promoted last week", "after the orgo thing I sat down with my advisor" — never after a word
  // that makes it a condition, a time clause or someone's words ("if I", "when we", "she said I").
  for (const match of sentence.matchAll(/\s(?=(?:I|i|[Ww]e)(?:['’]|\s))/gu)) {
    const before = sentence.slice(0, match.index);
    if (
      before.split(/\s+/u).length > OPENING_WORDS ||
      CLAUSE_TAKER.test(before) ||
      RELATIVE_HEAD.test(before)
    )
      continue;
    // "in two weeks I fly to Seoul": the time said first is read with the clause it opens.
    const clause = sentence.slice(match.index + 1);
    const found = sentenceFinding(AHEAD.test(before) || DATED.test(before) ? `${clause} ${before}` : clause);
    if (found) return found;
  }
  // An emoji ends a thought as a full stop would: "new puppy alert 🐶 her name is Mochi".
  for (const match of sentence.matchAll(/(?:\p{Extended_Pictographic}|\u{FE0F}|\u{200D})+\s+(?=\S)/gu)) {
    const found = sentenceFinding(sentence.slice(match.index + match[0].length));
    if (found) return found;
  }
  // A clause with its subject left out, after a comma: "i've been into woodworking, made a bookshelf last weekend".
  for (const match of sentence.matchAll(
    /,\s*(?:and\s+|then\s+|also\s+)?(?=(?:just\s+|finally\s+)?[\p{L}]+\b)/gu,
  )) {
    const clause = sentence.slice(match.index + match[0].length);
    const verb = /^(?:just\s+|finally\s+)?([\p{L}]+)/u.exec(clause)![1]!.toLowerCase();
    if (
      !(PAST_VERB_SET.has(verb) || /^[a-z]{3,}ed$/u.test(verb)) ||
      NOT_EVENTS.test(verb) ||
      !DATED.test(clause)
    )
      continue;
    const found = sentenceFinding(clause);
    if (found?.kind === 'event') return found;
  }
  return tentativePlan(sentence);
}

/**
 * A noun phrase the clause describes, not a time it happened in: "the guy I met at the bar was
 * weird", "that song I sent you" — but "this morning I ran 5 miles", "the other day I ran into…".
 */
const RELATIVE_HEAD =
  /^(?:the|a|an|that|this|these|those|my|your|his|her|their|our|every|some|any|no|one)\s+(?!.*\b(?:morning|afternoon|evening|night|day|week|weekend|month|year|summer|winter|spring|fall|autumn|time|days|weeks|months|years|game|funeral|wedding|party|meeting|class|trip|race|show)\s*$)/iu;
/** The longest opening phrase a first-person clause may follow without a comma. */
const OPENING_WORDS = 7;
/** Words after which a clause is a condition, a time, a comparison or reported: "if I", "when we", "she said I", "what I". */
const CLAUSE_TAKER =
  /(?:^|\s)(?:if|when|whenever|while|whether|unless|until|till|before|after|since|because|cause|cuz|as|than|that|what|how|why|who|whom|where|which|like|think|thought|guess|hope|hoped|wish|wished|believe|know|knew|said|say|says|told|tell|tells|asked|ask|wonder|imagine|suppose|bet|sure|remember|forgot|realize|realized|realise|realised|mean|meant|feel|felt|hear|heard|see|saw|swear|pretend|dreamt|dreamed|doubt|promise|promised|glad|happy|sorry|surprised|proud|excited|once|where|unlike|maybe|probably|not|never|even|only|did|do|does|can|could|would|should|will|might|must|all|the|a|an|my|your|his|her|their|our|one)\s*$/iu;

/**
 * A sentence shouted in capitals ("WE GOT THE KEYS TODAY") read as if typed in lower case, "I"
 * kept: the rules read words, not case. Mixed case is left alone (its capitals name things).
 */
export function readable(sentence: string): string {
  const upper = sentence.match(/\p{Lu}/gu)?.length ?? 0;
  const lower = sentence.match(/\p{Ll}/gu)?.length ?? 0;
  if (upper < 6 || upper < 4 * lower || !/\p{L}+\s+\p{L}+/u.test(sentence))
    // A shouted run of words in a mixed sentence: "we're MOVING TO SEATTLE in august".
    return sentence.replace(
      /(?<![\p{L}'’])\p{Lu}{2,}(?:['’]\p{Lu}+)?(?:\s+\p{Lu}{2,}(?:['’]\p{Lu}+)?)+(?![\p{L}'’])/gu,
      (run) => (run.split(/\s+/u).length >= 2 && upper >= 6 ? run.toLowerCase() : run),
    );
  return sentence.toLowerCase().replace(/(?<![\p{L}'’])i(?=['’]|\b)/gu, 'I');
}
