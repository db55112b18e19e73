/**
 * The pure half of verify-and-store (docs/memory.md#extraction): a candidate is kept only when it is well
 * formed and its quote appears verbatim in one message of the range, or across a burst of one
 * speaker's consecutive messages; the message(s) it was found in become its provenance. Duplicates and supersession need the store and happen in db/memory/memories.ts.
 */
import type { Message } from '../messages.js';
import { contentWords, quotedRanges } from './chat-guards.js';
import { inMoltText, moltRanges } from './molt-own.js';
import { BURST_JOIN, normalizeMemoryKey, normalizeMemoryText, SPEAKER_MAX } from './policy.js';
import { isAgentKnowledge } from './scope-rules.js';
import { type MemoryCandidate, type MemoryType, memoryCandidateSchema, type RangeMessage } from './types.js';

export type RejectReason =
  | 'invalid'
  | 'quote_not_found'
  | 'quote_wrong_role'
  | 'quote_forwarded'
  | 'quote_lacks_content'
  | 'question_not_found';

export interface VerifiedCandidate {
  candidate: MemoryCandidate;
  /** Its place in the extractor's answer. */
  index: number;
  /** The seq of the message the quote was found in (the first, when it spans a burst). */
  seq: number;
  /** The seq of the last message a quote spanning a burst reaches (burstSpan); absent for one message. */
  through?: number;
  /** That message's speaker, when it names one. */
  speaker?: string;
  normalized: string;
  key: string | null;
}

export interface Verification {
  accepted: VerifiedCandidate[];
  /** `index`: the candidate's place in the extractor's answer. */
  rejected: Array<{ reason: RejectReason; candidate: unknown; index: number }>;
}

/**
 * The roles whose messages may prove a memory of `type`: what a person is, likes, did or decided
 * only from their own words (the user's messages; a decision also from the assistant's, which
 * states what was agreed); the agent's knowledge of tools and skills from any message.
 */
export function provingRoles(type: MemoryType): readonly string[] {
  if (isAgentKnowledge(type)) return ['user', 'assistant', 'toolResult'];
  return type === 'decision' ? ['user', 'assistant'] : ['user'];
}

/** Words a memory's content uses to talk about the speaker, not values it asserts. */
const META_WORDS: ReadonlySet<string> = new Set(
  'user users speaker assistant person someone they their them he she his her mentioned says said stated wants likes prefers answered answering asked memory fact'.split(
    ' ',
  ),
);

