/**
 * The recall analyzer (MEMORY.md §4): the terms a memory is indexed under and a query searches
 * with, one function for both sides so they always agree.
 *
 * - Words (any script written with spaces) are case-folded (NFKC); English stop words drop out;
 *   an ASCII word also yields its Porter stem, so "preferred" finds "prefers". A word and its stem
 *   form one *group*: a query group matches once, whichever of its forms a memory holds.
 * - Identifiers with inner punctuation (`pg_trgm`, `api.example.com`, `v1.2.3`, `src/db/client.ts`)
 *   stay whole, and their parts are words of their own.
 * - Chinese, Japanese and Korean runs yield overlapping character bigrams (a lone character
 *   stands for itself): no dictionary, and the same text gives the same bigrams wherever it
 *   appears. Bigrams of hiragana only are particles and inflections ("ます", "です"), not meaning,
 *   and are dropped.
 */
import { stemmer } from 'stemmer';

/** A lexeme in PostgreSQL's tsvector is at most 2,047 bytes; ours stay far below. */
const MAX_TERM_CHARS = 64;

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+/gu;
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
/** A word: letters, marks and digits, with inner `_ . - / : @` joining an identifier. */
const WORD = /[\p{L}\p{M}\p{N}_]+(?:[.\-/:@][\p{L}\p{M}\p{N}_]+)*/gu;
const APOSTROPHES = /['\u2019]/g;
const PART = /[\p{L}\p{M}\p{N}]+/gu;
const ASCII_LETTERS = /^[a-z]+$/;

// Function words that carry no meaning in a question or a fact ("what is my …", "I use …").
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have ' +
    'having he her here hers herself him himself his how i if in into is it its itself just let me more most ' +
    'my myself no nor not now of off on once only or other our ours ourselves out over own same she should so ' +
    'some such than that the their theirs them themselves then there these they this those through to too ' +
    'under until up very was we were what when where which while who whom why will with would you your yours ' +
    'yourself yourselves im ive id ill youre dont doesnt didnt isnt arent wasnt cant wont also tell remind ' +
    'please know ever still us one whats hows wheres whos thats lets'
  ).split(' '),
);

/** One meaning a text carries: its forms (a word and its stem; an identifier; a bigram). */
export type TermGroup = readonly string[];

const clipTerm = (term: string): string => Array.from(term).slice(0, MAX_TERM_CHARS).join('');

function cjkGroups(run: string, out: TermGroup[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    if (!HIRAGANA_ONLY.test(run)) out.push([run]);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) {
    const bigram = chars[i]! + chars[i + 1]!;
    if (!HIRAGANA_ONLY.test(bigram)) out.push([bigram]);
  }
}

function wordGroup(bare: string): TermGroup | null {
  if (bare.length < 2) return null;
  if (STOP_WORDS.has(bare)) return null;
  if (!ASCII_LETTERS.test(bare)) return [clipTerm(bare)];
  const stem = stemmer(bare);
  return stem === bare || stem.length < 2 ? [bare] : [bare, stem];
}

/** The groups of a text, in order of appearance, each once. */
export function termGroups(text: string): TermGroup[] {
  const folded = text.normalize('NFKC').toLowerCase();
  const groups: TermGroup[] = [];
  for (const run of folded.match(CJK_RUN) ?? []) cjkGroups(run, groups);
  const latin = folded.replace(CJK_RUN, ' ').replace(APOSTROPHES, '');
  for (const word of latin.match(WORD) ?? []) {
    const parts = word.match(PART) ?? [];
    if (parts.length > 1) groups.push([clipTerm(word)]);
    for (const part of parts) {
      const group = wordGroup(part);
      if (group) groups.push(group);
    }
  }
  const seen = new Set<string>();
  return groups.filter((group) => {
    const key = group[0]!;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every form of every group: what a memory is indexed under. */
export function indexTerms(text: string): string[] {
  return [...new Set(termGroups(text).flat())];
}
