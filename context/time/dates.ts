/**
 * Dates that a message's text implies, resolved against the message's own time: "yesterday",
 * "last week", "next Friday", "in two weeks", "last January", "on 3 June", "on the 13th", "in 2019". The one
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

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const LAST_NEXT_MONTH = new RegExp(`\\b(last|next|for)\\s+(${MONTH_NAMES.join('|')})\\b`, 'gi');

/** Sentences with their offsets: tense is read per sentence. */
function sentencesOf(text: string): Array<{ text: string; index: number }> {
  const out: Array<{ text: string; index: number }> = [];
  for (const match of text.matchAll(/[^.!?\n]+[.!?\n]*/g))
    out.push({ text: match[0], index: match.index ?? 0 });
  return out;
}

/**
 * Whether a sentence speaks of what is ahead ("we're doing the shoot in March", "I'll see you on
 * Friday", "booked for March"): then a bare month or weekday is the next one, else the last one
 * (people mostly recount).
 */
const FORWARD =
  /\b(?:will|won't|shall|gonna|going\s+to|plan(?:s|ning)?\s+(?:to|on)|planned\s+for|hope\s+to|hoping\s+to|can't\s+wait|upcoming|booked|scheduled|for\s+(?:next|this\s+coming)|until|by\s+(?:next|the\s+end))\b|\b(?:moved|pushed|rescheduled|postponed|bumped|delayed|shifted|changed|switched)\s+(?:the|our|my|his|her|their|it)\b[^.!?]*\b(?:to|until|till)\b|'ll\b|\b(?:are|am|is|'re|'m|'s)\s+(?:\w+ing)\b[^.!?]*\b(?:next|in|on|for|this)\b/i;

/**
 * A verb in the past tense ("went", "started", "was") — not an "-ed" adjective after "am/is/so…"
 * ("I'm excited", "so tired") nor a word that only ends so ("need", "speed", "hundred") — or "ago",
 * "back in".
 */
const PAST_VERB =
  '(?:(?!(?:need|speed|bed|red|feed|seed|breed|weed|shed|wed|bleed|proceed|succeed|exceed|indeed|hundred|sacred|naked|wicked)\\b)\\w{2,}ed|went|was|were|had|did|got|took|made|came|left|began|flew|drove|ran|saw|met|found|bought|sold|wrote|gave|told|said|felt|kept|lost|won|spent|sent|built|brought|caught|heard|paid|became|ate|swam|rode|grew|knew|slept|fell|broke|chose|quit|spoke|woke|threw)';
const PAST = new RegExp(
  `(?<!\\b(?:am|is|are|'m|'re|'s|be|been|being|so|very|really|super|too|get|getting|feel|feeling|pretty|kinda|more|most|less)\\s)\\b${PAST_VERB}\\b|\\b(?:ago|back\\s+in)\\b`,
  'i',
);

/**
 * What is ahead said without "will": a progressive or a present tense that schedules ("starting in
 * September", "I'm starting in September", "we move in March", "the course starts in May", "we
 * leave on Friday"). Read only where the sentence has no past-tense verb (`PAST`).
 */
const AHEAD_WITHOUT_WILL = new RegExp(
  `(?:^|[^\\w']|\\b(?:i|we|you|they|he|she|it|[a-z]+)\\s+(?:\\w+ly\\s+|just\\s+|also\\s+|both\\s+|all\\s+)?)(?<!\\b(?:was|were|been|be|of|about|for|from|after|before|by|without|while|like|love|loved|enjoy|enjoyed|hate|hated|stop|stopped|started|kept|finished|quit|miss|missed|remember|tried)\\s)(?:\\w{2,}ing|(?:start|begin|move|leave|fly|head|go|graduate|open|launch|arrive|return|end|finish|close|kick|land|ship|release|come|get|visit|travel|retire|marry|wed|due)(?:s|es)?)\\b[^.!?]*\\b(?:in|on|this|next|from|at|around|starting|by|${MONTH_NAMES.join('|')})\\b`,
  'i',
);

/** The direction a sentence's bare month or weekday goes: ahead, or (people mostly recount) back. */
function looksForward(sentence: string): boolean {
  if (FORWARD.test(sentence)) return true;
  if (
    /\bfor\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/i.test(
      sentence,
    )
  )
    return true;
  return !PAST.test(sentence) && AHEAD_WITHOUT_WILL.test(sentence);
}

/**
 * A day of the month said alone: "on the 13th", "the 22nd", "friday the 15th" — never "the 4th
 * floor" or "the 2nd time" (a word after it other than a few that go on a sentence), nor a day
 * with its month ("the 14th of June": chrono reads those).
 */
const ORDINAL_DAY =
  /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+)?(?:on\s+)?the\s+(?<day>\d{1,2})(?:st|nd|rd|th)\b(?=\s*(?:$|[.,!?;:)…~—–-]|\s(?:at|for|and|or|then|so|is|was|works|work|would|will|but|if|when|because|too|as|in|with|from|till|until|instead|now|right|ok|lol|haha|i|we|you|to|after|before|morning|afternoon|evening|night)\b))/giu;
