/**
 * Extraction that keeps what people say and drops what they don't mean (issue 31): the extractive
 * extractor as it was (`extractive@2`: `{conversation: false}`) against `extractive@3`, in the
 * same run, on conversations between people with planted memory labels:
 *
 * - the tuning set written beside the rules (bench/people-extraction-tuning.ts);
 * - the people corpus (bench/people-corpus.ts `loadPeopleCorpus`), its tuning part and, reported
 *   apart, its held-out part — or "absent" when that module is not there;
 * - the existing corpora (the plain-fact cases, the generated memory corpus, foreign text and
 *   update accuracy on PGlite: bench/memory-facts.bench.ts `compareFacts`), which must be no worse.
 *
 * Each session is one range, every message said by a `user` with its speaker's name and time, as
 * molt reads a multi-party conversation. What the extractor proposes goes through the verifier
 * (verifyCandidates): only what would be stored is scored. A stored candidate is right when it
 * comes from one of a planted memory's evidence messages (or spans one, when its quote spans a
 * burst of one speaker's messages: verify.ts), by that memory's speaker, and states
 * every `mustContain` value; everything else counts against precision ("strict"). "Labelled"
 * precision counts only candidates from messages the labels speak about (evidence or negatives).
 * Recall is of planted memories (by kind); a dated memory's date is right when its content or
 * `validFrom` holds the planted date. Also: the share of turns that yield a memory, the negatives
 * that yielded one, and extraction time per 1,000 turns (both extractors, same run, same input).
 *
 * Run: `npx tsx bench/extraction.bench.ts` — prints one JSON object.
 * `MOLT_BENCH_EXTRACTION_PARTS=people` skips the existing corpora (no PGlite).
 */
import { type ExtractiveOptions, extractCandidates } from '../context/memory/extractive.js';
import { STATEMENT_MODEL } from '../context/memory/statement-candidates.js';
import type { MemoryCandidate, RangeMessage } from '../context/memory/types.js';
import { verifyCandidates } from '../context/memory/verify.js';
import { compareFacts } from './memory-facts.bench.js';
import { PEOPLE_EXTRACTION_TUNING, type PeopleConversation } from './people-extraction-tuning.js';
import { log, round, runAsScript } from './stack.js';

export const BEFORE: ExtractiveOptions = { conversation: false };
/** `extractive@3`'s hand-written rules alone, without the statement model (context/memory/statement-model.ts). */
export const RULES: ExtractiveOptions = { statement: false };
export const AFTER: ExtractiveOptions = {};

interface Stored {
  conversation: string;
  messageId: string;
  /** Every message its quote spans (one, or a burst's: verify.ts). */
  messageIds: string[];
  speaker: string;
  candidate: MemoryCandidate;
}

/** Each session of a conversation as the range molt reads, with the message ids by seq. */
export function rangesOf(conversation: PeopleConversation) {
  return conversation.sessions.map((s) => {
    const range: RangeMessage[] = s.messages.map((m, i) => ({
      seq: i + 1,
      role: 'user',
      text: m.text,
      speaker: m.speaker,
      at: Date.parse(m.at),
    }));
    return { range, ids: s.messages.map((m) => m.id), speakers: s.messages.map((m) => m.speaker) };
  });
}

function extractAll(conversations: readonly PeopleConversation[], options: ExtractiveOptions): Stored[] {
  const out: Stored[] = [];
  for (const conversation of conversations) {
    for (const { range, ids, speakers } of rangesOf(conversation)) {
      const { accepted } = verifyCandidates(extractCandidates(range, options), range);
      for (const { candidate, seq, through } of accepted) {
        out.push({
          conversation: conversation.id,
          messageId: ids[seq - 1]!,
          messageIds: ids.slice(seq - 1, through ?? seq),
          speaker: speakers[seq - 1]!,
          candidate,
        });
      }
    }
  }
  return out;
}

const folded = (text: string) => text.normalize('NFKC').toLowerCase();

function matches(stored: Stored, memory: PeopleConversation['memories'][number]): boolean {
  if (!stored.messageIds.some((id) => memory.evidence.includes(id)) || stored.speaker !== memory.speaker)
    return false;
  const content = folded(stored.candidate.content);
  return memory.mustContain.every((word) => content.includes(folded(word)));
}

function datedRight(stored: Stored, date: string): boolean {
  return stored.candidate.content.includes(date) || (stored.candidate.validFrom ?? '').startsWith(date);
}

