/**
 * What people say about themselves in conversation (docs/memory.md#conversation; issue 31): the
 * offline rules for events, plans, preferences said as likings or feelings, relationships and
 * shared activities, and answers that span two turns. Its guards against what people say but do not mean as a memory are in
 * chat-guards.ts, its patterns in conversation-patterns.ts, the pairing of a question with the
 * other speaker's answer in turn-pairing.ts. English only.
 *
 * Precision first: every rule needs a first-person subject ("I", "we", "my mom and I", or a
 * sentence that opens with a past verb: "Started hitting the gym last week") and an object with
 * at least one content word that is not a pronoun. A sentence one of the older rules matched
 * (extractive.ts) is not read here.
 */
import { asNews, contentWords, HEDGE } from './chat-guards.js';
import {
  AHEAD,
  APPOINTMENT,
  ASKED_ME,
  AT_REGULARLY,
  BEEN_ING,
  CALLED_OFF,
  DATED,
  DATED_ED_EVENT,
  DONE_TO_ME,
  DONE_WITH,
  ENGAGEMENT,
  EVENT,
  eventObjectOk,
  FAVOURITE,
  FEELING,
  GOOD_FEELINGS,
  HABIT,
  HAPPY_PLACE,
  HAVE,
  IDENTITY,
  ING_AHEAD,
  INTO,
  KIN,
  LIFE_EVENT,
  LIKING,
  LIKING_INSIDE,
  LIKING_SAID,
  MINE_AHEAD,
  MINE_CHANGED,
  MINE_DID,
  NAMED_DATED_EVENT,
  NAMED_EVENT,
  NAMED_NEWS,
  NEVER_AGAIN,
  NOT_EVENTS,
  NOT_ONGOING,
  NOT_PLAN,
  NOT_SCHEDULED,
  NOT_THIRD_PARTY,
  ONGOING,
  objectOk,
  PAST_VERB_SET,
  PERFECT_EVENT,
  PLAN,
  PLAN_TARGET,
  PLAN_WILL,
  PRESENT_PLAN,
  PRONOUN_PLAN,
  planObjectOk,
  RELATION,
  ROUTINE,
  SCHEDULED,
  SETTLED,
  SETTLED_PLACE,
  STATE,
  SUBJECTLESS_ED_EVENT,
  SUBJECTLESS_EVENT,
  SUBJECTLESS_PLAN,
  THE_PLAN,
  THEIR_NAME,
  THIRD_PARTY_CHANGE,
  THIRD_PARTY_TARGET,
  TIME_WORDS,
  WAS_DONE,
  WENT_WELL,
} from './conversation-patterns.js';
import type { MemoryType } from './types.js';

/** A person of the speaker's as a subject: "my mom", "our neighbor". */
const KIN_SUBJECT = new RegExp(String.raw`^(?:my|our|his|her|their)\s+(?:${KIN})\b`, 'iu');

export interface ConversationFinding {
  type: MemoryType;
  kind: 'event' | 'plan' | 'preference' | 'relationship' | 'profile';
  priority: number;
}

