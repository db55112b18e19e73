/** Character classes: a code unit's class decides which piece scanner takes it. */

import * as ids from './class-ids.js';

// Module-local consts, not imported bindings, for classifyWide's speed: see the note in scan.ts.
const {
  LOWER,
  UPPER,
  ACCENTED,
  DIGIT,
  SPACE,
  NEWLINE,
  PUNCT,
  CYRILLIC,
  GREEK,
  OTHER_LETTER,
  HAN,
  HIRAGANA,
  KATAKANA,
  HANGUL,
  CJK_PUNCT,
  SYMBOL,
  DINGBAT,
  EMOJI,
  JOINER,
  ASTRAL,
  HIGH_SURROGATE,
} = ids;

export const ASCII_CLASS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  if (code >= 0x61 && code <= 0x7a) ASCII_CLASS[code] = LOWER;
  else if (code >= 0x41 && code <= 0x5a) ASCII_CLASS[code] = UPPER;
  else if (code >= 0x30 && code <= 0x39) ASCII_CLASS[code] = DIGIT;
  else if (code === 0x0a || code === 0x0d) ASCII_CLASS[code] = NEWLINE;
  else if (code === 0x20 || (code >= 0x09 && code <= 0x0c)) ASCII_CLASS[code] = SPACE;
  else ASCII_CLASS[code] = PUNCT;
}

/** The class of a UTF-16 code unit ≥ U+0080 (coarse Unicode blocks, enough for costing). */
export function classifyWide(code: number): number {
  if (code >= 0x4e00 && code < 0xa000) return HAN; // checked first: the commonest wide chars
  if (code >= 0xac00 && code < 0xd7b0) return HANGUL;
  if (code < 0xc0) return code === 0xa0 || code === 0x85 ? SPACE : PUNCT;
  if (code < 0x250) return code === 0xd7 || code === 0xf7 ? PUNCT : ACCENTED;
  if (code < 0x370) return ACCENTED; // IPA, modifier letters, combining marks
  if (code < 0x400) return GREEK;
  if (code < 0x530) return CYRILLIC;
  if (code < 0x1100) return OTHER_LETTER;
  if (code < 0x1200) return HANGUL; // jamo
  if (code < 0x1e00) return code === 0x1680 ? SPACE : OTHER_LETTER;
  if (code < 0x1f00) return ACCENTED; // Latin Extended Additional
  if (code < 0x2000) return GREEK;
  if (code < 0x2070) {
    if (code <= 0x200a || code === 0x202f || code === 0x205f) return SPACE;
    if (code === 0x2028 || code === 0x2029) return NEWLINE;
    if (code === 0x200c || code === 0x200d) return JOINER;
    return PUNCT; // dashes, quotes, ellipsis
  }
  if (code < 0x2c00) {
    if (code >= 0x20d0 && code < 0x2100) return JOINER; // combining marks for symbols, keycap
    return code >= 0x2600 && code < 0x27c0 ? DINGBAT : SYMBOL;
  }
  if (code < 0x2e00) return OTHER_LETTER;
  if (code < 0x2e80) return PUNCT;
  if (code < 0x3000) return HAN; // radicals
  if (code < 0x3040) {
    if (code === 0x3000) return SPACE;
    return code === 0x3005 || code === 0x3007 ? HAN : CJK_PUNCT;
  }
  if (code < 0x30a0) return HIRAGANA;
  if (code < 0x3100) return KATAKANA;
  if (code < 0x3130) return HAN; // bopomofo
  if (code < 0x3190) return HANGUL; // compatibility jamo
  if (code < 0x31f0) return HAN;
  if (code < 0x3200) return KATAKANA; // phonetic extensions
  if (code < 0x3400) return SYMBOL; // enclosed CJK, compatibility units
  if (code < 0xa000) return HAN;
  if (code < 0xac00) return OTHER_LETTER; // Yi, Vai, …
  if (code < 0xd800) return HANGUL;
  if (code < 0xdc00) return HIGH_SURROGATE;
  if (code < 0xe000) return ASTRAL; // lone low surrogate
  if (code < 0xf900) return SYMBOL; // private use
  if (code < 0xfb00) return HAN; // compatibility ideographs
  if (code < 0xfe00) return OTHER_LETTER;
  if (code < 0xfe10) return JOINER; // variation selectors
  if (code < 0xfe70) return CJK_PUNCT; // vertical and small forms
  if (code < 0xff00) return code === 0xfeff ? JOINER : OTHER_LETTER;
  if (code < 0xff66) return CJK_PUNCT; // fullwidth ASCII
  if (code < 0xffa0) return KATAKANA; // halfwidth
  if (code < 0xffe0) return HANGUL; // halfwidth hangul
  return SYMBOL;
}

function classifyAstral(codePoint: number): number {
  if (codePoint >= 0x1f000 && codePoint < 0x1fb00) {
    return codePoint >= 0x1f3fb && codePoint <= 0x1f3ff ? JOINER : EMOJI; // skin tones modify
  }
  if (codePoint >= 0xe0000 && codePoint < 0xe0080) return JOINER; // tag characters (flags)
  return ASTRAL;
}

export function classAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 0x80) return ASCII_CLASS[code]!;
  const cls = classifyWide(code);
  if (cls !== HIGH_SURROGATE) return cls;
  const low = text.charCodeAt(index + 1);
  if (!(low >= 0xdc00 && low < 0xe000)) return ASTRAL; // NaN past the end fails too
  return classifyAstral((code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000);
}

export function startsSurrogatePair(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 0xd800 || code >= 0xdc00) return false;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low < 0xe000;
}

export function isLetterClass(cls: number): boolean {
  return cls === LOWER || cls === UPPER || cls === ACCENTED;
}