export function score(conversations: readonly PeopleConversation[], options: ExtractiveOptions) {
  const stored = extractAll(conversations, options);
  const byConversation = new Map(conversations.map((c) => [c.id, c]));
  let right = 0;
  let labelled = 0;
  let labelledRight = 0;
  const kept: string[] = [];
  const wrong: string[] = [];
  const unlabelled: string[] = [];
  for (const s of stored) {
    const conversation = byConversation.get(s.conversation)!;
    const hit = conversation.memories.some((m) => matches(s, m));
    const spoken = s.messageIds.some(
      (id) =>
        conversation.negatives.includes(id) || conversation.memories.some((m) => m.evidence.includes(id)),
    );
    if (hit) right += 1;
    if (spoken) {
      labelled += 1;
      if (hit) labelledRight += 1;
    }
    const line = `${s.conversation}/${s.messageId}: ${s.candidate.content}`;
    if (hit) kept.push(line);
    else if (spoken) wrong.push(line);
    else unlabelled.push(line);
  }
  const byKind: Record<string, { found: number; of: number }> = {};
  let planted = 0;
  let found = 0;
  let dated = 0;
  let datedFound = 0;
  const missed: string[] = [];
  for (const conversation of conversations) {
    for (const memory of conversation.memories) {
      planted += 1;
      byKind[memory.kind] ??= { found: 0, of: 0 };
      const kind = byKind[memory.kind]!;
      kind.of += 1;
      const hits = stored.filter((s) => s.conversation === conversation.id && matches(s, memory));
      if (hits.length > 0) {
        found += 1;
        kind.found += 1;
      } else {
        const evidence = conversation.sessions
          .flatMap((s) => s.messages)
          .filter((m) => memory.evidence.includes(m.id))
          .map((m) => m.text)
          .join(' / ');
        missed.push(`${conversation.id}/${memory.id} (${memory.kind}): ${evidence}`);
      }
      if (memory.date) {
        dated += 1;
        if (hits.some((s) => datedRight(s, memory.date!))) datedFound += 1;
      }
    }
  }
  const turns = conversations.reduce((n, c) => n + c.sessions.reduce((k, s) => k + s.messages.length, 0), 0);
  const turnsWithMemory = new Set(stored.flatMap((s) => s.messageIds.map((id) => `${s.conversation}/${id}`)))
    .size;
  const negatives = conversations.reduce((n, c) => n + c.negatives.length, 0);
  const negativesHit = conversations.reduce(
    (n, c) =>
      n +
      c.negatives.filter((id) => stored.some((s) => s.conversation === c.id && s.messageIds.includes(id)))
        .length,
    0,
  );
  return {
    conversations: conversations.length,
    turns,
    plantedMemories: planted,
    stored: stored.length,
    precision: stored.length === 0 ? null : round(right / stored.length, 3),
    precisionLabelled: labelled === 0 ? null : round(labelledRight / labelled, 3),
    /** Stored from messages the labels say nothing of (neither evidence nor a negative): strict precision counts them wrong, labelled precision leaves them out. */
    unlabelledStored: unlabelled.length,
    /** Stored from a labelled message and matching no planted memory (a negative, or a memory missing its words or speaker). */
    wrongStored: wrong.length,
    recall: round(found / Math.max(1, planted), 3),
    recallByKind: Object.fromEntries(
      Object.entries(byKind).map(([kind, { found: f, of }]) => [
        kind,
        { found: f, of, recall: round(f / of, 3) },
      ]),
    ),
    datesRight: { right: datedFound, of: dated },
    shareOfTurnsWithMemory: round(turnsWithMemory / Math.max(1, turns), 3),
    negativesWithMemory: { hit: negativesHit, of: negatives },
    kept: kept.slice(0, 12),
    wrong: wrong.slice(0, 20),
    unlabelled: unlabelled.slice(0, 20),
    missed: missed.slice(0, 20),
    /** Every one (for tuning; not printed by run()). */
    wrongAll: wrong,
    unlabelledAll: unlabelled,
    missedAll: missed,
  };
}

