/**
 * molt's default token estimator (ALGORITHMS.md §2).
 *
 * One pass over char codes that mirrors o200k's pre-tokenizer — a word with its leading space or
 * punctuation char, digit groups of up to 3, whitespace runs, punctuation runs — and charges each
 * piece what o200k typically spends on it; CJK, kana, hangul, other scripts and emoji are charged
 * per code point. The constants were fitted piece by piece against gpt-tokenizer's o200k_base on
 * bench/corpus (held-out check: Markdown, code and JSON from node_modules) so that each part is
 * unbiased, then ESTIMATE_MARGIN makes the whole err high. `npx tsx bench/estimator.bench.ts`
 * re-measures the error per corpus document and the speed.
 *
 * `createTokenCounter({ mode: 'exact', … })` counts with a real tokenizer instead; this folder
 * cannot import one (Temporal workflows import it), so llm/tokenizer.ts injects gpt-tokenizer.
 */
import { CHARS_PER_TOKEN, UNKNOWN_ROLE_CHARS, UNSERIALIZABLE_ARGUMENTS_CHARS } from './estimate.js';
import type { Message } from './messages.js';

// --- message-level charges ----------------------------------------------------------------------

/**
 * Tokens charged per image block. Anthropic bills (width × height) / 750 tokens, ≈ 1 600 for the
 * ~1.15-megapixel size images are scaled down to; OpenAI's high-detail 1024×1024 is 765, so this
 * errs high for both.
 */
export const IMAGE_TOKEN_ESTIMATE = 1_600;
/** Per-message framing (role marker, separators): ChatML spends 3–4 tokens per message. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Tool call arguments that cannot be serialised: the char measure's 128 chars, in tokens. */
export const UNSERIALIZABLE_ARGUMENTS_TOKENS = UNSERIALIZABLE_ARGUMENTS_CHARS / CHARS_PER_TOKEN;
/** A message of an unknown role: the char measure's 256 chars, in tokens (no overhead added). */
export const UNKNOWN_ROLE_TOKENS = UNKNOWN_ROLE_CHARS / CHARS_PER_TOKEN;

/**
 * Without it the fitted constants below land within −4 % … +3 % of o200k on every corpus
 * document; with it every document errs high (+2 % … +9 % measured), as §2 asks.
 */
export const ESTIMATE_MARGIN = 1.06;

// --- calibration (tokens, fitted against o200k_base) --------------------------------------------

/** A word after a space is one token up to this many letters (" understanding" is one token)… */
const SPACED_WORD_FREE_LETTERS = 6;
/** …and costs this much per further letter. */
const SPACED_WORD_TOKENS_PER_LETTER = 0.08;
/** A word with no space before it (identifiers, camelCase parts, after a newline) splits sooner. */
const BARE_WORD_FREE_LETTERS = 5;
const BARE_WORD_TOKENS_PER_LETTER = 0.06;
/** ALL-CAPS words split more often than lowercase ones ("WATERMARK" is W|ATER|MARK). */
const CAPS_WORD_FREE_LETTERS = 2;
const CAPS_WORD_TOKENS_PER_LETTER = 0.12;
/**
 * Every letter pair that is rare in English costs about one more token: random strings, base64,
 * names and foreign words fall apart into short tokens. The pairs below were seen fewer than 3
 * times per 100 000 letter pairs in ~2.3 million pairs of English Markdown (node_modules docs).
 */
const RARE_BIGRAM_TOKENS = 1.4;
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
const ACCENTED_LETTER_TOKENS = 0.8;
/** A word glued to one punctuation char: ".get", "_id", "(self" are tokens of their own… */
const CODE_PREFIX_TOKENS = 0.15;
const CODE_PREFIXES = "._('\\<@$#";
/** …while "/checkout", "=paid", "?limit", "[Fri" mostly split after the punctuation. */
const PUNCT_PREFIX_TOKENS = 0.6;
/** A punctuation run ("});\n", "\",\n") is one token up to this many distinct chars… */
const PUNCT_RUN_FREE_CHARS = 3;
/** …then nearly one per further char; a repeated char ("-----", "=====") merges cheaply. */
const PUNCT_TOKENS_PER_CHAR = 0.9;
const PUNCT_REPEAT_TOKENS = 1 / 64;
/** o200k has single tokens for runs of up to ~128 spaces or newlines. */
const WHITESPACE_CHARS_PER_TOKEN_SHIFT = 7;

