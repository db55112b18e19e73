/**
 * A candidate as the extractive extractor finds it in one message (extractive.ts,
 * statement-candidates.ts), and the same candidate once its speaker and the dates its quote implies
 * are attached (`attributed`).
 */
import { type ResolvedDate, resolveDates } from '../time/dates.js';
import { clip, MEMORY_ABSTRACT_MAX, MEMORY_CONTENT_MAX } from './policy.js';
import type { MemoryCandidate, RangeMessage } from './types.js';

/** A candidate found in one message, before its speaker and dates are attached. */
export interface Found {
  candidate: MemoryCandidate;
  /** An event, a plan or an answer: its date is when it holds (`validFrom`). */
  dated: boolean;
}

/** How a resolved date reads in a memory's content. */
function dateText(date: ResolvedDate): string {
  switch (date.granularity) {
    case 'week':
      return `week of ${date.from}`;
    case 'month':
      return date.from.slice(0, 7);
    case 'year':
      return date.from.slice(0, 4);
    default:
      return date.from;
  }
}

/**
 * The candidate with its speaker (content prefixed with the name, so two speakers' memories never
 * read alike) and the absolute dates its quote implies, resolved against the message's time
 * (context/time/dates.ts): "(≈ week of 2023-05-01)" in the content; for an event, plan or answer
 * also `validFrom`.
 */
export function attributed(found: Found, message: RangeMessage): MemoryCandidate {
  const candidate: MemoryCandidate = { ...found.candidate };
  if (message.at !== undefined) {
    // "now" marks a change of mind, not a date of the fact ("The codename is Osprey now").
    const dates = resolveDates(candidate.quote, new Date(message.at)).filter(
      (d) => !/^(?:right\s+)?now$/iu.test(d.text.trim()),
    );
    if (dates.length > 0) {
      const suffix = ` (≈ ${dates.map(dateText).join(', ')})`;
      candidate.content = clip(candidate.content + suffix, MEMORY_CONTENT_MAX);
      if (found.dated) candidate.validFrom = `${dates[0]!.from}T00:00:00.000Z`;
    }
  }
  if (message.speaker !== undefined) {
    candidate.speaker = message.speaker;
    candidate.content = clip(`${message.speaker}: ${candidate.content}`, MEMORY_CONTENT_MAX);
  }
  candidate.abstract = clip(candidate.content, MEMORY_ABSTRACT_MAX);
  return candidate;
}
