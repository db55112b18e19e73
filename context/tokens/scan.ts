/** The scan: one pass over char codes that mirrors o200k's pre-tokenizer, piece by piece. */

import * as fitted from './calibration.js';
import * as ids from './class-ids.js';
import * as classes from './classes.js';

// Bound to module-local consts on purpose: V8 reads an imported (or exported) binding through a
// module cell on every access and does not constant-fold it. With plain imports the split
// estimator ran at ~106 MB/s against ~129 MB/s for the single-file one (same process, alternating
// samples over bench/corpus); destructuring once at load gives plain consts again.
const {
  ACCENTED_LETTER_TOKENS,
  BARE_WORD_FREE_LETTERS,
  BARE_WORD_TOKENS_PER_LETTER,
  CAPS_WORD_FREE_LETTERS,
  CAPS_WORD_TOKENS_PER_LETTER,
  CODE_PREFIX_TOKENS,
  IS_CODE_PREFIX,
  IS_RARE_BIGRAM,
  PER_CODE_POINT_TOKENS,
  PUNCT_PREFIX_TOKENS,
  PUNCT_REPEAT_TOKENS,
  PUNCT_RUN_FREE_CHARS,
  PUNCT_TOKENS_PER_CHAR,
  RARE_BIGRAM_TOKENS,
  SPACED_WORD_FREE_LETTERS,
  SPACED_WORD_TOKENS_PER_LETTER,
  SYMBOL_REPEAT_TOKENS,
  SYMBOL_TOKENS,
  WHITESPACE_CHARS_PER_TOKEN_SHIFT,
} = fitted;
const {
  ACCENTED,
  ASTRAL,
  CJK_PUNCT,
  CYRILLIC,
  DIGIT,
  DINGBAT,
  EMOJI,
  JOINER,
  LOWER,
  NEWLINE,
  PUNCT,
  SPACE,
  SYMBOL,
  UPPER,
} = ids;
const { ASCII_CLASS, classAt, classifyWide, isLetterClass, startsSurrogatePair } = classes;

/** Scanner state shared by the piece scanners below (one object per call, no allocation per piece). */
interface Scan {
  tokens: number;
  /** The previous whitespace run left its last char as the prefix of the next piece. */
  spaced: boolean;
}

/** A word piece: Upper* then (lower | accented)* — o200k splits "getUserName" into get|User|Name. */
function scanWord(text: string, start: number, spaced: boolean, scan: Scan): number {
  const length = text.length;
  let index = start;
  let upper = 0;
  let lower = 0;
  let accented = 0;
  let rare = 0;
  let previous = -1; // the previous letter as 0..25, or -1
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x41 || code > 0x5a) break;
    const letter = code - 0x41;
    if (previous >= 0) rare += IS_RARE_BIGRAM[previous * 26 + letter]!;
    previous = letter;
    upper++;
  }
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x61 && code <= 0x7a) {
      const letter = code - 0x61;
      if (previous >= 0) rare += IS_RARE_BIGRAM[previous * 26 + letter]!;
      previous = letter;
      lower++;
    } else if (code >= 0x80 && classifyWide(code) === ACCENTED) {
      previous = -1;
      accented++;
    } else break;
  }
  const letters = upper + lower + accented;
  let cost: number;
  if (upper > 1 && letters === upper) {
    cost = 1 + Math.max(0, upper - CAPS_WORD_FREE_LETTERS) * CAPS_WORD_TOKENS_PER_LETTER;
  } else if (spaced) {
    cost = 1 + Math.max(0, letters - SPACED_WORD_FREE_LETTERS) * SPACED_WORD_TOKENS_PER_LETTER;
  } else {
    cost = 1 + Math.max(0, letters - BARE_WORD_FREE_LETTERS) * BARE_WORD_TOKENS_PER_LETTER;
  }
  scan.tokens += cost + accented * ACCENTED_LETTER_TOKENS + rare * RARE_BIGRAM_TOKENS;
  return index;
}

/**
 * A whitespace run: up to its last newline is one piece; after that, the last space or tab joins
 * the next word or punctuation (" foo", " {"), any spaces before it form one piece, and before a
 * digit the spaces stay apart (" 2024" is " " + "202" + "4").
 */