// Per code point, by class (see classifyWide below).
const CYRILLIC_TOKENS = 0.31;
const GREEK_TOKENS = 0.46;
/** Arabic, Hebrew, Indic, Thai, …: only spot-checked on a sentence each (0.33–0.43 per char). */
const OTHER_LETTER_TOKENS = 0.42;
const HAN_TOKENS = 0.83;
const KANA_TOKENS = 0.87;
const HANGUL_TOKENS = 0.86;
const CJK_PUNCT_TOKENS = 0.9;
/** Arrows, maths, box drawing: mostly one token each; a repeated one ("────") merges. */
const SYMBOL_TOKENS = 1;
const SYMBOL_REPEAT_TOKENS = 0.2;
/** U+2600–U+27BF (☀ ✅ ❤): text-style emoji, one to three tokens. */
const DINGBAT_TOKENS = 1.6;
/** Pictographic emoji: the common ones are one token, most two, newer ones three or four. */
const EMOJI_TOKENS = 2.2;
/** Zero-width joiner, variation selectors, skin tones, keycaps, tags. */
const JOINER_TOKENS = 0.9;
/** Any other code point outside the BMP (CJK extensions, maths letters): 2–4 byte tokens. */
const ASTRAL_TOKENS = 3;

// --- character classes ---------------------------------------------------------------------------

const LOWER = 1;
const UPPER = 2;
const ACCENTED = 3;
const DIGIT = 4;
const SPACE = 5;
const NEWLINE = 6;
const PUNCT = 7;
const CYRILLIC = 8;
const GREEK = 9;
const OTHER_LETTER = 10;
const HAN = 11;
const KANA = 12;
const HANGUL = 13;
const CJK_PUNCT = 14;
const SYMBOL = 15;
const DINGBAT = 16;
const EMOJI = 17;
const JOINER = 18;
const ASTRAL = 19;
/** A high surrogate: the class depends on the code point it starts. */
const HIGH_SURROGATE = 20;

const PER_CODE_POINT_TOKENS = new Float64Array(21);
PER_CODE_POINT_TOKENS[CYRILLIC] = CYRILLIC_TOKENS;
PER_CODE_POINT_TOKENS[GREEK] = GREEK_TOKENS;
PER_CODE_POINT_TOKENS[OTHER_LETTER] = OTHER_LETTER_TOKENS;
PER_CODE_POINT_TOKENS[HAN] = HAN_TOKENS;
PER_CODE_POINT_TOKENS[KANA] = KANA_TOKENS;
PER_CODE_POINT_TOKENS[HANGUL] = HANGUL_TOKENS;
PER_CODE_POINT_TOKENS[CJK_PUNCT] = CJK_PUNCT_TOKENS;
PER_CODE_POINT_TOKENS[SYMBOL] = SYMBOL_TOKENS;
PER_CODE_POINT_TOKENS[DINGBAT] = DINGBAT_TOKENS;
PER_CODE_POINT_TOKENS[EMOJI] = EMOJI_TOKENS;
PER_CODE_POINT_TOKENS[JOINER] = JOINER_TOKENS;
PER_CODE_POINT_TOKENS[ASTRAL] = ASTRAL_TOKENS;

const ASCII_CLASS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  if (code >= 0x61 && code <= 0x7a) ASCII_CLASS[code] = LOWER;
  else if (code >= 0x41 && code <= 0x5a) ASCII_CLASS[code] = UPPER;
  else if (code >= 0x30 && code <= 0x39) ASCII_CLASS[code] = DIGIT;
  else if (code === 0x0a || code === 0x0d) ASCII_CLASS[code] = NEWLINE;
  else if (code === 0x20 || (code >= 0x09 && code <= 0x0c)) ASCII_CLASS[code] = SPACE;
  else ASCII_CLASS[code] = PUNCT;
}