const DATE_WORD =
  /^(?:(?:19|20)\d\d(?:-\d\d(?:-\d\d)?)?|January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/u;

/** A crude stem for comparing words: "prefers", "preferred" and "prefer" meet. */
const stem = (word: string) => word.replace(/['’]s$/u, '').replace(/(?:ing|ed|es|s)$/u, '');

/**
 * The values a memory asserts: numbers, identifiers and capitalised names (not a sentence's first
 * word, not "I"). Each must appear in the text that proves it.
 */
function valuesOf(content: string): string[] {
  const out: string[] = [];
  for (const sentence of content.split(/(?<=[.!?;:])\s+|\s+[—–-]\s+|\n/u)) {
    const tokens = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}_.@/:'’-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu) ?? [];
    tokens.forEach((token, i) => {
      // A date the model resolved ("May 2023") is checked against nothing: the quote says "last month".
      if (DATE_WORD.test(token)) return;
      if (/\p{N}/u.test(token) || /[_.@/:]/u.test(token)) out.push(token);
      else if (i > 0 && /^\p{Lu}/u.test(token) && token !== 'I' && !META_WORDS.has(token.toLowerCase()))
        out.push(token);
    });
  }
  return out;
}

/**
 * Whether `proof` (the quote, with the question a two-turn answer completes) proves `content`:
 * every value the content asserts is in it, and at least half of the content's other words are
 * (stemmed), so a quote such as "ok" proves nothing. Text in Chinese, Japanese or Korean is
 * checked by its values only (words are not spaced).
 */
export function quoteProves(content: string, proof: string): boolean {
  const haystack = proof.normalize('NFKC').toLowerCase();
  const lowered = (value: string) => value.normalize('NFKC').toLowerCase();
  if (!valuesOf(content).every((value) => haystack.includes(lowered(value)))) return false;
  const proofWords = new Set(contentWords(proof).map(stem));
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(content + proof)) {
    return proof.trim().length >= 2;
  }
  const words = contentWords(content).filter((w) => !META_WORDS.has(w) && !META_WORDS.has(stem(w)));
  if (words.length === 0) return proofWords.size > 0;
  const held = words.filter((w) => proofWords.has(stem(w))).length;
  return held > 0 && held * 2 >= words.length;
}

/** Whether the quote occurs in the message outside the text molt wrote (molt-own.ts). */
function saidOutsideMolt(message: RangeMessage, quote: string): boolean {
  let at = message.text.indexOf(quote);
  if (at < 0) return false;
  const molt = moltRanges(message);
  for (; at >= 0; at = message.text.indexOf(quote, at + 1)) {
    if (!inMoltText(molt, at, quote.length)) return true;
  }
  return false;
}

/** A run of two or more consecutive messages of one role and speaker, joined as the extractor joins a burst. */
interface Run {
  messages: RangeMessage[];
  /** Where each message starts in `text`. */
  starts: number[];
  text: string;
}

function runsOf(range: readonly RangeMessage[]): Run[] {
  const out: Run[] = [];
  let run: RangeMessage[] = [];
  const close = () => {
    if (run.length >= 2) {
      const starts: number[] = [];
      let at = 0;
      for (const m of run) {
        starts.push(at);
        at += m.text.length + BURST_JOIN.length;
      }
      out.push({ messages: run, starts, text: run.map((m) => m.text).join(BURST_JOIN) });
    }
    run = [];
  };
  for (const m of range) {
    const last = run.at(-1);
    if (last && (m.role !== last.role || m.speaker !== last.speaker)) close();
    run.push(m);
  }
  close();
  return out;
}

/**
 * Where a quote spans a burst — consecutive messages of one role and speaker, joined by a newline
 * (BURST_JOIN, as the extractor joins them) — starting inside one message and ending inside a later
 * one: the first message, the last one's seq, and whether any piece of the quote lies in forwarded
 * text. Null when no run holds it so, or when a piece of it lies in molt's own text. One search of
 * each run's text per quote (`runs` is built once per range).
 */
function burstSpan(
  runs: readonly Run[],
  quote: string,
): { first: RangeMessage; through: number; forwarded: boolean } | null {
  if (!quote.includes(BURST_JOIN)) return null;
  for (const { messages, starts, text } of runs) {
    const holding = (offset: number) => {
      let k = starts.length - 1;
      while (k > 0 && starts[k]! > offset) k -= 1;
      return k;
    };
    for (let at = text.indexOf(quote); at >= 0; at = text.indexOf(quote, at + 1)) {
      const a = holding(at);
      const b = holding(at + quote.length - 1);
      // It starts inside the first message's text (not on the newline that joins it) and ends inside a later one's.
      if (a === b || at >= starts[a]! + messages[a]!.text.length || at + quote.length <= starts[b]!) continue;
      let molt = false;
      let forwardedPiece = false;
      for (let k = a; k <= b; k += 1) {
        const m = messages[k]!;
        const from = Math.max(at, starts[k]!) - starts[k]!;
        const to = Math.min(at + quote.length, starts[k]! + m.text.length) - starts[k]!;
        if (to <= from) continue;
        if (inMoltText(moltRanges(m), from, to - from)) molt = true;
        if (forwarded(m.text, from, to - from)) forwardedPiece = true;
      }
      if (!molt) return { first: messages[a]!, through: messages[b]!.seq, forwarded: forwardedPiece };
    }
  }
  return null;
}

/** Whether `[index, index + length)` of `text` lies in a `>`-quoted (forwarded or replied-to) line. */
function forwarded(text: string, index: number, length: number): boolean {
  return quotedRanges(text).some(([from, to]) => index < to && index + length > from);
}

/**
 * Keeps a candidate only when it is well formed and its quote proves it: found verbatim, outside
 * the text molt wrote (molt-own.ts), in ONE
 * message of the range — or across a burst of consecutive messages of one role and speaker
 * (burstSpan) — whose role may prove a memory of its type (provingRoles), not inside a
 * forwarded `>` block when it is a personal memory, and holding the content's values and words
 * (quoteProves). A two-turn answer's `question` must be verbatim in the message right before the
 * quote's, said by someone else. The message the quote was found in becomes the provenance (the
 * first and last, `seq` and `through`, for a burst).
 */
export function verifyCandidates(
  candidates: readonly unknown[],
  range: readonly RangeMessage[],
): Verification {
  const accepted: VerifiedCandidate[] = [];
  const rejected: Verification['rejected'] = [];
  // The range's runs of one role and speaker, built when a quote first needs them (burstSpan).
  let runs: Run[] | undefined;
  for (const [index, raw] of candidates.entries()) {
    const parsed = memoryCandidateSchema.safeParse(raw);
    if (!parsed.success) {
      rejected.push({ reason: 'invalid', candidate: raw, index });
      continue;
    }
    const candidate = parsed.data;
    const reject = (reason: RejectReason) => rejected.push({ reason, candidate, index });
    // molt's own text sent back in a turn (molt-own.ts) is not the conversation's: a quote only
    // there is not found in what anyone said.
    let holding = range.filter((message) => saidOutsideMolt(message, candidate.quote));
    // Or across a burst: consecutive messages of one speaker, joined by a newline.
    let span: ReturnType<typeof burstSpan> = null;
    if (holding.length === 0 && candidate.quote.includes(BURST_JOIN)) {
      runs ??= runsOf(range);
      span = burstSpan(runs, candidate.quote);
    }
    if (span) holding = [span.first];
    if (holding.length === 0) {
      reject('quote_not_found');
      continue;
    }
    const roles = provingRoles(candidate.type);
    const personal = !isAgentKnowledge(candidate.type);
    const said = holding.filter((m) => roles.includes(m.role));
    if (said.length === 0) {
      reject('quote_wrong_role');
      continue;
    }
    // Where the quote is the speaker's own words: not in a forwarded block.
    const ownWords = (m: RangeMessage) => {
      if (span) return !span.forwarded;
      for (let at = m.text.indexOf(candidate.quote); at >= 0; at = m.text.indexOf(candidate.quote, at + 1)) {
        if (!forwarded(m.text, at, candidate.quote.length)) return true;
      }
      return false;
    };
    const own = personal ? said.filter(ownWords) : said;
    // A two-turn answer: the message right before the quote's, said by someone else, asked it.
    const asked = (m: RangeMessage) => {
      const before = range[range.indexOf(m) - 1];
      return (
        before !== undefined &&
        (before.speaker !== m.speaker || before.role !== m.role) &&
        before.text.includes(candidate.question!)
      );
    };
    const source = candidate.question ? (own.find(asked) ?? null) : (own[0] ?? null);
    if (!source) {
      reject(candidate.question && own.length > 0 ? 'question_not_found' : 'quote_forwarded');
      continue;
    }
    const through = span?.through ?? source.seq;
    let proof = candidate.question ? `${candidate.question}\n${candidate.quote}` : candidate.quote;
    if (source.speaker) proof = `${source.speaker}\n${proof}`;
    // The content as the rules write it: without the speaker's name and the resolved dates.
    const claim = candidate.content
      .replace(source.speaker ? new RegExp(`^${escapeRegExp(source.speaker)}:\\s*`, 'u') : /^(?!)/u, '')
      .replace(/\s*\(≈ [^)]*\)/gu, '')
      .replace(/\s*\(answering "[^"]*"\)/u, '');
    if (!quoteProves(claim, proof)) {
      reject('quote_lacks_content');
      continue;
    }
    const key = candidate.key ? normalizeMemoryKey(candidate.key) : '';
    accepted.push({
      candidate,
      index,
      seq: source.seq,
      ...(through !== source.seq ? { through } : {}),
      ...(source.speaker !== undefined ? { speaker: source.speaker } : {}),
      normalized: normalizeMemoryText(candidate.content),
      key: key.length > 0 ? key : null,
    });
  }
  return { accepted, rejected };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** Counts of rejected candidates by reason. */
export function rejectedReasons(rejected: Verification['rejected']): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { reason } of rejected) out[reason] = (out[reason] ?? 0) + 1;
  return out;
}

