/**
 * The estimator's constants, fitted piece by piece against o200k_base on bench/corpus (never on
 * bench/corpus-held-out), and the lookup tables built from them.
 */

import {
  ASTRAL,
  CJK_PUNCT,
  CLASS_COUNT,
  CYRILLIC,
  DINGBAT,
  EMOJI,
  GREEK,
  HAN,
  HANGUL,
  HIRAGANA,
  JOINER,
  KATAKANA,
  OTHER_LETTER,
  SYMBOL,
} from './class-ids.js';

/** A word after a space is one token up to this many letters (" understanding" is one token)… */
export const SPACED_WORD_FREE_LETTERS = 6;
/** …and costs this much per further letter. */
export const SPACED_WORD_TOKENS_PER_LETTER = 0.08;
/** A word with no space before it (identifiers, camelCase parts, after a newline) splits sooner. */
export const BARE_WORD_FREE_LETTERS = 5;
export const BARE_WORD_TOKENS_PER_LETTER = 0.06;
/** ALL-CAPS words split more often than lowercase ones ("WATERMARK" is W|ATER|MARK). */
export const CAPS_WORD_FREE_LETTERS = 2;
export const CAPS_WORD_TOKENS_PER_LETTER = 0.12;
/**
 * Every letter pair that is rare in English costs about one more token: random strings, base64,
 * names and foreign words fall apart into short tokens. The pairs below were seen fewer than 3
 * times per 100 000 letter pairs in ~2.3 million pairs of English Markdown (node_modules docs).
 */
export const RARE_BIGRAM_TOKENS = 1.4;
const RARE_NEXT_LETTERS: Readonly<Record<string, string>> = {
  a: 'hoq',
  b: 'gknqvwx',
  c: 'gjnqwxz',
  d: 'qxz',
  e: 'z',
  f: 'ghkmqvwxz',
  g: 'bdjkqwx',
  h: 'bcdfghjkqvwxz',
  i: 'hqwy',
  j: 'bcdfghjklmnqtwxz',
  k: 'bchjkmqtvwxyz',
  l: 'qxz',
  m: 'hkqrwxz',
  n: 'qwxz',
  o: 'hq',
  p: 'fjqwz',
  q: 'abcdefghijkmnopqrstvwxyz',
  r: 'jqz',
  s: 'jz',
  t: 'kqz',
  u: 'hjqvwxyz',
  v: 'bcdfhjklmpqrtwxyz',
  w: 'bdfjkmpquvxyz',
  x: 'bdfgklmnqrsvwz',
  y: 'jkquvxyz',
  z: 'bcdfghjkmnpqrstuvwxy',
};
/** Each accented Latin letter ("é", "ß", "ń") usually splits its word once more. */
export const ACCENTED_LETTER_TOKENS = 0.8;
/** A word glued to one punctuation char: ".get", "_id", "(self" are tokens of their own… */
export const CODE_PREFIX_TOKENS = 0.15;
const CODE_PREFIXES = "._('\\<@$#";
/** …while "/checkout", "=paid", "?limit", "[Fri" mostly split after the punctuation. */
export const PUNCT_PREFIX_TOKENS = 0.6;
/** A punctuation run ("});\n", "\",\n") is one token up to this many distinct chars… */
export const PUNCT_RUN_FREE_CHARS = 3;
/** …then nearly one per further char; a repeated char ("-----", "=====") merges cheaply. */
export const PUNCT_TOKENS_PER_CHAR = 0.9;
export const PUNCT_REPEAT_TOKENS = 1 / 64;
/** o200k has single tokens for runs of up to ~128 spaces or newlines. */
export const WHITESPACE_CHARS_PER_TOKEN_SHIFT = 7;

// Per code point, by class (see classifyWide in classes.ts).
const CYRILLIC_TOKENS = 0.31;
const GREEK_TOKENS = 0.46;
/** Arabic, Hebrew, Indic, Thai, …: only spot-checked on a sentence each (0.33–0.43 per char). */
const OTHER_LETTER_TOKENS = 0.42;
/**
 * Han, hiragana and katakana were refitted together (issue 11) on the tuning corpus after the
 * technical Chinese and Japanese additions: o200k has whole tokens for many technical words, and
 * for katakana loanwords above all (デプロイ, コンテナ), so katakana costs far less per code point
 * than hiragana. The fit kept every tuning document at least 2 % high after ESTIMATE_MARGIN.
 */
const HAN_TOKENS = 0.81;
const HIRAGANA_TOKENS = 0.84;
const KATAKANA_TOKENS = 0.65;
const HANGUL_TOKENS = 0.86;
const CJK_PUNCT_TOKENS = 0.9;
/** Arrows, maths, box drawing: mostly one token each; a repeated one ("────") merges. */
export const SYMBOL_TOKENS = 1;
export const SYMBOL_REPEAT_TOKENS = 0.2;
/** U+2600–U+27BF (☀ ✅ ❤): text-style emoji, one to three tokens. */
const DINGBAT_TOKENS = 1.6;
/** Pictographic emoji: the common ones are one token, most two, newer ones three or four. */
const EMOJI_TOKENS = 2.2;
/** Zero-width joiner, variation selectors, skin tones, keycaps, tags. */
const JOINER_TOKENS = 0.9;
/** Any other code point outside the BMP (CJK extensions, maths letters): 2–4 byte tokens. */
const ASTRAL_TOKENS = 3;

export const PER_CODE_POINT_TOKENS = new Float64Array(CLASS_COUNT);
PER_CODE_POINT_TOKENS[CYRILLIC] = CYRILLIC_TOKENS;
PER_CODE_POINT_TOKENS[GREEK] = GREEK_TOKENS;
PER_CODE_POINT_TOKENS[OTHER_LETTER] = OTHER_LETTER_TOKENS;
PER_CODE_POINT_TOKENS[HAN] = HAN_TOKENS;
PER_CODE_POINT_TOKENS[HIRAGANA] = HIRAGANA_TOKENS;
PER_CODE_POINT_TOKENS[KATAKANA] = KATAKANA_TOKENS;
PER_CODE_POINT_TOKENS[HANGUL] = HANGUL_TOKENS;
PER_CODE_POINT_TOKENS[CJK_PUNCT] = CJK_PUNCT_TOKENS;
PER_CODE_POINT_TOKENS[SYMBOL] = SYMBOL_TOKENS;
PER_CODE_POINT_TOKENS[DINGBAT] = DINGBAT_TOKENS;
PER_CODE_POINT_TOKENS[EMOJI] = EMOJI_TOKENS;
PER_CODE_POINT_TOKENS[JOINER] = JOINER_TOKENS;
PER_CODE_POINT_TOKENS[ASTRAL] = ASTRAL_TOKENS;

export const IS_CODE_PREFIX = new Uint8Array(128);
for (const char of CODE_PREFIXES) IS_CODE_PREFIX[char.charCodeAt(0)] = 1;

export const IS_RARE_BIGRAM = new Uint8Array(26 * 26);
for (const [first, nexts] of Object.entries(RARE_NEXT_LETTERS)) {
  for (const next of nexts) IS_RARE_BIGRAM[(first.charCodeAt(0) - 0x61) * 26 + next.charCodeAt(0) - 0x61] = 1;
}