const IS_CODE_PREFIX = new Uint8Array(128);
for (const char of CODE_PREFIXES) IS_CODE_PREFIX[char.charCodeAt(0)] = 1;

const IS_RARE_BIGRAM = new Uint8Array(26 * 26);
for (const [first, nexts] of Object.entries(RARE_NEXT_LETTERS)) {
  for (const next of nexts) IS_RARE_BIGRAM[(first.charCodeAt(0) - 0x61) * 26 + next.charCodeAt(0) - 0x61] = 1;
}

/** The class of a UTF-16 code unit ≥ U+0080 (coarse Unicode blocks, enough for costing). */
function classifyWide(code: number): number {
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
  if (code < 0x3100) return KANA;
  if (code < 0x3130) return HAN; // bopomofo
  if (code < 0x3190) return HANGUL; // compatibility jamo
  if (code < 0x31f0) return HAN;
  if (code < 0x3200) return KANA;
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
  if (code < 0xffa0) return KANA; // halfwidth katakana
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

function classAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 0x80) return ASCII_CLASS[code]!;
  const cls = classifyWide(code);
  if (cls !== HIGH_SURROGATE) return cls;
  const low = text.charCodeAt(index + 1);
  if (!(low >= 0xdc00 && low < 0xe000)) return ASTRAL; // NaN past the end fails too
  return classifyAstral((code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000);
}

function startsSurrogatePair(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 0xd800 || code >= 0xdc00) return false;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low < 0xe000;
}

function isLetterClass(cls: number): boolean {
  return cls === LOWER || cls === UPPER || cls === ACCENTED;
}

