/**
 * Dates that a message's text implies, resolved against the message's own time: "yesterday",
 * "last week", "next Friday", "in two weeks", "last January", "on 3 June", "in 2019". The one
 * implementation of this rule for episodes (what a turn said, docs/memory.md) and extracted
 * memories alike, and for questions that name or ask for a time.
 *
 * Parsing is chrono-node's (English casual dates, relative expressions, weekdays and months); this
 * module decides what a resolved phrase means as a span of days. A phrase names a day, a week, a
 * month or a year; its span is the days it covers (`from`..`to`, inclusive, `YYYY-MM-DD`). Times
 * of day alone ("at 5pm") name no date and are dropped. Pure: the reference time is passed in.
 */
import * as chrono from 'chrono-node';

export type DateGranularity = 'day' | 'week' | 'month' | 'year';

export interface ResolvedDate {
  /** The phrase as written in the text. */
  text: string;
  /** Its offset in the text (UTF-16 code units). */
  index: number;
  granularity: DateGranularity;
  /** First day of the span, `YYYY-MM-DD`. */
  from: string;
  /** Last day of the span, `YYYY-MM-DD` (inclusive). */
  to: string;
  /** True when the phrase needed the reference time to mean anything ("yesterday", "May"). */
  relative: boolean;
}

/** The longest text this module parses; longer text is cut (chrono's cost grows with length). */
export const DATE_TEXT_MAX_CHARS = 4_000;

const DAY_MS = 86_400_000;

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function utcDay(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day);
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A year written alone after a preposition ("in 2019", "since 2021", "back in 1998"). */
const YEAR_PHRASE = /\b(?:in|since|during|back in|from|until|of)\s+((?:19|20)\d{2})\b(?![-/:.]\d)/gi;

function spanOf(
  granularity: DateGranularity,
  year: number,
  month: number,
  day: number,
): { from: string; to: string } {
  switch (granularity) {
    case 'year':
      return { from: isoDay(utcDay(year, 1, 1)), to: isoDay(utcDay(year, 12, 31)) };
    case 'month':
      return {
        from: isoDay(utcDay(year, month, 1)),
        to: isoDay(utcDay(year, month, lastDayOfMonth(year, month))),
      };
    case 'week': {
      // ISO weeks: Monday to Sunday.
      const ms = utcDay(year, month, day);
      const weekday = (new Date(ms).getUTCDay() + 6) % 7;
      const monday = ms - weekday * DAY_MS;
      return { from: isoDay(monday), to: isoDay(monday + 6 * DAY_MS) };
    }
    default: {
      const one = isoDay(utcDay(year, month, day));
      return { from: one, to: one };
    }
  }
}

function granularityOf(result: chrono.ParsedResult): DateGranularity | undefined {
  const known = result.start;
  const text = result.text.toLowerCase();
  if (/\bweek(?:s)?\b/.test(text) && !/\bweeks?\s+ago\b/.test(text) && !/\bin\s+\w+\s+weeks?\b/.test(text)) {
    return 'week';
  }
  if (/\bweekend\b/.test(text)) return 'week';
  if (known.isCertain('day') || known.isCertain('weekday')) return 'day';
  if (known.isCertain('month')) return 'month';
  if (known.isCertain('year')) return 'year';
  return undefined;
}

/**
 * The dates `text` implies, resolved against `reference` (the message's time). `utcOffsetMinutes`
 * is the speaker's offset from UTC when known (a message's own timestamp offset); days are the
 * speaker's days. Past is preferred for ambiguous phrases ("May" said in August is this May, said
 * in February it is last May), as people mostly recount.
 */
export function resolveDates(text: string, reference: Date, utcOffsetMinutes = 0): ResolvedDate[] {
  if (!Number.isFinite(reference.getTime())) return [];
  const input = text.length > DATE_TEXT_MAX_CHARS ? text.slice(0, DATE_TEXT_MAX_CHARS) : text;
  const out: ResolvedDate[] = [];
  let results: chrono.ParsedResult[];
  try {
    results = chrono.parse(input, { instant: reference, timezone: utcOffsetMinutes }, { forwardDate: false });
  } catch {
    return [];
  }
  for (const result of results) {
    const granularity = granularityOf(result);
    if (!granularity) continue;
    const { start } = result;
    const year = start.get('year');
    const month = start.get('month');
    const day = start.get('day');
    if (year === null || month === null || day === null) continue;
    // Resolved against the reference unless the phrase writes its year out ("3 June 2021").
    const relative = !/\b(?:19|20)\d{2}\b/.test(result.text);
    let resolvedYear = year;
    // A bare month in the future of the reference ("in November", said in May) is last year's,
    // unless the phrase looks forward ("next", "in" + future plans is ambiguous: keep the past).
    if (
      granularity === 'month' &&
      !start.isCertain('year') &&
      !/\bnext\b/i.test(result.text) &&
      utcDay(year, month, 1) > reference.getTime()
    ) {
      resolvedYear = year - 1;
    }
    out.push({
      text: result.text,
      index: result.index,
      granularity,
      ...spanOf(granularity, resolvedYear, month, day),
      relative,
    });
  }
  for (const match of input.matchAll(YEAR_PHRASE)) {
    const year = Number(match[1]);
    const index = (match.index ?? 0) + match[0].length - 4;
    if (out.some((d) => index >= d.index && index < d.index + d.text.length)) continue;
    out.push({
      text: match[1] as string,
      index,
      granularity: 'year',
      ...spanOf('year', year, 1, 1),
      relative: false,
    });
  }
  return out.sort((a, b) => a.index - b.index);
}

/** Dates kept with one episode or memory (the `dates` column). */
export const MAX_STORED_DATES = 8;

/**
 * The dates a stored episode or memory keeps (the `dates` column): the phrases of `texts`, each
 * resolved against `reference` (when it was said), the first of equal spans kept, at most
 * MAX_STORED_DATES. An extracted memory passes its quote (the speaker's own words, whose "yesterday"
 * the message's time resolves) and its content.
 */
export function storedDates(
  texts: readonly string[],
  reference: Date,
): Array<{ text: string; from: string; to: string }> {
  const out: Array<{ text: string; from: string; to: string }> = [];
  for (const text of texts) {
    for (const { text: phrase, from, to } of resolveDates(text, reference)) {
      if (out.length >= MAX_STORED_DATES) return out;
      if (out.some((d) => d.from === from && d.to === to)) continue;
      out.push({ text: phrase, from, to });
    }
  }
  return out;
}

/** What a question asks of time: whether it asks *when*, and the span it names, if any. */
export interface QueryTime {
  asksWhen: boolean;
  spans: Array<{ from: string; to: string }>;
}

const ASKS_WHEN =
  /\b(?:when|what\s+(?:day|date|month|year|time)|how\s+long\s+ago|which\s+(?:day|date|month|year))\b/i;

/** Reads a question's time: "when did…" asks for a date; "in May", "last week" name a span. */
export function queryTime(query: string, now: Date): QueryTime {
  return {
    asksWhen: ASKS_WHEN.test(query),
    spans: resolveDates(query, now).map(({ from, to }) => ({ from, to })),
  };
}

/** Whether two inclusive day spans overlap (ISO day strings compare as text). */
export function spansOverlap(a: { from: string; to: string }, b: { from: string; to: string }): boolean {
  return a.from <= b.to && b.from <= a.to;
}