/**
 * A stored message as extractors read it: its text blocks, tool calls (name and JSON arguments)
 * and tool results, one line each; its speaker (a message's `name`, in a conversation between
 * people) and when it was said (its `timestamp`, else `storedAt`). Images and thinking are left out.
 */
export function rangeMessageOf(seq: number, message: Message, storedAt?: Date): RangeMessage {
  const parts: string[] = [];
  if (typeof message.content === 'string') parts.push(message.content);
  else {
    for (const block of message.content as Array<Record<string, unknown> | null>) {
      if (!block) continue;
      if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
      if (block.type === 'toolCall')
        parts.push(`${String(block.name)}(${JSON.stringify(block.arguments ?? {})})`);
    }
  }
  const prefix = message.role === 'toolResult' ? `[${message.toolName}] ` : '';
  const out: RangeMessage = { seq, role: message.role, text: prefix + parts.join('\n') };
  const speaker = speakerOf(message);
  if (speaker !== undefined) out.speaker = speaker;
  const at =
    typeof message.timestamp === 'number' && message.timestamp > 0 ? message.timestamp : storedAt?.getTime();
  if (at !== undefined && Number.isFinite(at)) out.at = at;
  return out;
}

/** A message's speaker: its `name`, trimmed, when it is a short line of text (else none). */
export function speakerOf(message: Message): string | undefined {
  const name = (message as { name?: unknown }).name;
  if (typeof name !== 'string') return undefined;
  const trimmed = name.normalize('NFC').trim();
  if (trimmed.length === 0 || trimmed.length > SPEAKER_MAX || /[\p{Cc}\p{Cf}]/u.test(trimmed))
    return undefined;
  return trimmed;
}
