/**
 * Where the statement model (statement-model.ts) decides, in a conversation between people
 * (docs/memory.md, "The statement model"): a message it scores at or above its threshold becomes a
 * candidate whole — its own text from the first to the last sentence that is not a question,
 * without forwarded, fenced or molt-written text, reported speech or advice (each of those ends a
 * run) — in place of the clauses the rules kept of it; a message it scores below the threshold
 * keeps what the rules found (dropped below a gate, 0 in the committed model). The speaker and the
 * dates are attached by extractive.ts as for every other candidate.
 */
import {
  forwardedRanges,
  HEDGE,
  isAboutThem,
  isAdvice,
  isChatNoise,
  isInstruction,
  isQuestion,
  isReportedSpeech,
  isUptalk,
  NOISE,
  reportsOwn,
  TAG_QUESTION,
  withoutLeadIn,
} from './chat-guards.js';
import { AHEAD, KIN } from './conversation-patterns.js';

import type { Found } from './found.js';
import { inMoltText } from './molt-own.js';
import { fencedRanges } from './plain-facts.js';
import { BURST_JOIN, clip, MEMORY_ABSTRACT_MAX, MEMORY_CONTENT_MAX } from './policy.js';
import { type StatementModel, scoreStatement } from './statement-model.js';
import weights from './statement-weights.json' with { type: 'json' };
import { answerStart, isUnmarkedQuestion } from './turn-pairing.js';
import type { MemoryType } from './types.js';

/** The committed model (scripts/train-statement-model.ts writes it). */
export const STATEMENT_MODEL = weights as StatementModel;

