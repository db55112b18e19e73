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
  isAdvice,
  isChatNoise,
  isQuestion,
  isReportedSpeech,
  isUptalk,
  TAG_QUESTION,
  withoutLeadIn,
} from './chat-guards.js';
import { AHEAD, KIN } from './conversation-patterns.js';

import { inMoltText } from './molt-own.js';
import { fencedRanges } from './plain-facts.js';
import { clip, MEMORY_ABSTRACT_MAX, MEMORY_CONTENT_MAX } from './policy.js';
import { type StatementModel, scoreStatement } from './statement-model.js';
import weights from './statement-weights.json' with { type: 'json' };
import { isUnmarkedQuestion } from './turn-pairing.js';
import type { MemoryCandidate, MemoryType } from './types.js';

/** The committed model (scripts/train-statement-model.ts writes it). */
export const STATEMENT_MODEL = weights as StatementModel;

interface Found {
  candidate: MemoryCandidate;
  dated: boolean;
}

/** A sentence about a person it does not name ("She's moving to Denver"). */
const UNNAMED = /^(?:she|he|they)(?:['’](?:s|re|ll|d|ve))?\b/iu;
/** A name (a capitalized word not at a sentence's start), or a kin word, said before. */
const NAMED = new RegExp(String.raw`[^.!?\s]\s+\p{Lu}\p{Ll}+|\b(?:${KIN})\b`, 'u');

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
  molt: ReadonlyArray<[number, number]>,
  asked: string | null,
  typed: { type: MemoryType; dated: boolean } | null,
): Found[] {
  const quoted = forwardedRanges(text);
  const fenced = fencedRanges(text);
  const inside = (ranges: ReadonlyArray<[number, number]>, index: number) =>
    ranges.some(([from, to]) => index >= from && index < to);
  const own = (s: { text: string; index: number }) =>
    s.text.length <= MEMORY_CONTENT_MAX &&
    !inside(quoted, s.index) &&
    !inside(fenced, s.index) &&
    !inMoltText(molt, s.index, s.text.length) &&
    !isReportedSpeech(s.text) &&
    !isAdvice(s.text.replace(TAG_QUESTION, ''));
  // A rising "?" on a statement ("aced orgo somehow??") does not make it a question.
  const asks = (s: { text: string }) => {
    const statement = isUptalk(s.text) ? s.text.replace(/[?？]+\s*$/u, '') : s.text.replace(TAG_QUESTION, '');
    return isQuestion(statement) || isUnmarkedQuestion(statement);
  };
  // What states something of the speaker's: not chatter, not hedged ("maybe I'll…", "if I…"), not
  // a she/he/they with nobody named before it in the message.
  const states = (s: { text: string; index: number }) => {
    const statement = withoutLeadIn(s.text.replace(TAG_QUESTION, ''));
    return (
      !asks(s) &&
      !isChatNoise(statement) &&
      !HEDGE.test(statement) &&
      !(UNNAMED.test(statement) && !NAMED.test(text.slice(0, s.index)))
    );
  };
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
    while (from <= to && asks(r[from]!)) from += 1;
    while (to >= from && asks(r[to]!)) to -= 1;
    if (from > to) continue;
    const answers = asked !== null && out.length === 0;
    // Only chatter ("lol ok. sure!"), hedges or an unnamed she/he/they state nothing of the
    // speaker's, unless the run answers the other speaker ("160!").
    if (!answers && !r.slice(from, to + 1).some(states)) continue;
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
export function judged(
  model: StatementModel,
  found: Found[],
  message: { text: string },
  sentences: ReadonlyArray<{ text: string; index: number }>,
  molt: ReadonlyArray<[number, number]>,
  previous: string | null,
  asked: string | null,
): Found[] {
  const p = scoreStatement(model, { text: message.text, previous, ruled: found.length > 0 });
  if (p >= model.threshold && !found.some((f) => f.candidate.key !== null)) {
    const first = found[0];
    const typed = first ? { type: first.candidate.type, dated: first.dated } : null;
    const whole = wholeMessageCandidates(message.text, sentences, molt, asked, typed);
    if (whole.length > 0) return whole;
  }
  return p < model.gate ? [] : found;
}
