/**
 * One compaction's step of the working memory: the previous memory, the compacted range and the
 * summarizer's text in; the merged memory and the summary in force (rendered within its budget)
 * out. Pure: the compaction's persist step and the tests and benchmark call the same function.
 */
import { flattenPreviousSummary } from '../digest/extractive.js';
import { clipAtWord, clipLines } from '../digest/message-text.js';
import { renderMessagesForSummary } from '../digest/summary-prompts.js';
import type { Message } from '../messages.js';
import { type FittedSummary, fitWorkingMemory } from './budget.js';
import { proposalFromRange } from './extract.js';
import { mergeWorkingMemory } from './merge.js';
import {
  emptyWorkingMemory,
  MAX_NARRATIVE_CHARS,
  MAX_STATE_CHARS,
  type WorkingMemory,
  type WorkingMemoryProposal,
} from './model.js';
import { proposalFromText } from './parse.js';

export interface AdvanceInput {
  /** The working memory in force before this compaction, if any. */
  previous?: WorkingMemory;
  /** The summary in force before, when it has no working memory (written before it existed). */
  legacySummary?: string;
  /** The compacted range. */
  messages: readonly Message[];
  /** The summarizer's text for the range: the LLM's merged summary or the extractive digest. */
  body: string;
  /** Who wrote `body`: an LLM's narrative replaces the previous one (it was given it to fold in); an
   * extractive narrative covers its range only, so it is appended to the previous one. */
  summarizer: 'llm' | 'extractive';
  /** The last seq of the range. */
  throughSeq: number;
  budgetTokens: number;
  countTokens: (text: string) => number;
  sessionId?: string;
  /** Appended after the working memory, never shed (workspace rules). */
  suffix?: string;
}

export interface AdvanceResult extends FittedSummary {
  memory: WorkingMemory;
}

/** The newest `maxChars` of a text, cut at a sentence or word so nothing is split. */
function keepNewest(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const tail = text.slice(text.length - maxChars);
  const sentence = tail.search(/(?<=[.!?])\s+\S/);
  if (sentence >= 0 && sentence < maxChars / 2) return `… ${tail.slice(sentence).trim()}`;
  const space = tail.indexOf(' ');
  return space >= 0 ? `… ${tail.slice(space + 1)}` : tail;
}

function startingMemory(input: AdvanceInput): WorkingMemory {
  if (input.previous) return input.previous;
  const memory = emptyWorkingMemory();
  const legacy = input.legacySummary ? flattenPreviousSummary(input.legacySummary) : '';
  if (legacy) memory.narrative = clipAtWord(`Earlier: ${legacy}`, MAX_NARRATIVE_CHARS);
  return memory;
}

/** The proposal of one compaction: the range's facts, and what the summarizer's text adds. */
export function proposalOf(input: AdvanceInput, previous: WorkingMemory): WorkingMemoryProposal {
  const range = proposalFromRange(input.messages);
  const text = proposalFromText(input.body);
  // An identifier the summarizer lists is kept only if the range really holds it, verbatim.
  const haystack = renderMessagesForSummary(input.messages);
  // Paths the range read or modified have their own sections.
  const files = new Set([...(range.filesRead ?? []), ...(range.filesModified ?? [])]);
  const verified = text.identifiers.filter((value) => haystack.includes(value) && !files.has(value));
  const narrative =
    input.summarizer === 'llm'
      ? text.narrative || range.narrative
      : keepNewest([previous.narrative, range.narrative].filter(Boolean).join(' '), MAX_NARRATIVE_CHARS);
  return {
    ...range,
    todosOpen: [...(range.todosOpen ?? []), ...text.todosOpen],
    todosDone: [...(range.todosDone ?? []), ...text.todosDone],
    decisions: [...(range.decisions ?? []), ...text.decisions],
    identifiers: [
      ...(range.identifiers ?? []),
      ...verified.map((value) => ({ value, from: 'tool' as const })),
    ],
    // The LLM's pending asks complement the range's latest ask; an extractive digest's state is the range's.
    state: clipLines(
      [range.state, input.summarizer === 'llm' ? text.state : ''].filter(Boolean).join('\n'),
      MAX_STATE_CHARS,
    ),
    narrative,
  };
}

/** The working memory after this compaction, and the summary in force it renders to. */
export function advanceWorkingMemory(input: AdvanceInput): AdvanceResult {
  const previous = startingMemory(input);
  const memory = mergeWorkingMemory(previous, proposalOf(input, previous), { throughSeq: input.throughSeq });
  const fitted = fitWorkingMemory(memory, {
    budgetTokens: input.budgetTokens,
    countTokens: input.countTokens,
    ...(input.sessionId ? { sessionId: input.sessionId } : {}),
    ...(input.suffix ? { suffix: input.suffix } : {}),
  });
  return { memory, ...fitted };
}