/** A sentence about a person it does not name ("She's moving to Denver"). */
const UNNAMED = /^(?:she|he|they)(?:['’](?:s|re|ll|d|ve))?\b/iu;
/** The speaker in a sentence about someone else: "he runs 5 miles with me", "they moved me to B shift". */
const OWN_PART = /\b(?:me|my|us|our)\b/iu;
/** A name (a capitalized word not at a sentence's start), or a kin word, said before. */
const NAMED = new RegExp(String.raw`[^.!?\s]\s+\p{Lu}\p{Ll}+|\b(?:${KIN})\b`, 'u');

/** The parts of a sentence a dash or a semicolon sets apart ("me too kind of news — I got promoted…"). */
const clausesOf = (sentence: string) => sentence.split(/\s+[—–-]\s+|;\s+/u);

/** What hedges a statement is in its head, not in a consequence: "…is yellow so it would have worked for anyone". */
const headOf = (sentence: string) => sentence.split(/,?\s+(?:so|because|cause|bc)\s+/iu)[0]!;

/** A judgement of a sentence made once per sentence: the trimming of a run asks it again from both ends. */
function judgedOnce<S extends object>(judge: (sentence: S) => boolean): (sentence: S) => boolean {
  const seen = new WeakMap<S, boolean>();
  return (sentence) => {
    let verdict = seen.get(sentence);
    if (verdict === undefined) {
      verdict = judge(sentence);
      seen.set(sentence, verdict);
    }
    return verdict;
  };
}

const PAST =
  /\b(?:\p{L}{2,}ed|went|got|took|made|had|did|was|were|saw|met|came|left|began|bought|brought|found|gave|ran|won|lost|wrote|read|sold|told|felt|kept|spent|sent|built|paid|drove|flew|ate|swam|moved)\b|\b(?:yesterday|ago|last)\b/iu;
const LIKES =
  /\b(?:love|loved|loving|like|liked|enjoy|enjoyed|favou?rite|prefer|adore|obsessed|hate|can'?t stand|peace|calm|happy place|brings? me|makes? me (?:happy|smile|calm))\b/iu;

/** A type from simple cues: a plan if a time ahead, a preference if a liking or feeling, an event if past, else an entity. */
function typeOf(text: string): { type: MemoryType; dated: boolean } {
  if (AHEAD.test(text)) return { type: 'event', dated: true };
  if (LIKES.test(text)) return { type: 'preference', dated: false };
  if (PAST.test(text)) return { type: 'event', dated: true };
  return { type: 'entity', dated: true };
}

/**
 * The candidates of a message the model keeps: the message's own text, whole — from its first to
 * its last own sentence, without a question at either end — so the punchy opening ("I PASSED 🚗",
 * "GOT IT!!!") and the details after it stay together. A forwarded block (`>` lines, a pasted chat
 * log), a code block, molt's own text, reported speech ("my sister said…") and advice to the other
 * speaker are never part of a quote: where one sits inside the message, each run of own sentences
 * around it is its own candidate. A run that states nothing of the speaker's gives nothing unless
 * it answers the other speaker. `asked` is the other
 * speaker's question the message answers, if any (kept with the first run); `typed` is the rules'
 * reading of the message, when they kept something of it (its type and whether it is dated).
 */
export function wholeMessageCandidates(
  text: string,
  sentences: ReadonlyArray<{ text: string; index: number }>,
  hidden: Hidden,
  asked: string | null,
  typed: { type: MemoryType; dated: boolean } | null,
  /** Where the answering message ends in `text` (a burst): a run that starts past it answers nothing. */
  askedUntil = text.length,
): Found[] {
  const { molt, quoted, fenced } = hidden;
  const inside = (ranges: ReadonlyArray<[number, number]>, index: number) =>
    ranges.some(([from, to]) => index >= from && index < to);
  // Text that is never the speaker's ends a run: forwarded, fenced, molt's own, or too long.
  const own = (s: { text: string; index: number }) =>
    s.text.length <= MEMORY_CONTENT_MAX &&
    !inside(quoted, s.index) &&
    !inside(fenced, s.index) &&
    !inMoltText(molt, s.index, s.text.length);
  // Words of the speaker's that state nothing of theirs — someone else's reported ("Alvarez said
  // to apply by 15 December"), advice or an instruction to the other speaker — may sit inside a
  // run between statements (the quote keeps who said it), never open or end one, never alone.
  const others = judgedOnce(
    (s: { text: string }) =>
      (isReportedSpeech(s.text) && !reportsOwn(s.text)) ||
      isAdvice(s.text.replace(TAG_QUESTION, '')) ||
      isInstruction(s.text),
  );
  // A rising "?" on a statement ("aced orgo somehow??") does not make it a question.
  const asks = judgedOnce((s: { text: string }) => {
    const statement = isUptalk(s.text) ? s.text.replace(/[?？]+\s*$/u, '') : s.text.replace(TAG_QUESTION, '');
    return isQuestion(statement) || isUnmarkedQuestion(statement);
  });
  // What states something of the speaker's: not chatter, not hedged ("maybe I'll…", "if I…"), not
  // a she/he/they with nobody named before it in the message.
  const states = judgedOnce((s: { text: string; index: number }) => {
    const statement = withoutLeadIn(s.text.replace(TAG_QUESTION, ''));
    return (
      !asks(s) &&
      !others(s) &&
      !clausesOf(statement).every(isChatNoise) &&
      !isAboutThem(statement) &&
      !HEDGE.test(headOf(statement)) &&
      !(UNNAMED.test(statement) && !NAMED.test(text.slice(0, s.index)) && !OWN_PART.test(statement))
    );
  });
  const runs: Array<Array<{ text: string; index: number }>> = [];
  let run: Array<{ text: string; index: number }> = [];
  for (const s of sentences) {
    if (own(s)) run.push(s);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  const out: Found[] = [];
  for (const r of runs) {
    let from = 0;
    let to = r.length - 1;
    while (from <= to && (asks(r[from]!) || others(r[from]!))) from += 1;
    // Nor does a sentence before someone else's words that come ahead of the speaker's first
    // statement ("Dr. / Ames said she moved…. I finished the quilt"): the quote starts after them.
    const firstStating = r.findIndex((x, i) => i >= from && states(x));
    for (let i = from; firstStating >= 0 && i < firstStating; i += 1) if (others(r[i]!)) from = i + 1;
    // Nor does a pleasantry end one ("… pottery course yesterday" — "Never give up!").
    const pleasantry = (x: { text: string }) =>
      clausesOf(x.text).every((part) => NOISE.test(withoutLeadIn(part).trim()));
    while (to >= from && (asks(r[to]!) || others(r[to]!) || pleasantry(r[to]!))) to -= 1;
    const lastStating = r.findLastIndex((x, i) => i <= to && i >= from && states(x));
    for (let i = to; lastStating >= 0 && i > lastStating; i -= 1) if (others(r[i]!)) to = i - 1;
    if (from > to) continue;
    const answers = asked !== null && out.length === 0 && r[from]!.index < askedUntil;
    // Only chatter ("lol ok. sure!"), hedges or an unnamed she/he/they state nothing of the
    // speaker's, unless the run answers the other speaker ("160!").
    // An answer that is only an interjection ("yes", "ugh", "lol") answers nothing.
    const stating = r.slice(from, to + 1);
    if (!stating.some(states) && (!answers || answerStart(stating.map((s) => s.text)) < 0)) continue;
    const quote = text.slice(r[from]!.index, r[to]!.index + r[to]!.text.length);
    if (quote.length > MEMORY_CONTENT_MAX) continue;
    const stated = quote.trim().replace(/[.。]+$/u, '');
    const content = answers ? clip(`${stated} (answering "${asked.trim()}")`, MEMORY_CONTENT_MAX) : stated;
    const { type, dated } = typed ?? typeOf(quote);
    out.push({
      candidate: {
        type,
        content,
        abstract: clip(content, MEMORY_ABSTRACT_MAX),
        key: null,
        quote,
        ...(answers ? { question: asked } : {}),
        priority: 3,
      },
      dated,
    });
  }
  return out;
}

/**
 * A message's candidates with the model's judgement. Scored at or above `model.threshold`: the
 * message whole (wholeMessageCandidates), typed as the rules read it when they kept something of
 * it — unless a rule's candidate carries a key (a name, an identifier, an employer: what a later
 * value supersedes by key), which stays as the rules wrote it. The whole message is also what is
 * kept when the rules kept nothing of it. Below the threshold: the rules' candidates
 * (`found`), dropped when the model scores the message below `model.gate`.
 */
export function judged(model: StatementModel, read: JudgedMessage): Found[] {
  const { found, text, sentences, previous, asked } = read;
  const p = scoreStatement(model, { text, previous, ruled: found.length > 0 });
  if (p >= model.threshold && !found.some((f) => f.candidate.key !== null)) {
    const first = found[0];
    const typed = first ? { type: first.candidate.type, dated: first.dated } : null;
    const whole = wholeMessageCandidates(text, sentences, hiddenOf(text, read.molt), asked, typed);
    if (whole.length > 0) return whole;
  }
  return p < model.gate ? [] : found;
}

/** A message of a conversation between people as the model judges it. */
export interface JudgedMessage {
  text: string;
  /** The rules' candidates of it. */
  found: Found[];
  /** Its sentences (verbatim slices, with where each starts). */
  sentences: ReadonlyArray<{ text: string; index: number }>;
  /** molt's own text in it (molt-own.ts). */
  molt: ReadonlyArray<[number, number]>;
  /** The message right before, when another speaker said it. */
  previous: string | null;
  /** The other speaker's question it answers, if any. */
  asked: string | null;
}

/** Text no quote may hold: molt's own, forwarded (`>` lines, pasted chat logs) and fenced code. */
export interface Hidden {
  molt: ReadonlyArray<[number, number]>;
  quoted: ReadonlyArray<[number, number]>;
  fenced: ReadonlyArray<[number, number]>;
}

function hiddenOf(text: string, molt: ReadonlyArray<[number, number]>): Hidden {
  return { molt, quoted: forwardedRanges(text), fenced: fencedRanges(text) };
}

/**
 * The longest pause between two messages of one burst. People send one piece of news as several
 * messages a minute or two apart ("pinned E6 yesterday 🎖️" — "staff sergeant sam. say it"); the
 * people corpus's tuning part has 255 such follow-ups, the longest 8 minutes after the one before.
 */
export const BURST_GAP_MS = 10 * 60_000;

/**
 * The bursts of a conversation: runs of consecutive messages of one named speaker, each sent at
 * most BURST_GAP_MS after the one before (when both times are known). As `[from, to]` indexes.
 */
export function burstsOf(
  messages: ReadonlyArray<{ role: string; speaker?: string | undefined; at?: number | undefined }>,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [i, m] of messages.entries()) {
    const before = messages[i - 1];
    const last = out.at(-1);
    const continues =
      last !== undefined &&
      last[1] === i - 1 &&
      before !== undefined &&
      m.role === 'user' &&
      before.role === 'user' &&
      m.speaker !== undefined &&
      m.speaker === before.speaker &&
      (m.at === undefined || before.at === undefined || m.at - before.at <= BURST_GAP_MS);
    if (continues) last[1] = i;
    else out.push([i, i]);
  }
  return out;
}

/**
 * The candidates of a burst of one speaker's messages (burstsOf), judged as one text: the model
 * scores the messages joined (BURST_JOIN) and, at or above its threshold, the burst's own text
 * from its first to its last own sentence becomes the candidates (wholeMessageCandidates), so news
 * sent in pieces ("survived the viewing marathon today 😩" — "4. FOUR. in one afternoon…") is one
 * memory whose quote spans the messages. Null when the burst is one message, when the model scores
 * it below the threshold, when a rule's candidate in it carries a key, or when nothing of it is a
 * candidate: then each message is judged alone (judged).
 */
export function judgedBurst(model: StatementModel, burst: readonly JudgedMessage[]): Found[] | null {
  if (burst.length < 2) return null;
  const found = burst.flatMap((m) => m.found);
  if (found.some((f) => f.candidate.key !== null)) return null;
  const text = burst.map((m) => m.text).join(BURST_JOIN);
  const p = scoreStatement(model, { text, previous: burst[0]!.previous, ruled: found.length > 0 });
  if (p < model.threshold) return null;
  const sentences: Array<{ text: string; index: number }> = [];
  const hidden = {
    molt: [] as Array<[number, number]>,
    quoted: [] as Array<[number, number]>,
    fenced: [] as Array<[number, number]>,
  };
  let offset = 0;
  for (const m of burst) {
    for (const s of m.sentences) sentences.push({ text: s.text, index: s.index + offset });
    const own = hiddenOf(m.text, m.molt);
    for (const key of ['molt', 'quoted', 'fenced'] as const)
      for (const [from, to] of own[key]) hidden[key].push([from + offset, to + offset]);
    offset += m.text.length + BURST_JOIN.length;
  }
  const first = found[0];
  const typed = first ? { type: first.candidate.type, dated: first.dated } : null;
  const whole = wholeMessageCandidates(
    text,
    sentences,
    hidden,
    burst[0]!.asked,
    typed,
    burst[0]!.text.length,
  );
  return whole.length > 0 ? whole : null;
}
