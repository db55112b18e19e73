/**
 * The people-conversation corpus (issues 30 and 31; bench/README.md, "The people-conversation
 * corpus"): hand-written multi-session conversations between two people (and group chats of
 * three), with the questions a later user or agent would ask about them, the message ids that hold
 * each answer, and the memories an extractor should keep (and the messages it must not keep).
 *
 * Two parts, one JSON file per conversation:
 *
 * - `bench/people/held-out/`: written and committed before any tuning; never read while tuning
 *   recall or extraction, only reported. A conversation that was used to tune something stops
 *   being held out: move it to `tuning/` and write a new one.
 * - `bench/people/tuning/`: what recall and extraction may be tuned against.
 *
 * `loadPeopleCorpus(part)` validates every file against `conversationSchema` (shapes, ids unique,
 * every referenced message present, times never going backwards, labels consistent) and throws an
 * error naming the file and what is wrong. `scoreEvidence` is the one scoring rule for evidence
 * hit@k, shared by the BM25 baseline (bench/people.bench.ts) and anything compared with it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';

export const QUESTION_CATEGORIES = [
  'single_hop',
  'multi_hop',
  'temporal',
  'update',
  'two_turn',
  'preference',
  'paraphrase',
] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

export const MEMORY_KINDS = [
  'event',
  'plan',
  'preference',
  'fact',
  'relationship',
  'two_turn_answer',
] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

export const PEOPLE_PARTS = ['tuning', 'held-out'] as const;
export type PeoplePart = (typeof PEOPLE_PARTS)[number];

/** Bounds the corpus was written to (the task brief of issues 30/31's corpus). */
export const PEOPLE_CORPUS_BOUNDS = {
  sessions: { min: 3, max: 6 },
  messagesPerSession: { min: 12, max: 40 },
  questions: { min: 12 },
  memories: { min: 8 },
  negatives: { min: 8 },
  /** Sessions are days to weeks apart: start to start. */
  sessionGapDays: { min: 1, max: 60 },
} as const;

const DAY_MS = 86_400_000;

const idList = z.array(z.string().min(1)).min(1);

const messageSchema = z.strictObject({
  /** `s<session>-m<n>`, unique in its conversation. */
  id: z.string().regex(/^s\d+-m\d+$/, 'a message id looks like s2-m14'),
  speaker: z.string().min(1),
  text: z.string().min(1),
  at: z.iso.datetime(),
});

const sessionSchema = z.strictObject({
  id: z.string().regex(/^s\d+$/, 'a session id looks like s2'),
  startedAt: z.iso.datetime(),
  messages: z
    .array(messageSchema)
    .min(PEOPLE_CORPUS_BOUNDS.messagesPerSession.min)
    .max(PEOPLE_CORPUS_BOUNDS.messagesPerSession.max),
});

const questionSchema = z.strictObject({
  id: z.string().min(1),
  question: z.string().min(1),
  answer: z.string().min(1),
  category: z.enum(QUESTION_CATEGORIES),
  /** Messages holding the answer (for `update`: the amending ones). */
  evidence: idList,
  /** `update` only: the earlier messages the evidence amends. */
  supersededEvidence: idList.optional(),
});