// --- the scan ------------------------------------------------------------------------------------

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
function rawTextTokens(text: string): number {
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

// --- public API ---------------------------------------------------------------------------------

/** Estimated o200k tokens of a text (0 for an empty or non-string value). */
export function estimateTextTokens(text: string): number {
  return ESTIMATING_COUNTER.textTokens(text);
}

/** Estimated tokens of one message (§2): text, thinking, tool call arguments, images, overhead. */
export function estimateMessageTokens(message: Message): number {
  return ESTIMATING_COUNTER.messageTokens(message);
}

export function estimateMessagesTokens(messages: readonly Message[]): number {
  return ESTIMATING_COUNTER.messagesTokens(messages);
}

export interface TokenCounter {
  readonly mode: 'estimate' | 'exact';
  textTokens(text: string): number;
  messageTokens(message: Message): number;
  messagesTokens(messages: readonly Message[]): number;
}

/** A tokenizer's encode: only the length of the result is used. */
export type EncodeText = (text: string) => { readonly length: number };
export type CountTextTokens = (text: string) => number;

export type TokenCounterOptions =
  | { mode: 'estimate' }
  | { mode: 'exact'; encode: EncodeText }
  | { mode: 'exact'; countTokens: CountTextTokens };

/**
 * A counter for one mode. `estimate` is this file's estimator; `exact` counts text with the
 * tokenizer given (llm/tokenizer.ts's exactTokenCounter() wires gpt-tokenizer's o200k). Both
 * charge images, unserialisable arguments, unknown roles and per-message overhead the same way.
 */
export function createTokenCounter(options: TokenCounterOptions): TokenCounter {
  if (options?.mode === 'estimate') return ESTIMATING_COUNTER;
  if (options?.mode === 'exact') {
    const count = exactTextCount(options);
    return counterFor('exact', count, (textTokens) => textTokens);
  }
  throw new Error(
    `createTokenCounter: unknown mode ${JSON.stringify((options as { mode?: unknown } | undefined)?.mode)}; ` +
      `use { mode: 'estimate' } or { mode: 'exact', encode } (see llm/tokenizer.ts).`,
  );
}

function exactTextCount(options: {
  mode: 'exact';
  encode?: unknown;
  countTokens?: unknown;
}): CountTextTokens {
  const { countTokens, encode } = options;
  if (typeof countTokens === 'function') {
    return (text) => (text.length === 0 ? 0 : (countTokens as CountTextTokens)(text));
  }
  if (typeof encode === 'function') {
    return (text) => (text.length === 0 ? 0 : (encode as EncodeText)(text).length);
  }
  throw new Error(
    "createTokenCounter: mode 'exact' needs an encode(text) or countTokens(text) function; " +
      'exactTokenCounter() in llm/tokenizer.ts provides one backed by gpt-tokenizer (o200k).',
  );
}

const ESTIMATING_COUNTER: TokenCounter = counterFor('estimate', rawTextTokens, (raw) =>
  Math.ceil(raw * ESTIMATE_MARGIN),
);

/**
 * `countText` measures one text; `finishText` turns a message's summed text measure into tokens
 * (the estimator applies its margin and rounds once per message, not once per block).
 */
function counterFor(
  mode: TokenCounter['mode'],
  countText: CountTextTokens,
  finishText: (textMeasure: number) => number,
): TokenCounter {
  const textTokens = (text: string): number =>
    typeof text === 'string' && text.length > 0 ? finishText(countText(text)) : 0;
  const messageTokens = (message: Message): number => {
    const parts = measureMessage(message, countText);
    if (parts === undefined) return 0;
    return (parts.text > 0 ? finishText(parts.text) : 0) + parts.fixed;
  };
  const messagesTokens = (messages: readonly Message[]): number => {
    let total = 0;
    for (const message of messages) total += messageTokens(message);
    return total;
  };
  return { mode, textTokens, messageTokens, messagesTokens };
}

// --- message walk (mirrors estimateMessageChars's tolerance) -------------------------------------

type LooseBlock = { type?: unknown; text?: unknown; thinking?: unknown; arguments?: unknown } | null;

interface MessageMeasure {
  /** Sum of countText over the message's texts. */
  text: number;
  /** Tokens that do not depend on the counter: images, fallbacks, overhead. */
  fixed: number;
}

/** What a message is made of, measured with `countText`. Malformed blocks count as empty. */
function measureMessage(message: Message, countText: CountTextTokens): MessageMeasure | undefined {
  const m = message as { role?: unknown; content?: unknown } | null;
  if (!m || typeof m !== 'object') return undefined;
  const measure: MessageMeasure = { text: 0, fixed: MESSAGE_OVERHEAD_TOKENS };
  const addText = (value: unknown) => {
    if (typeof value === 'string' && value.length > 0) measure.text += countText(value);
  };
  const blocks = Array.isArray(m.content) ? (m.content as LooseBlock[]) : [];
  switch (m.role) {
    case 'user':
    case 'toolResult': {
      // `details` of a tool result is never sent to a model, so it is never counted.
      if (typeof m.content === 'string') addText(m.content);
      for (const block of blocks) {
        if (!block || typeof block !== 'object') continue;
        if (block.type === 'text') addText(block.text);
        else if (block.type === 'image') measure.fixed += IMAGE_TOKEN_ESTIMATE;
      }
      return measure;
    }
    case 'assistant': {
      for (const block of blocks) {
        if (!block || typeof block !== 'object') continue;
        if (block.type === 'text') addText(block.text);
        else if (block.type === 'thinking') addText(block.thinking);
        else if (block.type === 'toolCall') {
          const json = serializeArguments(block.arguments);
          if (json === undefined) measure.fixed += UNSERIALIZABLE_ARGUMENTS_TOKENS;
          else addText(json);
        }
      }
      return measure;
    }
    default:
      return { text: 0, fixed: UNKNOWN_ROLE_TOKENS };
  }
}

function serializeArguments(args: unknown): string | undefined {
  try {
    return JSON.stringify(args) ?? '';
  } catch {
    return undefined; // circular or BigInt
  }
}
