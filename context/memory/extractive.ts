/**
 * The `extractive` extractor: deterministic rules, no LLM (docs/memory.md#extraction). It reads sentences of
 * the user's messages (and decisions in the assistant's) and proposes candidates from the sentence
 * rules (extractive-rules.ts: explicit "remember" requests, preferences and prohibitions,
 * decisions, identities with exact identifiers), plainly stated facts about the user's world
 * (plain-facts.ts) and what people say in conversation (conversation.ts). Every quote is a slice
 * of its message, or of a burst of one speaker's messages joined (statement-candidates.ts).
 */
import {
  forwardedRanges,
  goesOn,
  isAdvice,
  isChatNoise,
  isInstruction,
  isQuestion,
  isReportedSpeech,
  isUptalk,
  TAG_QUESTION,
  withoutLeadIn,
} from './chat-guards.js';
import { conversationFinding } from './conversation.js';
import { namesSomeone, thanksFinding, thirdPersonFinding } from './conversation-others.js';
import { ruleCandidate } from './extractive-rules.js';
import { attributed, type Found } from './found.js';
import { inMoltText, moltRanges } from './molt-own.js';
import { fencedRanges, plainFactCandidates } from './plain-facts.js';
import { clip, MEMORY_ABSTRACT_MAX, MEMORY_CONTENT_MAX } from './policy.js';
import {
  burstsOf,
  type JudgedMessage,
  judged,
  judgedBurst,
  STATEMENT_MODEL,
} from './statement-candidates.js';
import type { StatementModel } from './statement-model.js';
import {
  affirms,
  answerStart,
  echoes,
  echoQuestion,
  isShortAnswer,
  isUnmarkedQuestion,
  openQuestion,
  yesNoQuestion,
} from './turn-pairing.js';
import type { MemoryCandidate, MemoryType, RangeMessage } from './types.js';

interface Sentence {
  text: string;
  /** Where it starts in the message. */
  index: number;
}

/**
 * Sentences of a message as verbatim slices: split after ! ? 。！？, after a full stop followed by
 * a space or the end (so `a.b@x.io` and `v1.2` stay whole), and at line breaks.
 */
export function sentencesOf(text: string): Sentence[] {
  // One linear pass (the regex it replaces, /(?:[^\n.!?。！？]|\.(?![\s.!?]|$))+(?:[.!?。！？]+|$)/gmu,
  // overflowed the stack on a sentence of a few megabytes: issue 19 item 9).
  const out: Sentence[] = [];
  const n = text.length;
  const isBody = (i: number): boolean => {
    const c = text[i]!;
    if (c === '.') {
      const next = text[i + 1];
      return next !== undefined && !/[\s.!?]/u.test(next);
    }
    return c !== '\n' && !TERMINATORS.has(c);
  };
  let i = 0;
  while (i < n) {
    if (!isBody(i)) {
      i += 1;
      continue;
    }
    const from = i;
    while (i < n && isBody(i)) i += 1;
    while (i < n && TERMINATORS.has(text[i]!)) i += 1;
    const raw = text.slice(from, i);
    const start = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed.length === 0) continue;
    const index = from + start;
    out.push({ text: text.slice(index, index + trimmed.length), index });
  }
  return out;
}

const TERMINATORS: ReadonlySet<string> = new Set(['.', '!', '?', '。', '！', '？']);

export interface ExtractiveOptions {
  /** Plainly stated facts (context/memory/plain-facts.ts); on unless false (the bench's baseline). */
  plainFacts?: boolean;
  /**
   * What people say in conversation and the guards against chatter and others' words
   * (context/memory/conversation.ts, `extractive@3`); on unless false (the bench's baseline:
   * `extractive@2` as it was).
   */
  conversation?: boolean;
  /**
   * The statement model (statement-model.ts) that judges each message of a conversation between
   * people; the committed one unless given, none when false (`extractive@3` as the rules alone).
   */
  statement?: StatementModel | false;
}

/**
 * Candidates of a range, in message and sentence order: at most one per sentence from the rules
 * above (first rule wins); a user's sentence none of them matched may state plain facts, one per
 * clause, unless it sits in a fenced code block. With `conversation` (the default), what people
 * say of their lives (events, plans, likings and feelings, relationships) and answers to the other
 * speaker's question, each as one memory with the sentences of the same message that go on
 * about it ("I went to Woodhaven last weekend. My grandpa turned 90"). Chatter, questions,
 * `>`-quoted (forwarded) lines, reported speech and molt's own text (molt-own.ts) give nothing. Each candidate carries its
 * message's speaker and the absolute dates its quote implies.
 */
