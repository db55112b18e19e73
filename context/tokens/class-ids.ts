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
export const HIRAGANA = 12;
export const KATAKANA = 13;
export const HANGUL = 14;
/** The classes from CYRILLIC to here are charged per code point by the scan's script runs. */
export const CJK_PUNCT = 15;
export const SYMBOL = 16;
export const DINGBAT = 17;
export const EMOJI = 18;
export const JOINER = 19;
export const ASTRAL = 20;
/** A high surrogate: the class depends on the code point it starts. */
export const HIGH_SURROGATE = 21;
/** One more than the largest id: the size of tables indexed by class. */
export const CLASS_COUNT = 22;
