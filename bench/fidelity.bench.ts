/**
 * Fidelity of the summary in force over many compactions (issue 21, docs/working-memory.md).
 *
 * Generated coding sessions (test/fuzz/planted-session.ts: 320 turns, artifacts planted at random
 * turns — modified files, TODOs (some finished later), tool failures, exact identifiers) are
 * compacted 20 times, every 16 turns. After 1, 5, 10 and 20 compactions each probe asks, for every
 * artifact planted before the cut, whether the summary in force still holds it verbatim, and how
 * many tokens that summary costs (as the continuation message the agent receives).
 *
 * Three summarizers, same sessions, same run:
 * - `rollingLlm` (the baseline): LLM-only, as before the working memory — each compaction the model
 *   rewrites the previous summary plus the new range (molt's chunk prompt) and its answer is the
 *   summary in force. The model is the fake LLM (test/fake-llm/server.ts): it answers the five
 *   headings, copying every URL and file path of its prompt and the last user line, nothing else.
 * - `workingMemoryLlm`: the same model's answers merged into the working memory with molt's guards.
 * - `workingMemoryExtractive`: the working memory with the offline extractive digest.
 *
 * Pure engine, no stack: `npx tsx bench/fidelity.bench.ts` prints one JSON object.
 */
import {
  advanceWorkingMemory,
  buildChunkSummaryPrompt,
  buildContinuationMessage,
  buildExtractiveDigest,
  estimateMessageTokens,
  formatCompactSummary,
  type Message,
  renderMessagesForSummary,
  SUMMARIZATION_SYSTEM_PROMPT,
  summaryBudgetTokens,
  type WorkingMemory,
} from '../context/index.js';
import { fakeAnswer } from '../test/fake-llm/server.js';
import { type PlantCounts, plantedBefore, plantedSession } from '../test/fuzz/planted-session.js';
import { round, runAsScript } from './stack.js';

const SESSIONS = 8;
const TURNS = 320;
const TURNS_PER_COMPACTION = 16;
const PROBES = [1, 5, 10, 20] as const;
const WINDOW = 200_000;
const COUNTS: PlantCounts = { modified: 16, todos: 12, finished: 4, failures: 10, identifiers: 24 };
const CATEGORIES = ['modified', 'openTodos', 'failures', 'identifiers'] as const;
type Category = (typeof CATEGORIES)[number];

const tokensOf = (text: string) => estimateMessageTokens(buildContinuationMessage(text));

/** The fake LLM's answer to molt's chunk prompt: the range, continuing from `previous`. */
function llmSummary(range: readonly Message[], previous: string | undefined): string {
  const prompt = buildChunkSummaryPrompt({
    conversation: renderMessagesForSummary(range),
    ...(previous ? { previousSummary: previous } : {}),
  });
  return formatCompactSummary(
    fakeAnswer({
      messages: [
        { role: 'system', content: SUMMARIZATION_SYSTEM_PROMPT },
        { role: 'user', content: prompt },
      ],
    }),
  );
}

type Summarizer = 'rollingLlm' | 'workingMemoryLlm' | 'workingMemoryExtractive';
const SUMMARIZERS: readonly Summarizer[] = ['rollingLlm', 'workingMemoryLlm', 'workingMemoryExtractive'];

/** One summarizer over one session: the summary in force after each compaction. */
function summariesInForce(summarizer: Summarizer, turns: Message[][], cuts: number[]): string[] {
  const out: string[] = [];
  let previousText: string | undefined;
  let memory: WorkingMemory | undefined;
  let from = 0;
  let seq = 0;
  for (const cut of cuts) {
    const range = turns.slice(from, cut).flat();
    seq += range.length;
    from = cut;
    if (summarizer === 'rollingLlm') {
      previousText = llmSummary(range, previousText);
    } else {
      const llm = summarizer === 'workingMemoryLlm';
      const result = advanceWorkingMemory({
        ...(memory ? { previous: memory } : {}),
        messages: range,
        body: llm ? llmSummary(range, previousText) : buildExtractiveDigest(range),
        summarizer: llm ? 'llm' : 'extractive',
        throughSeq: seq,
        budgetTokens: summaryBudgetTokens(WINDOW),
        countTokens: tokensOf,
        sessionId: 'fidelity',
      });
      memory = result.memory;
      previousText = result.text;
    }
    out.push(previousText);
  }
  return out;
}

interface Tally {
  kept: Record<Category, number>;
  planted: Record<Category, number>;
  tokens: number[];
}

const emptyTally = (): Tally => ({
  kept: { modified: 0, openTodos: 0, failures: 0, identifiers: 0 },
  planted: { modified: 0, openTodos: 0, failures: 0, identifiers: 0 },
  tokens: [],
});

export async function run() {
  const started = performance.now();
  const tallies = new Map<string, Tally>();
  const cuts = Array.from({ length: TURNS / TURNS_PER_COMPACTION }, (_, i) => (i + 1) * TURNS_PER_COMPACTION);
  for (let s = 0; s < SESSIONS; s++) {
    const session = plantedSession(1_000 + s, TURNS, COUNTS);
    for (const summarizer of SUMMARIZERS) {
      const texts = summariesInForce(summarizer, session.turns, cuts);
      for (const probe of PROBES) {
        const text = texts[probe - 1]!;
        const planted = plantedBefore(session, cuts[probe - 1]!);
        const key = `${probe}:${summarizer}`;
        const tally = tallies.get(key) ?? emptyTally();
        for (const category of CATEGORIES) {
          tally.planted[category] += planted[category].length;
          tally.kept[category] += planted[category].filter((value) => text.includes(value)).length;
        }
        tally.tokens.push(tokensOf(text));
        tallies.set(key, tally);
      }
    }
  }
  const probes: Record<string, Record<string, unknown>> = {};
  for (const probe of PROBES) {
    const row: Record<string, unknown> = {};
    for (const summarizer of SUMMARIZERS) {
      const tally = tallies.get(`${probe}:${summarizer}`)!;
      const share = (category: Category) =>
        tally.planted[category] === 0 ? null : round(tally.kept[category] / tally.planted[category], 3);
      const keptAll = CATEGORIES.reduce((sum, c) => sum + tally.kept[c], 0);
      const plantedAll = CATEGORIES.reduce((sum, c) => sum + tally.planted[c], 0);
      row[summarizer] = {
        kept: Object.fromEntries(CATEGORIES.map((c) => [c, share(c)])),
        keptAll: plantedAll === 0 ? null : round(keptAll / plantedAll, 3),
        artifacts: { kept: keptAll, planted: plantedAll },
        summaryTokens: {
          mean: round(tally.tokens.reduce((a, b) => a + b, 0) / tally.tokens.length, 0),
          max: Math.max(...tally.tokens),
        },
      };
    }
    probes[`after${probe}`] = row;
  }
  return {
    config: {
      sessions: SESSIONS,
      turns: TURNS,
      compactionEveryTurns: TURNS_PER_COMPACTION,
      planted: COUNTS,
      window: WINDOW,
      budgetTokens: summaryBudgetTokens(WINDOW),
    },
    probes,
    durationMs: round(performance.now() - started, 0),
  };
}

runAsScript(import.meta.url, run);