export function extractCandidates(
  messages: readonly RangeMessage[],
  options: ExtractiveOptions = {},
): MemoryCandidate[] {
  const conversation = options.conversation !== false;
  // Speakers' names mark a conversation between people: instructions there are advice.
  const people = conversation && messages.some((m) => m.role === 'user' && m.speaker !== undefined);
  const out: MemoryCandidate[] = [];
  const reads: JudgedMessage[] = [];
  let previous: {
    message: RangeMessage;
    question: string | null;
    echo: string | null;
    yesNo: string | null;
  } | null = null;
  for (const message of messages) {
    const all = sentencesOf(message.text);
    // molt's own text sent back in a turn (molt-own.ts) states nothing of the conversation.
    const molt = moltRanges(message);
    const sentences = molt.length === 0 ? all : all.filter((x) => !inMoltText(molt, x.index, x.text.length));
    // The question of the message before, when another speaker asked it (a two-turn answer).
    const other =
      conversation && message.role === 'user' && previous && otherSpeaker(previous.message, message);
    // The answer starts past any sentence that is only an interjection ("yeah!! The Wolves.").
    const start = answerStart(sentences.map((x) => x.text));
    const opening = sentences[start];
    // A wh-question; a yes/no question the reply echoes ("still the Fillmore!") or says yes to
    // and goes on ("yep, the Harvest Invitational").
    const asked = !other
      ? null
      : (previous!.question ??
        (previous!.echo && opening && echoes(previous!.echo, opening.text) ? previous!.echo : null) ??
        (previous!.yesNo && sentences[0] && affirms(sentences[0].text) ? previous!.yesNo : null));
    const found: Found[] = conversation
      ? messageCandidates(
          message,
          all,
          molt,
          asked && opening ? { asked, at: all.indexOf(opening) } : null,
          people,
          options,
        )
      : sentences.flatMap(({ text, index }) => sentenceCandidates(message, text, index, options, false));
    reads.push({
      text: message.text,
      found,
      sentences: all,
      molt,
      previous: other ? previous!.message.text : null,
      asked,
    });
    const texts = sentences.map((x) => x.text);
    previous = {
      message,
      question: conversation ? openQuestion(texts) : null,
      echo: conversation ? echoQuestion(texts) : null,
      yesNo: conversation ? yesNoQuestion(texts) : null,
    };
  }
  const model = options.statement === undefined ? STATEMENT_MODEL : options.statement;
  // In a conversation between people the model judges each burst of one speaker's messages as one
  // text, else each message alone (statement-candidates.ts); candidates of a burst are attributed
  // to its first message.
  const judging = people && model ? model : null;
  for (const [from, to] of judging ? burstsOf(messages) : messages.map((_, i): [number, number] => [i, i])) {
    const whole =
      judging && messages[from]!.role === 'user' ? judgedBurst(judging, reads.slice(from, to + 1)) : null;
    if (whole) {
      out.push(...whole.map((f) => attributed(f, messages[from]!)));
      continue;
    }
    for (let i = from; i <= to; i += 1) {
      const message = messages[i]!;
      const found = judging && message.role === 'user' ? judged(judging, reads[i]!) : reads[i]!.found;
      out.push(...found.map((f) => (conversation ? attributed(f, message) : f.candidate)));
    }
  }
  return out;
}

/** The older rules and the plain facts of one sentence (as `extractive@2` read it). */
function sentenceCandidates(
  message: RangeMessage,
  text: string,
  index: number,
  options: ExtractiveOptions,
  people: boolean,
): Found[] {
  // Too long to be a memory (candidateOf refuses it): no rule's regex runs over megabytes.
  if (text.length > MEMORY_CONTENT_MAX || isQuestion(text)) return [];
  const rule = ruleCandidate(message.role, text, people);
  if (rule) return [{ candidate: rule, dated: false }];
  if (options.plainFacts === false || message.role !== 'user') return [];
  if (fencedRanges(message.text).some(([from, to]) => index >= from && index < to)) return [];
  return plainFactCandidates(text).map((candidate) => ({ candidate, dated: false }));
}

/** A sentence of a message as the conversation rules see it. */
interface Read {
  text: string;
  index: number;
  /** Neither chatter, a fragment, a question, forwarded, reported nor in a code block: it may state a memory. */
  said: boolean;
  /** It may go on about the memory the sentence before stated (a fragment may: "her lasagna."). */
  goes: boolean;
  /** The older rules or plain facts found memories in it (each its own). */
  ruled: Found[];
  /** Its memory is of a person the sentence before names ("She's flying in"): that sentence is part of its quote. */
  third: boolean;
  /** The conversation rules found a memory in it. */
  finding: { type: MemoryType; priority: number; dated: boolean } | null;
}

/** Sentences a memory may run on after the one that states it. */
const FOLLOWING_SENTENCES = 3;

