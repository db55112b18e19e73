/**
 * The recall analyzer (docs/memory.md#recall): the terms a memory is indexed under and a query searches
 * with, one function for both sides so they always agree.
 *
 * - Words (any script written with spaces) are case-folded (NFKC); English stop words drop out;
 *   an ASCII word is keyed by its Porter stem, so "preferred" finds "prefers". A term is the word
 *   as written (shown to operators) and its key (what is indexed and looked up).
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

/** One meaning a text carries: the word as written (folded) and the key it is indexed under. */
export interface Term {
  word: string;
  key: string;
}

const clipTerm = (term: string): string => Array.from(term).slice(0, MAX_TERM_CHARS).join('');

const same = (word: string): Term => ({ word, key: word });

function cjkTerms(run: string, out: Term[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    if (!HIRAGANA_ONLY.test(run)) out.push(same(run));
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) {
    const bigram = chars[i]! + chars[i + 1]!;
    if (!HIRAGANA_ONLY.test(bigram)) out.push(same(bigram));
  }
}

function wordTerm(word: string): Term | null {
  if (word.length < 2 || STOP_WORDS.has(word)) return null;
  if (!ASCII_LETTERS.test(word)) return same(clipTerm(word));
  const stem = stemmer(word);
  return { word, key: stem.length < 2 ? word : stem };
}

/** The terms of a text, in order of appearance, each key once. */
export function textTerms(text: string): Term[] {
  const folded = text.normalize('NFKC').toLowerCase();
  const terms: Term[] = [];
  for (const run of folded.match(CJK_RUN) ?? []) cjkTerms(run, terms);
  const latin = folded.replace(CJK_RUN, ' ').replace(APOSTROPHES, '');
  for (const word of latin.match(WORD) ?? []) {
    const parts = word.match(PART) ?? [];
    if (parts.length > 1) terms.push(same(clipTerm(word)));
    for (const part of parts) {
      const term = wordTerm(part);
      if (term) terms.push(term);
    }
  }
  const seen = new Set<string>();
  return terms.filter((term) => {
    if (seen.has(term.key)) return false;
    seen.add(term.key);
    return true;
  });
}

/** The keys a memory is indexed under. */
export function indexTerms(text: string): string[] {
  return textTerms(text).map((term) => term.key);
}
