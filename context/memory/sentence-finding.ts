/**
 * The rules of one chat sentence (docs/memory.md#conversation; issue 31): `sentenceFinding` reads
 * a sentence that opens with its first-person subject ("I", "we", "my mom and I", or a past verb:
 * "Started hitting the gym last week") and says which memory it states, if any — one ordered chain
 * of rules, the first that matches wins. conversation.ts finds such sentences inside what people
 * say (a clause after "so", an opening phrase, an emoji) and asks this chain about each; the
 * patterns are in conversation-patterns.ts. English only.
 */
import { contentWords, HEDGE } from './chat-guards.js';
import {
  AHEAD,
  APPOINTMENT,
  ASKED_ME,
  BEEN_ING,
  CALLED_OFF,
  DATED,
  DATED_ED_EVENT,
  DONE_TO_ME,
  DONE_WITH,
  ENGAGEMENT,
  EVENT,
  eventObjectOk,
  HAVE,
  ING_AHEAD,
  LIFE_EVENT,
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
import { likingFinding } from './liking-finding.js';
import type { MemoryType } from './types.js';

export interface ConversationFinding {
  type: MemoryType;
  kind: 'event' | 'plan' | 'preference' | 'relationship' | 'profile';
  priority: number;
}

/** The sentence without a closing invitation to the other speaker ("…, you should come"). */
export const withoutInvitation = (s: string) =>
  s.replace(/,\s*(?:you|wanna|want to|if you|lmk|we should|we could|let'?s|lets|u should|come)\b.*$/iu, '');

/** A past verb of an event: a known past form or an "-ed" word, and not one of `NOT_EVENTS`. */
export const pastEvent = (verb: string): boolean =>
  (PAST_VERB_SET.has(verb.toLowerCase()) || /^[a-z]{3,}ed$/u.test(verb)) && !NOT_EVENTS.test(verb);

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

/** "I could live on tacos", "I could eat sushi every day": a liking. */
const COULD_FOREVER =
  /^I\s+could\s+(?:honestly\s+|literally\s+|happily\s+)?(?:live\s+on|eat|watch|listen\s+to|drink|read)\s+\S/iu;

/** Praise, not a fact: "my mom is the best", "my dog is so cute". */
const PRAISE =
  /^\s*(?:(?:so|such|the|a|an|really|very|literally|just|too|super|the\s+absolute)\s+)*(?:[\p{L}]+\s+)?(?:best|worst|cute|cutest|sweet|sweetest|funny|funniest|amazing|awesome|great|greatest|annoying|crazy|adorable|lovely|wonderful|perfect|silly|weird|wild|nuts|hilarious|precious|dramatic|extra|rude|mean|lazy|stubborn|clingy|chaotic|loud|needy|smart|dumb|stupid|jealous|grumpy|moody|picky|spoiled|ridiculous|obsessed|cool|nice|proud)[\s!.…]*(?:ever|lol|haha|honestly|tbh)?[\s!.…]*$/iu;

/**
 * The memory a sentence that opens with its subject states, if any: after the hedges and "we
 * decided" (a decision, extractive-rules.ts) are ruled out, the rules in order, the first that
 * matches wins — likings, feelings and who the speaker is first (liking-finding.ts), then events,
 * plans and relationships.
 */
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
  const liking = likingFinding(s);
  if (liking !== null) return liking || null;
  let m: RegExpExecArray | null;
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