/** A calendar date `YYYY-MM-DD`, or a month `YYYY-MM`, that exists. */
const labelDate = z
  .string()
  .regex(/^\d{4}-\d{2}(-\d{2})?$/, 'a date is YYYY-MM-DD or YYYY-MM')
  .refine((value) => {
    const full = value.length === 7 ? `${value}-01` : value;
    const parsed = new Date(`${full}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === full;
  }, 'not a calendar date');

const memorySchema = z.strictObject({
  id: z.string().min(1),
  speaker: z.string().min(1),
  kind: z.enum(MEMORY_KINDS),
  evidence: idList,
  /** 1–3 key words or values the memory must state; each occurs in its evidence's text. */
  mustContain: z.array(z.string().min(1)).min(1).max(3),
  /** The absolute date the text implies through the message time. */
  date: labelDate.optional(),
});

const conversationShape = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'a conversation id is lowercase words joined by -'),
  speakers: z.array(z.string().min(1)).min(2).max(3),
  sessions: z
    .array(sessionSchema)
    .min(PEOPLE_CORPUS_BOUNDS.sessions.min)
    .max(PEOPLE_CORPUS_BOUNDS.sessions.max),
  questions: z.array(questionSchema).min(PEOPLE_CORPUS_BOUNDS.questions.min),
  memories: z.array(memorySchema).min(PEOPLE_CORPUS_BOUNDS.memories.min),
  /** Messages that must yield no memory (advice, pleasantries, questions, quoted/reported speech…). */
  negatives: idList.min(PEOPLE_CORPUS_BOUNDS.negatives.min),
});

export type PeopleMessage = z.infer<typeof messageSchema>;
export type PeopleSession = z.infer<typeof sessionSchema>;
export type PeopleQuestion = z.infer<typeof questionSchema>;
export type PeopleMemory = z.infer<typeof memorySchema>;
export type PeopleConversation = z.infer<typeof conversationShape>;

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return [...repeated];
}

/** The cross-references a shape cannot express. */
function checkConversation(conversation: PeopleConversation, ctx: z.RefinementCtx): void {
  const issue = (message: string, path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', message, path });
  const { speakers, sessions, questions, memories, negatives } = conversation;

  for (const name of duplicates(speakers)) issue(`speaker ${name} is listed twice`, ['speakers']);
  for (const id of duplicates(sessions.map((s) => s.id)))
    issue(`session id ${id} is not unique`, ['sessions']);
  const messages = new Map<string, PeopleMessage>();
  for (const id of duplicates(sessions.flatMap((s) => s.messages.map((m) => m.id)))) {
    issue(`message id ${id} is not unique`, ['sessions']);
  }
  for (const session of sessions) for (const m of session.messages) messages.set(m.id, m);
  for (const id of duplicates(questions.map((q) => q.id)))
    issue(`question id ${id} is not unique`, ['questions']);
  for (const id of duplicates(memories.map((m) => m.id)))
    issue(`memory id ${id} is not unique`, ['memories']);
  for (const id of duplicates(negatives)) issue(`negative ${id} is listed twice`, ['negatives']);

  let previous: { id: string; at: number } | undefined;
  let previousStart: number | undefined;
  sessions.forEach((session, s) => {
    const start = Date.parse(session.startedAt);
    const first = session.messages[0];
    if (first && Date.parse(first.at) < start) {
      issue(`message ${first.id} is before its session started`, ['sessions', s, 'startedAt']);
    }
    if (previousStart !== undefined) {
      const gapDays = (start - previousStart) / DAY_MS;
      const { min, max } = PEOPLE_CORPUS_BOUNDS.sessionGapDays;
      if (gapDays < min || gapDays > max) {
        issue(
          `session ${session.id} starts ${gapDays.toFixed(1)} days after the one before (${min}–${max})`,
          ['sessions', s, 'startedAt'],
        );
      }
    }
    previousStart = start;
    session.messages.forEach((m, i) => {
      if (!m.id.startsWith(`${session.id}-`)) {
        issue(`message ${m.id} is not named after its session ${session.id}`, [
          'sessions',
          s,
          'messages',
          i,
          'id',
        ]);
      }
      if (!speakers.includes(m.speaker)) {
        issue(`message ${m.id} has speaker ${m.speaker}, not one of the speakers`, [
          'sessions',
          s,
          'messages',
          i,
        ]);
      }
      const at = Date.parse(m.at);
      if (previous && at < previous.at) {
        issue(`message ${m.id} is earlier than ${previous.id}`, ['sessions', s, 'messages', i, 'at']);
      }
      previous = { id: m.id, at };
    });
  });

  const known = (ids: readonly string[], path: (string | number)[]) => {
    for (const id of ids) if (!messages.has(id)) issue(`message ${id} does not exist`, path);
  };
  const speakersOf = (ids: readonly string[]) => new Set(ids.map((id) => messages.get(id)?.speaker));

  questions.forEach((q, i) => {
    known(q.evidence, ['questions', i, 'evidence']);
    for (const id of duplicates(q.evidence))
      issue(`evidence ${id} is listed twice`, ['questions', i, 'evidence']);
    if (q.category === 'update') {
      if (!q.supersededEvidence) issue('an update question lists its supersededEvidence', ['questions', i]);
    } else if (q.supersededEvidence) {
      issue('only an update question has supersededEvidence', ['questions', i, 'supersededEvidence']);
    }
    if (q.supersededEvidence) {
      known(q.supersededEvidence, ['questions', i, 'supersededEvidence']);
      for (const id of q.supersededEvidence) {
        if (q.evidence.includes(id)) issue(`${id} is both evidence and superseded`, ['questions', i]);
      }
      const newest = Math.max(...q.evidence.map((id) => Date.parse(messages.get(id)?.at ?? '')));
      const oldest = Math.min(...q.supersededEvidence.map((id) => Date.parse(messages.get(id)?.at ?? '')));
      if (!(oldest < newest))
        issue('the superseded evidence is not older than the evidence', ['questions', i]);
    }
    if (q.category === 'two_turn' && speakersOf(q.evidence).size < 2) {
      issue('a two_turn question cites the question and the answer, by two speakers', [
        'questions',
        i,
        'evidence',
      ]);
    }
  });

  const memoryEvidence = new Set<string>();
  memories.forEach((memory, i) => {
    known(memory.evidence, ['memories', i, 'evidence']);
    for (const id of memory.evidence) memoryEvidence.add(id);
    if (!speakers.includes(memory.speaker)) {
      issue(`memory speaker ${memory.speaker} is not one of the speakers`, ['memories', i, 'speaker']);
    }
    if (memory.kind === 'two_turn_answer' && speakersOf(memory.evidence).size < 2) {
      issue('a two_turn_answer cites the question and the answer, by two speakers', [
        'memories',
        i,
        'evidence',
      ]);
    }
    const text = memory.evidence
      .map((id) => messages.get(id)?.text ?? '')
      .join('\n')
      .toLowerCase();
    for (const word of memory.mustContain) {
      if (!text.includes(word.toLowerCase())) {
        issue(`"${word}" does not occur in the memory's evidence`, ['memories', i, 'mustContain']);
      }
    }
  });

  known(negatives, ['negatives']);
  for (const id of negatives) {
    if (memoryEvidence.has(id)) issue(`${id} is both a negative and a memory's evidence`, ['negatives']);
  }
}

