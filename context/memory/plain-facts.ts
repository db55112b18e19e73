/**
 * Plainly stated facts about the user's world (docs/memory.md#plain-facts; issue 22 item 8):
 * "our staging DB is heron-staging-db, prod runs in eu-west-3, the codename is Bluefin" — no
 * "remember", yet worth keeping. English only. Precision first, so a fact is kept only when all of
 * these hold:
 *
 * - The user said it (never the assistant, a tool or a quoted reply), in a statement: not a
 *   question, a hypothetical or hedge ("if", "suppose", "maybe", "I think", "might"…), someone
 *   else's words ("Bob said", "according to", a quotation), code or a shell line, tool or log
 *   output, or a fenced block.
 * - A clause has the shape subject + verb + value. The subject is "our/my …", "the …" ending
 *   in a noun for the user's world (a database, host, region, codename, manager, office…), or a
 *   bare environment (prod, staging…). The verb is "is/are", "is called/named/codenamed", or one
 *   of place ("runs on", "is hosted in", "lives in", "sits in"…). The value is an exact identifier
 *   (a digit or one of `- _ . / : @ #` inside it, or an acronym), a proper name (capitalised
 *   words) or a backticked literal, and the clause ends right after it.
 * - The clause has no negation ("not", "n't", "no longer", "never").
 * - "I live in / I'm based in <Place>" is the user's own location.
 *
 * One sentence may state several facts, one per clause ("…, prod runs in …, the codename is …").
 * Each candidate's key (`fact:<subject>:<relation>`) lets a newer value supersede an older one.
 */
import { clip, MEMORY_ABSTRACT_MAX, normalizeMemoryKey } from './policy.js';
import type { MemoryCandidate, MemoryType } from './types.js';