const WEEKDAY_ONLY = /^(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day$/iu;

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
  const refDay = utcDay(reference.getUTCFullYear(), reference.getUTCMonth() + 1, reference.getUTCDate());
  const sentences = sentencesOf(input);
  const sentenceAt = (index: number) =>
    sentences.find((x) => index >= x.index && index < x.index + x.text.length);
  for (const sentence of sentences) {
    const forward = looksForward(sentence.text);
    let results: chrono.ParsedResult[];
    try {
      results = chrono.parse(
        sentence.text,
        { instant: reference, timezone: utcOffsetMinutes },
        { forwardDate: forward },
      );
    } catch {
      continue;
    }
    for (const result of results) {
      if (/^(?:right\s+)?now$/i.test(result.text.trim())) continue;
      const granularity = granularityOf(result);
      if (!granularity) continue;
      const { start } = result;
      const year = start.get('year');
      const month = start.get('month');
      const day = start.get('day');
      if (year === null || month === null || day === null) continue;
      const before = sentence.text.slice(Math.max(0, result.index - 6), result.index);
      const saysLast = /\blast\s+$/i.test(before) || /^last\b/i.test(result.text);
      const saysNext =
        /\b(?:next|this|coming)\s+$/i.test(before) || /^(?:next|this|coming)\b/i.test(result.text);
      // Resolved against the reference unless the phrase writes its year out ("3 June 2021").
      const relative = !/\b(?:19|20)\d{2}\b/.test(result.text);
      let when = utcDay(year, month, day);
      if (granularity === 'month' && !start.isCertain('year')) {
        const monthStart = utcDay(year, month, 1);
        const refMonth = utcDay(reference.getUTCFullYear(), reference.getUTCMonth() + 1, 1);
        // "last January" said in January is a year ago; a bare month ahead of the reference in a
        // sentence that recounts ("back in November", said in May) is last year's.
        if ((saysLast && monthStart >= refMonth) || (!forward && !saysNext && monthStart > refMonth)) {
          when = utcDay(year - 1, month, 1);
        } else if (
          forward &&
          (year - reference.getUTCFullYear()) * 12 + (month - 1 - reference.getUTCMonth()) >= 12
        ) {
          // Planned "for January" on 2 January is this January, not the next.
          when = utcDay(year - 1, month, 1);
        }
      } else if (granularity === 'day' && start.isCertain('weekday') && !start.isCertain('day')) {
        // A bare weekday: the latest one up to today when the sentence recounts ("I went hiking on
        // Sunday", said on Saturday), the next one from today when it looks forward.
        if (!forward && !saysNext && when > refDay) when -= 7 * DAY_MS;
        if (saysLast && when >= refDay) when -= 7 * DAY_MS;
      }
      const d = new Date(when);
      out.push({
        text: result.text,
        index: sentence.index + result.index,
        granularity,
        ...spanOf(granularity, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()),
        relative,
      });
    }
  }
  // "last May" / "next May" / "for May": chrono leaves a bare "May" alone (it is also a verb).
  for (const match of input.matchAll(LAST_NEXT_MONTH)) {
    const index = match.index ?? 0;
    if (out.some((d) => index < d.index + d.text.length && d.index < index + match[0].length)) continue;
    const month = MONTH_NAMES.indexOf((match[2] as string).toLowerCase()) + 1;
    const refMonth = reference.getUTCFullYear() * 12 + reference.getUTCMonth();
    let at = reference.getUTCFullYear() * 12 + (month - 1);
    const word = (match[1] as string).toLowerCase();
    const sentence = sentenceAt(index);
    const ahead =
      word === 'next' || (word === 'for' && sentence !== undefined && looksForward(sentence.text));
    if (word === 'last') {
      if (at >= refMonth) at -= 12;
    } else if (word === 'next') {
      if (at <= refMonth) at += 12;
    } else if (ahead) {
      if (at < refMonth) at += 12;
    } else if (at > refMonth) at -= 12;
    out.push({
      text: match[0],
      index,
      granularity: 'month',
      ...spanOf('month', Math.floor(at / 12), (at % 12) + 1, 1),
      relative: true,
    });
  }
  // "on the 13th", "friday the 15th": a day of the month said alone — the next one when the
  // sentence looks forward or does not recount, the last one when it recounts; a weekday said with
  // it is the same day.
  for (const match of input.matchAll(ORDINAL_DAY)) {
    const index = match.index ?? 0;
    const overlaps = (d: ResolvedDate) =>
      index < d.index + d.text.length && d.index < index + match[0].length;
    if (out.some((d) => overlaps(d) && !WEEKDAY_ONLY.test(d.text))) continue;
    const day = Number(match.groups!.day);
    if (day < 1 || day > 31) continue;
    const sentence = sentenceAt(index);
    const back = sentence !== undefined && !FORWARD.test(sentence.text) && PAST.test(sentence.text);
    let year = reference.getUTCFullYear();
    let month = reference.getUTCMonth() + 1;
    const today = reference.getUTCDate();
    if (back ? day > today : day < today) month += back ? -1 : 1;
    // A month without that day (the 31st in April): the one after (or before) it.
    for (let tries = 0; tries < 3; tries += 1) {
      if (month < 1) [year, month] = [year - 1, 12];
      if (month > 12) [year, month] = [year + 1, 1];
      if (day <= lastDayOfMonth(year, month)) break;
      month += back ? -1 : 1;
    }
    // The weekday said with it ("friday the 15th") names the same day: drop its own reading.
    const weekday = out.findIndex((d) => overlaps(d) && WEEKDAY_ONLY.test(d.text));
    if (weekday >= 0) out.splice(weekday, 1);
    out.push({
      text: match[0],
      index,
      granularity: 'day',
      ...spanOf('day', year, month, day),
      relative: true,
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