export const conversationSchema = conversationShape.superRefine(checkConversation);

/** A conversation as loaded, with the part and file it came from. */
export interface LoadedConversation extends PeopleConversation {
  part: PeoplePart;
  file: string;
}

const PART_DIRS: Record<PeoplePart, URL> = {
  tuning: new URL('./people/tuning/', import.meta.url),
  'held-out': new URL('./people/held-out/', import.meta.url),
};

/** Validates one conversation (already parsed JSON); the error names `source` and each problem. */
export function parseConversation(data: unknown, source: string): PeopleConversation {
  const result = conversationSchema.safeParse(data);
  if (!result.success) throw new Error(`${source}: ${z.prettifyError(result.error)}`);
  return result.data;
}

function loadPart(part: PeoplePart): LoadedConversation[] {
  const dir = PART_DIRS[part];
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return files.map((file) => {
    const source = `bench/people/${part}/${file}`;
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
    } catch (error) {
      throw new Error(`${source}: not valid JSON (${(error as Error).message})`);
    }
    const conversation = parseConversation(data, source);
    if (`${conversation.id}.json` !== file)
      throw new Error(`${source}: id ${conversation.id} differs from the file name`);
    return { ...conversation, part, file: source };
  });
}

/** Every conversation of a part (or both), validated; conversation ids are unique across parts. */
export function loadPeopleCorpus(part: PeoplePart | 'all'): LoadedConversation[] {
  const parts = part === 'all' ? PEOPLE_PARTS : [part];
  const conversations = parts.flatMap(loadPart);
  const repeated = duplicates(conversations.map((c) => c.id));
  if (repeated.length > 0)
    throw new Error(`conversation ids not unique across parts: ${repeated.join(', ')}`);
  return conversations;
}

export interface HitRates {
  questions: number;
  /** Share of questions with an evidence message among the first k results. */
  hitAt5: number;
  hitAt10: number;
}

export interface EvidenceScore extends HitRates {
  conversations: number;
  byCategory: Partial<Record<QuestionCategory, HitRates>>;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Evidence hit@5 and hit@10: a question is a hit at k when any of its `evidence` message ids is
 * among the first k ids `retrieve` returns for it (ranked best first, at least 10 asked for).
 */
export async function scoreEvidence(
  conversations: readonly PeopleConversation[],
  retrieve: (conversation: PeopleConversation, question: PeopleQuestion) => Promise<string[]> | string[],
): Promise<EvidenceScore> {
  const tally = new Map<QuestionCategory | 'all', { n: number; at5: number; at10: number }>();
  const add = (key: QuestionCategory | 'all', at5: boolean, at10: boolean) => {
    const t = tally.get(key) ?? { n: 0, at5: 0, at10: 0 };
    t.n += 1;
    t.at5 += at5 ? 1 : 0;
    t.at10 += at10 ? 1 : 0;
    tally.set(key, t);
  };
  for (const conversation of conversations) {
    for (const question of conversation.questions) {
      const ranked = await retrieve(conversation, question);
      const evidence = new Set(question.evidence);
      const at5 = ranked.slice(0, 5).some((id) => evidence.has(id));
      const at10 = ranked.slice(0, 10).some((id) => evidence.has(id));
      add('all', at5, at10);
      add(question.category, at5, at10);
    }
  }
  const rates = (t: { n: number; at5: number; at10: number } | undefined): HitRates => ({
    questions: t?.n ?? 0,
    hitAt5: t && t.n > 0 ? round3(t.at5 / t.n) : 0,
    hitAt10: t && t.n > 0 ? round3(t.at10 / t.n) : 0,
  });
  const byCategory: Partial<Record<QuestionCategory, HitRates>> = {};
  for (const category of QUESTION_CATEGORIES) {
    if (tally.has(category)) byCategory[category] = rates(tally.get(category));
  }
  return { conversations: conversations.length, ...rates(tally.get('all')), byCategory };
}