/** The head noun of a "the …" subject: things of the user's world, not general knowledge. */
const WORLD_NOUNS: ReadonlySet<string> = new Set(
  (
    'codename name project product app application service api backend frontend repo repository monorepo ' +
    'bucket cluster database db datastore warehouse cache queue topic server host hostname machine instance vm ' +
    'node region zone datacenter domain url endpoint branch namespace account org organisation organization ' +
    'tenant vpn gateway wiki dashboard channel inbox mailbox alias email address port ip team manager lead boss ' +
    'designer engineer contact owner pm cto ceo cfo founder auditor customer client vendor office hq ' +
    'headquarters site deadline launch release version prefix handle username stack system platform registry ' +
    'image environment env pipeline runner ci laptop workstation tracker board key sprint milestone codebase bot'
  ).split(' '),
);
/** Either case of a keyword's first letter: the rules are case-sensitive, so names stay capitalised. */
const cased = (words: string) =>
  words
    .split('|')
    .map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`)
    .join('|');
const ENVIRONMENTS = cased('prod|production|staging|stage|dev|development|qa|uat|preprod|sandbox');
const WORD = "[\\p{L}\\p{N}][\\p{L}\\p{N}'’/-]*";
const SUBJECT =
  `(?<subject>(?:${cased('our|my')})\\s+(?:${WORD}\\s+){0,3}?${WORD}` +
  `|(?<definite>[Tt]he\\s+(?:${WORD}\\s+){0,4}?${WORD})` +
  `|(?:[Tt]he\\s+)?(?:${ENVIRONMENTS}))`;
const PLACE_VERB =
  '(?:is|are)\\s+(?:now\\s+)?(?:hosted|deployed|located|based|kept|stored|running)\\s+(?:in|on|at|to)' +
  '|(?:is|are)\\s+(?:in|on|at)|(?:lives?|runs?|sits?|resides?)\\s+(?:in|on|at)|points?\\s+to';
const NAME_VERB = '(?:is|are)\\s+(?:now\\s+)?(?:called|named|codenamed|known\\s+as)';
const VERB = `(?<verb>${PLACE_VERB}|${NAME_VERB}|(?:is|are)(?:\\s+now)?)`;
const IDENTIFIER = '[#@]?[\\p{L}\\p{N}](?:[\\p{L}\\p{N}_./:@-]*[\\p{L}\\p{N}])?';
const PROPER = "\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+){0,3}";
const VALUE = `(?:[\\p{Ll}\\p{N}-]+\\s+){0,2}?(?<value>\`[^\`\\n]{1,80}\`|${IDENTIFIER}|${PROPER})`;
/** Where a fact's value may end: the clause's end, or what follows it. */
const END =
  '(?=(?:\\s+(?:now|too|these\\s+days))?\\s*[.!]*\\s*$|\\s*[,;(]|\\s+(?:and|but|so|since|which|because|for|—|–|-)\\s)';
const LEAD = `(?:(?:${cased('and|also|btw|fyi|oh|so|plus|note that|note')}|BTW|FYI)[,:]?\\s+)?`;

const FACT_CLAUSE = new RegExp(`^${LEAD}(?<fact>${SUBJECT}\\s+${VERB}\\s+${VALUE})${END}`, 'u');
const USER_PLACE = new RegExp(
  `^${LEAD}(?<fact>I(?:'m|’m|\\s+am)?\\s+(?:live|living|based|located)\\s+in\\s+(?<value>${PROPER}))${END}`,
  'u',
);
const PLACE_VERB_ALONE = new RegExp(`^(?:${PLACE_VERB})$`, 'u');
const NAME_VERB_ALONE = new RegExp(`^(?:${NAME_VERB})$`, 'u');

const QUESTION = /[?？]\s*$/u;
const HEDGED =
  /\b(?:if|suppose|supposing|assume|assuming|imagine|hypothetically|what if|let'?s say|say that|in case|unless|whether|would|could|might|maybe|perhaps|probably|possibly|should|I think|I guess|I believe|not sure)\b/iu;
/** "may" hedges; "May" is a month. */
const MAY = /\bmay\b/u;
const REPORTED =
  /\b(?:said|says|told|tells|wrote|writes|claims?|claimed|according to|mentioned|heard|reckons?|thinks?|believes?|asked|rumou?red|apparently|supposedly)\b|["“”«»]/iu;
const CODE =
  /[{}=<>]|;\s*$|^\s*(?:\$|#\s|\/\/|--\s|(?:import|export|const|let|var|def|class|function|select|sudo)\s)/iu;
const LOG =
  /^\s*(?:\[[^\]]*\]|\d{4}-\d\d-\d\d|\d\d:\d\d|(?:ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL|TRACE|Traceback|Exception|npm ERR!|at)\b)/u;
const NEGATED = /\b(?:not|no longer|never|no|nor|neither|none|nobody)\b|n['’]t\b/iu;
/** A capitalised word that names nothing. */
const NOT_A_NAME = /^(?:I|A|An|The|It|This|That|These|Those|There|Here|Yes|No|Not|OK|Okay|True|False|None)$/u;

/** Whether a sentence can state a plain fact at all. */
export function mayStateFact(sentence: string): boolean {
  return ![QUESTION, HEDGED, MAY, REPORTED, CODE, LOG].some((pattern) => pattern.test(sentence));
}

/** An exact identifier (a digit, or `_ . / : @ -` inside, or a leading # or @), an acronym, a name or a literal. */
function isValue(value: string): boolean {
  if (value.startsWith('`')) return true;
  if (/^\p{Lu}/u.test(value)) return !NOT_A_NAME.test(value.split(/\s/u)[0]!);
  if (value.length < 3) return false;
  return /^[#@]|\p{N}|[\p{L}\p{N}][_./:@-][\p{L}\p{N}]/u.test(value);
}

/** A "the …" subject's head: the noun before "of/for/in/on …", else its last word. */
function headOf(definite: string): string {
  const words = definite.toLowerCase().split(/\s+/u).slice(1);
  const preposition = words.findIndex((w, i) => i > 0 && /^(?:of|for|in|on|at|to)$/u.test(w));
  return (preposition > 0 ? words[preposition - 1] : words[words.length - 1]) ?? '';
}

const relationOf = (verb: string): string =>
  PLACE_VERB_ALONE.test(verb) ? 'place' : NAME_VERB_ALONE.test(verb) ? 'name' : 'is';

/** The clauses of a sentence as verbatim slices: split at `,` and `;`, and at "and" before a new subject. */
function clausesOf(sentence: string): string[] {
  const out: string[] = [];
  const boundary = /[,;]\s+|\s+(?=and\s+(?:our|my|the|I)\b)/giu;
  let from = 0;
  for (const match of sentence.matchAll(boundary)) {
    out.push(sentence.slice(from, match.index));
    from = match.index + match[0].length;
  }
  out.push(sentence.slice(from));
  return out.filter((clause) => clause.trim().length > 0);
}

interface Fact {
  type: MemoryType;
  content: string;
  key: string;
}

function factOf(clause: string): Fact | null {
  const place = USER_PLACE.exec(clause);
  if (place?.groups && !NOT_A_NAME.test(place.groups.value!)) {
    return { type: 'profile', content: place.groups.fact!, key: 'profile:location' };
  }
  const groups = FACT_CLAUSE.exec(clause)?.groups;
  if (!groups || NEGATED.test(groups.fact!) || !isValue(groups.value!)) return null;
  if (groups.definite && !WORLD_NOUNS.has(headOf(groups.definite))) return null;
  const subject = groups
    .subject!.replace(/^(?:our|my|the)\s+/iu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ');
  return { type: 'entity', content: groups.fact!, key: `fact:${subject}:${relationOf(groups.verb!)}` };
}

/**
 * The plain facts a user's sentence states, each a candidate with its clause as content. The quote
 * is the whole sentence when it states one fact, the clause (a verbatim slice) when it states more.
 */
export function plainFactCandidates(sentence: string, priority = 3): MemoryCandidate[] {
  if (!mayStateFact(sentence)) return [];
  const facts = clausesOf(sentence)
    .map((clause) => ({ clause, fact: factOf(clause) }))
    .filter((f): f is { clause: string; fact: Fact } => f.fact !== null);
  return facts.map(({ clause, fact }) => ({
    type: fact.type,
    content: fact.content,
    abstract: clip(fact.content, MEMORY_ABSTRACT_MAX),
    key: normalizeMemoryKey(fact.key),
    quote: facts.length === 1 ? sentence : clause.trim().replace(/[.!]+$/u, ''),
    priority,
  }));
}

/** The [start, end) ranges of a message's fenced code blocks (``` … ```), unclosed ones to the end. */
export function fencedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const fence = /^[ \t]*(```|~~~)/gmu;
  let open: number | null = null;
  for (const match of text.matchAll(fence)) {
    if (open === null) open = match.index;
    else {
      ranges.push([open, match.index + match[0].length]);
      open = null;
    }
  }
  if (open !== null) ranges.push([open, text.length]);
  return ranges;
}