function messageCandidates(
  message: RangeMessage,
  sentences: ReadonlyArray<{ text: string; index: number }>,
  molt: ReadonlyArray<[number, number]>,
  answering: { asked: string; at: number } | null,
  people: boolean,
  options: ExtractiveOptions,
): Found[] {
  const asked = answering?.asked ?? null;
  // A `>` block and a pasted chat log are forwarded: other people's words.
  const quoted = forwardedRanges(message.text);
  const fenced = fencedRanges(message.text);
  const inside = (ranges: Array<[number, number]>, index: number) =>
    ranges.some(([from, to]) => index >= from && index < to);
  const reads: Read[] = sentences.map(({ text, index }, at) => {
    // A tag asking for an opinion, or a rising "?" on a statement, does not make it a question.
    const statement = isUptalk(text) ? text.replace(/[?？]+\s*$/u, '') : text.replace(TAG_QUESTION, '');
    const own =
      text.length <= MEMORY_CONTENT_MAX &&
      !isQuestion(statement) &&
      !isUnmarkedQuestion(statement) &&
      !inside(quoted, index) &&
      !inside(fenced, index) &&
      !inMoltText(molt, index, text.length) &&
      !isReportedSpeech(text);
    // A thanks for a favour ("thanks for watching the house btw") says what was done for the speaker.
    const thanks = own && people && message.role === 'user' ? thanksFinding(statement) : null;
    const said = own && (thanks !== null || !isChatNoise(statement));
    const goes = own && goesOn(statement);
    if (!said) return { text, index, said, goes, ruled: [], third: false, finding: null };
    const ownWords = message.role === 'user' && !isAdvice(statement) && !(people && isInstruction(statement));
    // Between people, what someone says of their life is read first; else the older rules go first.
    let finding = thanks ?? (ownWords && people ? conversationFinding(withoutLeadIn(statement)) : null);
    const ruled = finding ? [] : sentenceCandidates(message, text, index, options, people);
    if (!finding && ruled.length === 0 && ownWords) finding = conversationFinding(withoutLeadIn(statement));
    // "That's what Karen says too. She's flying in from Phoenix": what a person just named does.
    let third = false;
    if (
      !finding &&
      ruled.length === 0 &&
      ownWords &&
      people &&
      at > 0 &&
      namesSomeone(sentences[at - 1]!.text)
    ) {
      finding = thirdPersonFinding(withoutLeadIn(statement));
      third = finding !== null;
    }
    return {
      text,
      index,
      said,
      goes,
      ruled,
      third,
      finding: finding && {
        type: finding.type,
        priority: finding.priority,
        dated: finding.kind === 'event' || finding.kind === 'plan',
      },
    };
  });
  const out: Found[] = [];
  const free = (i: number) => reads[i]?.goes === true && reads[i]!.ruled.length === 0;
  let covered = -1;
  for (const [i, read] of reads.entries()) {
    out.push(...read.ruled);
    // A short answer, or a verdict said first and its reason after ("incredible. best show I've seen in years").
    const answer =
      asked !== null &&
      // Past a verdict that is only chatter ("really well. they want me back Tuesday").
      (i === answering!.at || (i === answering!.at + 1 && !reads[answering!.at]!.goes)) &&
      free(i) &&
      (isShortAnswer(read.text, asked) ||
        (read.text.split(/\s+/u).length <= 3 &&
          free(i + 1) &&
          isShortAnswer(`${read.text} ${reads[i + 1]!.text}`, asked)));
    if (i <= covered || (!read.finding && !answer)) continue;
    // The sentence before may set it up ("I GOT ONE. junior designer at Finch Health!! I start Dec 1").
    const from =
      !answer && i > 0 && i - 1 > covered && (read.third || free(i - 1)) && !reads[i - 1]!.finding
        ? i - 1
        : i;
    let to = i;
    let after = 0;
    while (free(to + 1) && (reads[to + 1]!.finding || after < FOLLOWING_SENTENCES)) {
      to += 1;
      if (!reads[to]!.finding) after += 1;
    }
    covered = to;
    const first = reads.slice(from, to + 1).find((r) => r.finding)?.finding;
    const quote = message.text.slice(reads[from]!.index, reads[to]!.index + reads[to]!.text.length);
    if (quote.length > MEMORY_CONTENT_MAX) continue;
    const stated = quote.trim().replace(/[.。]+$/u, '');
    // A memory whose quote holds the answer's opening answers the question too ("how was Cabo??" —
    // "UNREAL. we got the last shot at golden hour"): the question is part of what it says.
    // A verdict said before it ("amazing. we did the tram") is chatter, but the memory still opens the reply.
    const opens =
      asked !== null &&
      (from <= answering!.at
        ? answering!.at <= to
        : from === answering!.at + 1 && !reads[answering!.at]!.goes);
    const answers = answer || opens;
    const content = answers ? clip(`${stated} (answering "${asked!.trim()}")`, MEMORY_CONTENT_MAX) : stated;
    out.push({
      candidate: {
        type: first?.type ?? 'entity',
        content,
        abstract: clip(content, MEMORY_ABSTRACT_MAX),
        key: null,
        quote,
        ...(answers ? { question: asked! } : {}),
        priority: first?.priority ?? 3,
      },
      dated: first?.dated ?? true,
    });
  }
  return out;
}

/** Two messages of different speakers: another name, or the agent asking and the user answering. */
function otherSpeaker(a: RangeMessage, b: RangeMessage): boolean {
  if (a.role === 'user' && b.role === 'user') return a.speaker !== undefined && a.speaker !== b.speaker;
  return a.role === 'assistant' && b.role === 'user';
}