/** Milliseconds per 1,000 turns of extraction (verification included), both extractors on the same input. */
function timePerThousandTurns(conversations: readonly PeopleConversation[]) {
  const ranges = conversations.flatMap(rangesOf).map((r) => r.range);
  const turns = ranges.reduce((n, r) => n + r.length, 0);
  const measure = (options: ExtractiveOptions) => {
    for (const range of ranges) verifyCandidates(extractCandidates(range, options), range); // warm-up
    let rounds = 0;
    const start = performance.now();
    while (performance.now() - start < 2_000 || rounds < 3) {
      for (const range of ranges) verifyCandidates(extractCandidates(range, options), range);
      rounds += 1;
    }
    return round(((performance.now() - start) / (rounds * turns)) * 1000, 2);
  };
  return { turns, before: measure(BEFORE), rules: measure(RULES), after: measure(AFTER) };
}

/** The people corpus (another branch's module), when it is there. */
async function peopleCorpus(part: 'tuning' | 'held-out'): Promise<PeopleConversation[] | 'absent'> {
  const path = './people-corpus.js';
  try {
    const module = (await import(path)) as {
      loadPeopleCorpus?: (part: string) => PeopleConversation[] | Promise<PeopleConversation[]>;
    };
    if (typeof module.loadPeopleCorpus !== 'function') return 'absent';
    return await module.loadPeopleCorpus(part);
  } catch (error) {
    // The module, or the part's folder (a held-out part being written), not there yet.
    if (['ERR_MODULE_NOT_FOUND', 'ENOENT'].includes((error as { code?: string }).code ?? '')) return 'absent';
    throw error;
  }
}

/**
 * Before and after on one set. `examples: false` (the held-out part, unless
 * `MOLT_BENCH_EXTRACTION_EXAMPLES=held-out`) prints the aggregates only: nobody tuning the rules
 * reads a held-out message's result.
 */
function beforeAfter(conversations: readonly PeopleConversation[] | 'absent', examples = true) {
  if (conversations === 'absent') return 'absent';
  const printed = ({
    wrongAll: _w,
    missedAll: _m,
    unlabelledAll: _u,
    kept,
    wrong,
    unlabelled,
    missed,
    ...rest
  }: ReturnType<typeof score>) => (examples ? { ...rest, kept, wrong, unlabelled, missed } : rest);
  return {
    before: printed(score(conversations, BEFORE)),
    rules: printed(score(conversations, RULES)),
    after: printed(score(conversations, AFTER)),
  };
}

export async function run(): Promise<object> {
  const tuningSet = beforeAfter(PEOPLE_EXTRACTION_TUNING);
  const corpusTuning = await peopleCorpus('tuning');
  const corpusHeldOut = await peopleCorpus('held-out');
  const result: Record<string, unknown> = {
    benchmark: 'extraction of what people say (issue 31)',
    before: 'extractive@2 (conversation: false)',
    rules: 'extractive@3, hand-written rules alone (statement: false)',
    after: 'extractive@3 with the statement model',
    statementModel: {
      threshold: STATEMENT_MODEL.threshold,
      gate: STATEMENT_MODEL.gate,
      features: Object.keys(STATEMENT_MODEL.weights).length,
      crossValidation:
        'npx tsx scripts/train-statement-model.ts --no-write (leave one tuning conversation out)',
    },
    tuningSet,
    peopleCorpusTuning: beforeAfter(corpusTuning),
    peopleCorpusHeldOut: beforeAfter(
      corpusHeldOut,
      process.env.MOLT_BENCH_EXTRACTION_EXAMPLES === 'held-out',
    ),
    timeMsPer1000Turns: timePerThousandTurns([
      ...PEOPLE_EXTRACTION_TUNING,
      ...(corpusTuning === 'absent' ? [] : corpusTuning),
    ]),
  };
  if (process.env.MOLT_BENCH_EXTRACTION_PARTS !== 'people') {
    result.existingCorpora = { before: await compareFacts(BEFORE), after: await compareFacts(AFTER) };
  }
  for (const [name, part] of Object.entries(result)) {
    if (part && typeof part === 'object' && 'after' in part && typeof part.after === 'object') {
      const { before, rules, after } = part as {
        before: { precision?: unknown; recall?: unknown };
        rules?: typeof before;
        after: typeof before;
      };
      const middle = rules ? `; rules alone P ${rules.precision} R ${rules.recall}` : '';
      log(
        `${name}: before P ${before.precision} R ${before.recall}${middle}; after P ${after.precision} R ${after.recall}`,
      );
    }
  }
  return result;
}

runAsScript(import.meta.url, run);