/** The sentence without a closing invitation to the other speaker ("…, you should come"). */
const withoutInvitation = (s: string) =>
  s.replace(/,\s*(?:you|wanna|want to|if you|lmk|we should|we could|let'?s|lets|u should|come)\b.*$/iu, '');

/** A past verb of an event: a known past form or an "-ed" word, and not one of `NOT_EVENTS`. */
const pastEvent = (verb: string): boolean =>
  (PAST_VERB_SET.has(verb.toLowerCase()) || /^[a-z]{3,}ed$/u.test(verb)) && !NOT_EVENTS.test(verb);

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

/** What is done every day, and chat's sign-offs: alone they make no ongoing event. */
const CHORE_WORDS: ReadonlySet<string> = new Set(
  'dinner lunch breakfast brunch coffee tea food snack snacks laundry dishes homework groceries chores nap shower ttyl brb rn tonight today later late behind min mins minutes sec secs bed sleep'.split(
    ' ',
  ),
);

/**
 * A plan's object says what is planned: not only a chore or a meal of the evening ("doing laundry
 * rn", "having tacos tonight") — one word then needs a name ("seeing Hamilton tonight").
 */
function saysWhatIsPlanned(rest: string): boolean {
  const words = contentWords(rest).filter((w) => !CHORE_WORDS.has(w) && !TIME_WORDS.test(w));
  if (words.length === 0) return false;
  const tonight =
    /\b(?:tonight|rn|right\s+now|now|later)\b/iu.test(rest) &&
    !/\b(?:tomorrow|next|this\s+(?:week|weekend|month|year))\b/iu.test(rest);
  return !tonight || words.length >= 2 || /\p{Lu}/u.test(rest);
}

/** "I've been doing pilates three times a week": "doing" with a thing done, not a verdict ("doing good", "doing it"). */
const doingSomething = (verb: string, rest: string | undefined) =>
  /^doing$/iu.test(verb) &&
  objectOk(rest) &&
  contentWords(rest ?? '').some(
    (w) =>
      !/^(?:good|well|great|fine|better|worse|alright|amazing|awesome|bad|terrible|okay|best|pretty|so|much|lot|lots|stuff|nothing|something|anything|everything|fun|hard|rough|tough)$/iu.test(
        w,
      ),
  );

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

/** "we're looking at venues in Vermont", "looking for a new job": a search under way, not "looking good" or "looking for my keys". */
const lookingFor = (verb: string, rest: string | undefined) =>
  /^looking$/iu.test(verb) &&
  /^\s*(?:at|for|into)\s/iu.test(rest ?? '') &&
  objectOk((rest ?? '').replace(/^\s*\S+\s+/u, '')) &&
  contentWords(rest ?? '').filter((w) => !TIME_WORDS.test(w)).length >= 2;

/** "we're telling them about the engagement tonight": news to be told, with its time — never "I'm telling you". */
const tellingAhead = (verb: string, rest: string | undefined) =>
  /^telling$/iu.test(verb) &&
  /^\s*(?:them|him|her|my\s+\S+|our\s+\S+|\p{Lu}\S*)\s+(?:about|that)\s/u.test(rest ?? '') &&
  AHEAD.test(rest ?? '') &&
  contentWords((rest ?? '').replace(/^.*?\b(?:about|that)\s+/u, '')).filter((w) => !TIME_WORDS.test(w))
    .length >= 1;

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

/** "I could live on tacos", "I could eat sushi every day": a liking. */
const COULD_FOREVER =
  /^I\s+could\s+(?:honestly\s+|literally\s+|happily\s+)?(?:live\s+on|eat|watch|listen\s+to|drink|read)\s+\S/iu;

/** Praise, not a fact: "my mom is the best", "my dog is so cute". */
const PRAISE =
  /^\s*(?:(?:so|such|the|a|an|really|very|literally|just|too|super|the\s+absolute)\s+)*(?:[\p{L}]+\s+)?(?:best|worst|cute|cutest|sweet|sweetest|funny|funniest|amazing|awesome|great|greatest|annoying|crazy|adorable|lovely|wonderful|perfect|silly|weird|wild|nuts|hilarious|precious|dramatic|extra|rude|mean|lazy|stubborn|clingy|chaotic|loud|needy|smart|dumb|stupid|jealous|grumpy|moody|picky|spoiled|ridiculous|obsessed|cool|nice|proud)[\s!.…]*(?:ever|lol|haha|honestly|tbh)?[\s!.…]*$/iu;

export function sentenceFinding(sentence: string): ConversationFinding | null {
  const s = sentence
    .trim()
    .replace(/[.!…]+$/u, '')
    // "thinking about opening a little bakery, maybe": a plan being weighed, said as one.
    .replace(
      /^((?:(?:I'?m|I’m|I am|we'?re|we’re|we are)\s+)?thinking\s+(?:about|of)\s+[\p{L}]+ing\b.*?),?\s+maybe$/iu,
      '$1',
    )
    // "…in the spring, maybe near the university": the hedge is of a detail after the comma.
    .replace(
      /^(.{12,}?),\s*(?:maybe|probably|possibly|perhaps)\s+(?:near|in|at|by|around|on|with|for|somewhere|like)\b[^,;]*$/iu,
      '$1',
    )
    .replace(/^(?:Yesterday|Today|Tonight|Earlier|Last|This|On|Over)\b/u, (w) => w.toLowerCase());
  // "…, you should come": an invitation to the other speaker, not a hedge of the statement.
  // "I could live on tacos": a liking said as what the speaker could do, not a hedge.
  if (HEDGE.test(withoutInvitation(s)) && !COULD_FOREVER.test(s)) return null;
  // "We decided to…" is a decision (extractive.ts's rule), not a plan of one speaker.
  if (/^we(?:'ve|’ve|\s+have)?\s+decided\b/iu.test(s)) return null;
  let m: RegExpExecArray | null = FAVOURITE.exec(s);
  if (m && objectOk(m.groups!.rest)) return { type: 'preference', kind: 'preference', priority: 3 };
  m = FEELING.exec(s);
  if (
    m &&
    GOOD_FEELINGS.test(m.groups!.feeling!) &&
    objectOk(m.groups!.subject) &&
    contentWords(m.groups!.subject!).length > 0
  )
    return { type: 'preference', kind: 'preference', priority: 3 };
  m = HAPPY_PLACE.exec(s);
  if (m && objectOk(m.groups!.subject)) return { type: 'preference', kind: 'preference', priority: 3 };
  m = LIKING_SAID.exec(s);
  if (m) {
    const what = Object.values(m.groups!).find((v) => v !== undefined) ?? '';
    // "I hate when that happens": a moment, not a thing liked or hated ("I hate when people chew loudly" is one).
    if (/^\s*(?:when|whenever|if)\s+(?:that|it|this|you|u|he|she|they)\b/iu.test(what)) return null;
    // "X is the best": a liking when X is a thing done or had ("rainy days with a good book"), not
    // a person praised ("my mom is the best", "my band is the best").
    const best = m.groups!.l !== undefined;
    if (objectOk(what) && contentWords(what).length >= (best ? 2 : 1) && !(best && KIN_SUBJECT.test(what)))
      return { type: 'preference', kind: 'preference', priority: 3 };
  }
  m = LIKING.exec(s) ?? INTO.exec(s);
  // "I'm obsessed with this new sourdough recipe": a new thing, not a pronoun.
  if (
    m &&
    // "I prefer not to talk about it": a wish of the moment.
    !/^\s*(?:not|to\s+not)\b/iu.test(m.groups!.rest!) &&
    // "… with this podcast about shipwrecks": "this" and what it is, not "this" alone.
    objectOk(
      m.groups!.rest!.replace(
        contentWords(m.groups!.rest!).length >= 2
          ? /^\s*(?:this|these)\s+/iu
          : /^\s*(?:this|these)\s+(?=new\s)/iu,
        '',
      ),
    ) &&
    contentWords(m.groups!.rest!).length >= 1
  )
    return { type: 'preference', kind: 'preference', priority: 3 };
  m = LIKING_INSIDE.exec(s);
  if (m && objectOk(m.groups!.rest) && contentWords(m.groups!.rest!).length >= 2)
    return { type: 'preference', kind: 'preference', priority: 3 };
  m = IDENTITY.exec(s);
  if (m || STATE.test(s)) return { type: 'profile', kind: 'profile', priority: 3 };
  if (AT_REGULARLY.test(s)) return { type: 'profile', kind: 'profile', priority: 3 };
  m = HABIT.exec(s);
  if (
    m &&
    objectOk(m.groups!.rest) &&
    (contentWords(m.groups!.rest!).length >= 2 || /\p{Lu}|\p{N}/u.test(m.groups!.rest!))
  )
    return { type: 'profile', kind: 'profile', priority: 3 };
  if (MINE_CHANGED.test(s) || DONE_TO_ME.test(s)) return { type: 'event', kind: 'event', priority: 3 };
  m = ASKED_ME.exec(s);
  if (
    m &&
    !NOT_THIRD_PARTY.test(m.groups!.who!) &&
    !NOT_PLAN.test(m.groups!.rest!) &&
    contentWords(m.groups!.rest!).length >= (/\sto\s*$/u.test(m[0].slice(0, -m.groups!.rest!.length)) ? 3 : 2)
  )
    return { type: 'event', kind: 'plan', priority: 3 };
  // "Maya lost her first tooth yesterday", "Jake passed his driving test": a person of the
  // speaker's world, named, and a thing of their own.
  m = NAMED_EVENT.exec(s);
  if (
    m &&
    !NOT_THIRD_PARTY.test(m.groups!.who!) &&
    pastEvent(m.groups!.verb!) &&
    objectOk(m.groups!.rest) &&
    (contentWords(m.groups!.rest!).length >= 2 || DATED.test(m.groups!.rest!))
  )
    return { type: 'entity', kind: 'relationship', priority: 3 };
  // "Kira started daycare this week": a named person's event with its time.
  m = NAMED_DATED_EVENT.exec(s);
  if (
    m &&
    !NOT_THIRD_PARTY.test(m.groups!.who!) &&
    pastEvent(m.groups!.verb!) &&
    DATED.test(m.groups!.rest!) &&
    objectOk(m.groups!.rest) &&
    contentWords(m.groups!.rest!).filter((w) => !TIME_WORDS.test(w)).length >= 1
  )
    return { type: 'entity', kind: 'relationship', priority: 3 };
  m = NAMED_NEWS.exec(s);
  if (m && !NOT_THIRD_PARTY.test(m.groups!.who ?? m.groups!.who2 ?? ''))
    return { type: 'entity', kind: 'relationship', priority: 3 };
  m = WENT_WELL.exec(s);
  if (
    m &&
    contentWords(m.groups!.what!).length >= 1 &&
    !/^(?:day|night|week|weekend|time|morning)$/iu.test(m.groups!.what!)
  )
    return { type: 'event', kind: 'event', priority: 3 };
  m = CALLED_OFF.exec(s);
  if (m && !NOT_THIRD_PARTY.test(m.groups!.who!)) return { type: 'event', kind: 'event', priority: 3 };
  m = PRONOUN_PLAN.exec(s);
  if (m && (AHEAD.test(m.groups!.rest!) || PLAN_TARGET.test(m.groups!.rest!.trim())))
    return { type: 'event', kind: 'plan', priority: 3 };
  m = NEVER_AGAIN.exec(s);
  if (m && objectOk(m.groups!.rest)) return { type: 'preference', kind: 'preference', priority: 3 };
  m = LIFE_EVENT.exec(s);
  if (m) return { type: 'event', kind: m.groups!.verb === 'got' ? 'event' : 'plan', priority: 3 };
  m = THIRD_PARTY_CHANGE.exec(s);
  if (
    m &&
    !NOT_THIRD_PARTY.test(m.groups!.who!) &&
    THIRD_PARTY_TARGET.test(m.groups!.target!.trim()) &&
    contentWords(m.groups!.thing!).length >= 1
  )
    return { type: 'event', kind: 'plan', priority: 3 };
  m = SUBJECTLESS_PLAN.exec(s);
  if (
    m &&
    contentWords(m.groups!.rest!).length >= (/^thinking/iu.test(s) ? 1 : 2) &&
    objectOk(m.groups!.rest)
  )
    return { type: 'event', kind: 'plan', priority: 3 };
  m = PRESENT_PLAN.exec(s);
  if (m && AHEAD.test(s) && contentWords(m.groups!.rest!).filter((w) => !TIME_WORDS.test(w)).length >= 1)
    return { type: 'event', kind: 'plan', priority: 3 };
  m = SCHEDULED.exec(s);
  if (
    m &&
    !NOT_SCHEDULED.test(m.groups!.subject!) &&
    // "I just realized it's Friday": a clause's own subject, not a thing on a date.
    !/^(?:I|we|you|u|he|she|they|it|that|this)\b/iu.test(m.groups!.subject!) &&
    contentWords(m.groups!.subject!).length >= 1
  )
    return { type: 'event', kind: /\s(?:was|were)\s/iu.test(m[0]) ? 'event' : 'plan', priority: 3 };
  if (ENGAGEMENT.test(s) || APPOINTMENT.test(s) || (MINE_AHEAD.test(s) && AHEAD.test(s)))
    return { type: 'event', kind: 'plan', priority: 3 };
  m = HAVE.exec(s);
  if (m) return { type: 'entity', kind: 'relationship', priority: 3 };
  if (
    /^(?:I|we)(?:'ve|’ve|\s+have)\s+been\s+(?:married|together|engaged|dating|sober|clean|vegan|vegetarian|smoke-free|cancer-free|debt-free)\s+(?:for\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|since|almost|over|nearly)\b/iu.test(
      s,
    )
  )
    return { type: 'entity', kind: 'relationship', priority: 3 };
  // "this is my new kitten. his name is Mango": the sentence before, which shows who, is in the quote.
  if (THEIR_NAME.test(s)) return { type: 'entity', kind: 'relationship', priority: 3 };
  m = RELATION.exec(s);
  if (
    m &&
    !PRAISE.test(m.groups!.rest ?? '') &&
    // "my husband is snoring lol", "our neighbor is mowing at 7am": what they do this minute —
    // unless its time is ahead ("my dad is retiring next month") or more is said ("is moving to Denver").
    (!/^\s*(?:is|are|'s|’s)?\s*[\p{L}]+ing\b/iu.test(m.groups!.rest ?? '') ||
      (AHEAD.test(m.groups!.rest ?? '') &&
        !/^\s*(?:is|are)?\s*[\p{L}]+ing\s+(?:rn|now|tonight)\b/iu.test(m.groups!.rest ?? '')) ||
      contentWords(m.groups!.rest ?? '').filter((w) => !TIME_WORDS.test(w) && !/^\d/u.test(w)).length >= 2) &&
    // "Mom is going to cry so much": a reaction foretold, not a plan.
    !/^\s*(?:(?:is|are|was|were)\s+)?(?:going\s+to|gonna|about\s+to)\s+(?:\S+\s+)?(?:cry|die|scream|freak|lose\s+it|kill|explode|faint|melt|flip)\b/iu.test(
      m.groups!.rest ?? '',
    ) &&
    contentWords(m.groups!.rest ?? '').length >=
      // "the cat moved to the couch", "Dad made his point": without "my", more must be said.
      ((/^(?:\S+\s+){1,5}?(?:are|were)\b/iu.test(s) && !/\s(?:are|were)\s+[\p{L}]+ing\b/iu.test(s)) ||
      !/^(?:my|our)\s/iu.test(s)
        ? 2
        : 1)
  )
    return { type: 'entity', kind: 'relationship', priority: 3 };
  m = MINE_DID.exec(s);
  if (
    m &&
    !NOT_EVENTS.test(m.groups!.verb!) &&
    !/\b(?:is|are|was|were|has|have|had|got|did)$/iu.test(m.groups!.thing!) &&
    contentWords(m.groups!.rest!).filter((w) => !TIME_WORDS.test(w)).length >= 1 &&
    !/^\s*(?:me|us|you|him|her|them)\b/iu.test(m.groups!.rest!)
  )
    return { type: 'event', kind: 'event', priority: 3 };
  m = WAS_DONE.exec(s);
  if (m && (m.groups!.where === undefined || DATED.test(m.groups!.where)))
    return { type: 'event', kind: 'event', priority: 3 };
  m = PLAN.exec(s);
  if (m && planObjectOk(m.groups!.rest!) && objectOk(m.groups!.rest) && saysWhatIsPlanned(m.groups!.rest!))
    return { type: 'event', kind: 'plan', priority: 3 };
  m = PLAN_WILL.exec(s);
  if (m && planObjectOk(m.groups!.rest!) && eventObjectOk(m.groups!.rest))
    return { type: 'event', kind: 'plan', priority: 3 };
  m = THE_PLAN.exec(s);
  if (m && planObjectOk(m.groups!.rest!) && contentWords(m.groups!.rest!).length >= 2)
    return { type: 'event', kind: 'plan', priority: 3 };
  // "we already found something. Theo's aunt has a barn…": what was found is told in what follows.
  if (
    /^(?:I|i|we|We)\s+(?:already|finally|just)\s+found\s+(?:something|someone|somebody|one|a\s+(?:place|spot|venue|sitter|house|apartment))\b/u.test(
      s,
    )
  )
    return { type: 'event', kind: 'event', priority: 3 };
  m = DONE_WITH.exec(s);
  if (m && objectOk(m.groups!.rest)) return { type: 'event', kind: 'event', priority: 3 };
  m = BEEN_ING.exec(s);
  if (m && !NOT_ONGOING.test(m.groups!.verb!) && objectOk(m.groups!.rest))
    return { type: 'event', kind: 'event', priority: 3 };
  m = ING_AHEAD.exec(s);
  if (
    m &&
    AHEAD.test(s) &&
    !NOT_ONGOING.test(m.groups!.verb ?? '') &&
    !/^(?:nothing|something|anything|everything|morning|evening|thing|wedding|king|spring|ceiling|building|during|sibling|darling|ring|sing|bring)$/iu.test(
      m.groups!.verb ?? '',
    ) &&
    planObjectOk(m.groups!.rest!) &&
    !/^\s*(?:to\s+)?(?:bed|sleep|crash|nap|shower|work|school|class|the\s+gym|lunch|dinner|breakfast)\b[\s,]*(?:now|soon|early|tonight|$)/iu.test(
      m.groups!.rest!,
    ) &&
    contentWords(m.groups!.rest!).filter((w) => !TIME_WORDS.test(w)).length >= 1
  )
    return { type: 'event', kind: 'plan', priority: 3 };
  m = SETTLED.exec(s);
  if (m && SETTLED_PLACE.test(m.groups!.rest!) && objectOk(m.groups!.rest))
    return { type: 'event', kind: 'event', priority: 3 };
  m = ONGOING.exec(s);
  if (
    m &&
    (!NOT_ONGOING.test(m.groups!.verb!) ||
      doingSomething(m.groups!.verb!, m.groups!.rest) ||
      lookingFor(m.groups!.verb!, m.groups!.rest) ||
      tellingAhead(m.groups!.verb!, m.groups!.rest)) &&
    // "I'm calling it a success", "we're doing it": the thing is elsewhere (unless a time says when).
    !/^\s*(?:you|your|u)\b/iu.test(m.groups!.rest ?? '') &&
    (!/^\s*(?:it|that|this)\b/iu.test(m.groups!.rest ?? '') || AHEAD.test(s)) &&
    // "I'm watching the game rn": what the speaker is doing this minute.
    !/\b(?:rn|right\s+now|atm|at\s+the\s+moment)\b/iu.test(s) &&
    // "I'm making dinner, ttyl": a chore of the moment, not something in the speaker's life.
    // "I'm running late, 10 min", "we're running out of milk".
    !/^\s*(?:late|behind|early|low|out\s+of)\b/iu.test(m.groups!.rest ?? '') &&
    contentWords(m.groups!.rest ?? '').some((w) => !CHORE_WORDS.has(w) && !TIME_WORDS.test(w))
  )
    return { type: 'event', kind: 'event', priority: 3 };
  // "I went…", and with its auxiliary, "I've lived in Portland for ten years", "we had adopted…".
  for (const pattern of [EVENT, PERFECT_EVENT]) {
    m = pattern.exec(s);
    if (!m) continue;
    const verb = m.groups!.verb!.toLowerCase();
    const past = PAST_VERB_SET.has(verb) || (/^[a-z]{3,}ed$/u.test(verb) && !NOT_EVENTS.test(verb));
    if (past && !NOT_EVENTS.test(verb) && eventObjectOk(m.groups!.rest, verb))
      return { type: 'event', kind: 'event', priority: 3 };
  }
  m = SUBJECTLESS_EVENT.exec(s);
  if (
    m &&
    objectOk(m.groups!.rest) &&
    !ROUTINE.test(m.groups!.rest!) &&
    contentWords(m.groups!.rest!).length >= 2
  )
    return { type: 'event', kind: 'event', priority: 3 };
  m = DATED_ED_EVENT.exec(s);
  if (
    m &&
    !NOT_EVENTS.test(m.groups!.verb!) &&
    DATED.test(m.groups!.rest!) &&
    eventObjectOk(m.groups!.rest, m.groups!.verb)
  )
    return { type: 'event', kind: 'event', priority: 3 };
  m = SUBJECTLESS_ED_EVENT.exec(s);
  // "just checked, it's at 5": the verb stands alone, the comma starts another clause.
  if (
    m &&
    !NOT_EVENTS.test(m.groups!.verb!) &&
    !/^\s*[,;:–—-]/u.test(m.groups!.rest!) &&
    eventObjectOk(m.groups!.rest, m.groups!.verb)
  )
    return { type: 'event', kind: 'event', priority: 3 };
  return null;
}
