/**
 * Where the statement model (statement-model.ts) decides, in a conversation between people
 * (docs/memory.md, "The statement model"): a message it scores at or above its threshold that no
 * rule kept becomes a candidate — its own sentences that pass the guards (not a question, not
 * `>`-quoted, not in a code block, not reported speech, not chatter, not advice, not molt's own
 * text), kept whole so the key words across sentences stay together — and, with a gate, the
 * rules' candidates of a message it scores below the gate are dropped. The speaker and the dates
 * are attached by extractive.ts as for every other candidate.
 */
import {
  forwardedRanges,
  isAdvice,
  isChatNoise,
  isQuestion,
  isReportedSpeech,
  TAG_QUESTION,
} from './chat-guards.js';
import { AHEAD } from './conversation-patterns.js';

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

/** How a sentence fares: it states something of the speaker's, is only chatter, or must not be quoted. */
type Verdict = 'says' | 'chatter' | 'never';

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
 * The candidates the model adds for one message the rules kept nothing of: each run of its
 * sentences that state something (chatter inside a run stays, so the quote is one verbatim slice;
 * a question, a quoted, fenced, reported, advising or molt-written sentence ends the run).
 * `asked` is the other speaker's question the message answers, if any.
 */
export function statementCandidates(
  text: string,
  sentences: ReadonlyArray<{ text: string; index: number }>,
  molt: ReadonlyArray<[number, number]>,
  asked: string | null,
): Found[] {
  const quoted = forwardedRanges(text);
  const fenced = fencedRanges(text);
  const inside = (ranges: ReadonlyArray<[number, number]>, index: number) =>
    ranges.some(([from, to]) => index >= from && index < to);
  const verdicts: Verdict[] = sentences.map((s) => {
    const statement = s.text.replace(TAG_QUESTION, '');
    if (
      s.text.length > MEMORY_CONTENT_MAX ||
      isQuestion(statement) ||
      isUnmarkedQuestion(statement) ||
      inside(quoted, s.index) ||
      inside(fenced, s.index) ||
      inMoltText(molt, s.index, s.text.length) ||
      isReportedSpeech(s.text) ||
      isAdvice(statement)
    )
      return 'never';
    return isChatNoise(statement) ? 'chatter' : 'says';
  });
  const out: Found[] = [];
  let i = 0;
  while (i < sentences.length) {
    if (verdicts[i] !== 'says') {
      i += 1;
      continue;
    }
    let to = i;
    for (let j = i + 1; j < sentences.length && verdicts[j] !== 'never'; j += 1)
      if (verdicts[j] === 'says') to = j;
    const from = sentences[i]!;
    const last = sentences[to]!;
    const quote = text.slice(from.index, last.index + last.text.length);
    i = to + 1;
    if (quote.length > MEMORY_CONTENT_MAX) continue;
    const stated = quote.trim().replace(/[.。]+$/u, '');
    const content =
      asked !== null && out.length === 0
        ? clip(`${stated} (answering "${asked.trim()}")`, MEMORY_CONTENT_MAX)
        : stated;
    const { type, dated } = typeOf(quote);
    out.push({
      candidate: {
        type,
        content,
        abstract: clip(content, MEMORY_ABSTRACT_MAX),
        key: null,
        quote,
        ...(asked !== null && out.length === 0 ? { question: asked } : {}),
        priority: 3,
      },
      dated,
    });
  }
  return out;
}

/**
 * A message's candidates with the model's judgement: the rules' (`found`), dropped when the
 * model scores the message below `model.gate`; else, when the rules kept nothing and the model
 * scores it at or above `model.threshold`, its own statements (statementCandidates).
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
  if (found.length > 0) return p < model.gate ? [] : found;
  return p >= model.threshold ? statementCandidates(message.text, sentences, molt, asked) : [];
}