function scanWhitespace(text: string, start: number, scan: Scan): number {
  const length = text.length;
  let index = start;
  let lastNewline = -1;
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    const cls = code < 0x80 ? ASCII_CLASS[code] : classAt(text, index);
    if (cls === NEWLINE) lastNewline = index;
    else if (cls !== SPACE) break;
  }
  if (lastNewline >= 0) scan.tokens += 1 + ((lastNewline - start) >> WHITESPACE_CHARS_PER_TOKEN_SHIFT);
  const trailing = index - (lastNewline >= 0 ? lastNewline + 1 : start);
  if (trailing === 0) return index;
  scan.tokens += (trailing - 1) >> WHITESPACE_CHARS_PER_TOKEN_SHIFT;
  if (index >= length) scan.tokens += 1;
  else if (classAt(text, index) === DIGIT) scan.tokens += trailing > 1 ? 2 : 1;
  else {
    if (trailing > 1) scan.tokens += 1;
    scan.spaced = true;
  }
  return index;
}

/** A run of punctuation, symbols and emoji, with the newlines and slashes o200k glues to its end. */
function scanPunctuation(text: string, start: number, scan: Scan): number {
  const length = text.length;
  let index = start;
  let distinct = 0;
  let repeats = 0;
  let perCodePoint = 0;
  let previous = -1;
  while (index < length) {
    const code = text.charCodeAt(index);
    const cls = code < 0x80 ? ASCII_CLASS[code] : classAt(text, index);
    if (cls === PUNCT) {
      if (code === previous) repeats++;
      else distinct++;
    } else if (cls === SYMBOL) {
      perCodePoint += code === previous ? SYMBOL_REPEAT_TOKENS : SYMBOL_TOKENS;
    } else if (cls === DINGBAT || cls === EMOJI || cls === JOINER || cls === ASTRAL) {
      perCodePoint += PER_CODE_POINT_TOKENS[cls]!;
    } else break;
    previous = code;
    index += code >= 0xd800 && startsSurrogatePair(text, index) ? 2 : 1;
  }
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code !== 0x0a && code !== 0x0d && code !== 0x2f) break;
  }
  if (distinct > 0) {
    scan.tokens +=
      1 +
      Math.max(0, distinct - PUNCT_RUN_FREE_CHARS) * PUNCT_TOKENS_PER_CHAR +
      repeats * PUNCT_REPEAT_TOKENS;
  }
  scan.tokens += perCodePoint;
  return index;
}

/**
 * CJK, kana, hangul, Cyrillic, Greek and other scripts, charged per code point. A single space
 * between two such chars is free: it only prefixes the next piece.
 */
function scanScript(text: string, start: number, scan: Scan): number {
  const length = text.length;
  let index = start;
  let tokens = 0;
  while (index < length) {
    let at = index;
    let code = text.charCodeAt(at);
    if (code === 0x20) code = text.charCodeAt(++at); // NaN past the end: stops below
    if (!(code >= 0x80)) break;
    const cls = classifyWide(code);
    if (cls < CYRILLIC || cls > CJK_PUNCT) break;
    tokens += PER_CODE_POINT_TOKENS[cls]!;
    index = at + 1;
  }
  scan.tokens += tokens;
  return index;
}

/** The fitted estimate before ESTIMATE_MARGIN and rounding. */
export function rawTextTokens(text: string): number {
  const length = text.length;
  const scan: Scan = { tokens: 0, spaced: false };
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    // Fast path for the commonest piece: one space, then an ASCII word.
    if (code === 0x20 && index + 1 < length) {
      const next = text.charCodeAt(index + 1);
      if (next < 0x80 && (ASCII_CLASS[next] === LOWER || ASCII_CLASS[next] === UPPER)) {
        scan.spaced = false;
        index = scanWord(text, index + 1, true, scan);
        continue;
      }
    }
    const cls = code < 0x80 ? ASCII_CLASS[code]! : classAt(text, index);
    const spaced = scan.spaced;
    scan.spaced = false;
    if (cls === LOWER || cls === UPPER || cls === ACCENTED) {
      index = scanWord(text, index, spaced, scan);
    } else if (cls === DIGIT) {
      let end = index + 1;
      while (end < length && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++;
      scan.tokens += Math.ceil((end - index) / 3);
      index = end;
    } else if (cls === SPACE || cls === NEWLINE) {
      index = scanWhitespace(text, index, scan);
    } else if (cls === PUNCT && !spaced && index + 1 < length && isLetterClass(classAt(text, index + 1))) {
      // o200k glues one punctuation char to the word after it unless a space came first.
      scan.tokens += code < 0x80 && IS_CODE_PREFIX[code] === 1 ? CODE_PREFIX_TOKENS : PUNCT_PREFIX_TOKENS;
      index += 1;
    } else if (
      cls === PUNCT ||
      cls === SYMBOL ||
      cls === DINGBAT ||
      cls === EMOJI ||
      cls === JOINER ||
      cls === ASTRAL
    ) {
      index = scanPunctuation(text, index, scan);
    } else {
      index = scanScript(text, index, scan);
    }
  }
  return scan.tokens;
}
