/** The character classes' ids (classes.ts assigns them; scan.ts and calibration.ts key on them). */

export const LOWER = 1;
export const UPPER = 2;
export const ACCENTED = 3;
export const DIGIT = 4;
export const SPACE = 5;
export const NEWLINE = 6;
export const PUNCT = 7;
export const CYRILLIC = 8;
export const GREEK = 9;
export const OTHER_LETTER = 10;
export const HAN = 11;
export const KANA = 12;
export const HANGUL = 13;
export const CJK_PUNCT = 14;
export const SYMBOL = 15;
export const DINGBAT = 16;
export const EMOJI = 17;
export const JOINER = 18;
export const ASTRAL = 19;
/** A high surrogate: the class depends on the code point it starts. */
export const HIGH_SURROGATE = 20;
