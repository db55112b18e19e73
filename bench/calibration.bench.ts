/**
 * Session calibration benchmark (context/session/usage-calibration.ts, issue 11): how far a session's live
 * tokens are from the real prompt size, with and without the provider's reported usage, on
 * sessions built from the held-out corpus (bench/corpus-held-out/, never fitted on).
 *
 * Each held-out document becomes a session: its text, cut into message-sized chunks and reused
 * in a cycle, is posted turn by turn (user, assistant; every third turn an assistant message and a
 * tool result before the answer — the tool call itself is not modelled, so the estimator's handling
 * of tool-call arguments is outside these errors). A simulated provider counts each prompt with o200k: its system prompt and
 * tools (bench/fixtures/agent-system-prompt.txt, or none), the summary in force and the live
 * messages, 3 framing tokens per message plus 3 per prompt (OpenAI's documented ChatML framing),
 * and reports that count with each assistant message, as OpenClaw's messages carry their usage.
 * When the prompt reaches 70% of the window a compaction keeps the newest ~20% and puts a summary
 * (chunks of the same document, in production's continuation message) in front: the prefix
 * changes, and the next turn's report is refused as ambiguous (context/session/usage-calibration.ts),
 * so the carried offset is measured too.
 * Compactions follow the true size, so every variant sees the same session.
 *
 * After every turn and every compaction, each variant's live tokens are compared with the true
 * size of the prompt the agent would send next:
 * - `estimate`: molt's estimate alone (no calibration: what sessions did before);
 * - `calibrated`: the provider's count + the estimate after it; once the anchored prefix is gone,
 *   the estimate plus the anchor's offset when positive (molt's choice);
 * - `calibratedCarryAnyOffset`: the same, carrying the offset whatever its sign;
 * - `calibratedThenEstimate`: the same, but the plain estimate once the anchored prefix is gone.
 *
 * `npx tsx bench/calibration.bench.ts` prints one JSON object.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildContinuationMessage } from '../context/digest/summary.js';
import type { Message } from '../context/messages.js';
import {
  type AfterPrefixChange,
  applyUsageReport,
  type CalibrationState,
  calibratedLiveTokens,
  createCalibrationState,
  notePrefix,
  type PromptPrefix,
} from '../context/session/usage-calibration.js';
import { estimateMessageTokens, estimateTextTokens } from '../context/tokens/index.js';
import { countO200kTokens } from '../llm/tokenizer.js';
import { type CorpusDocument, loadHeldOutCorpus } from './corpus.js';

const WINDOW_TOKENS = 16_000;
const TURNS = 160;
/** A chunk closes at the first line end after this many characters (or is cut at twice this). */
const CHUNK_CHARS = 320;
const COMPACT_AT_RATIO = 0.7;
const KEEP_RECENT_RATIO = 0.2;
const SUMMARY_CHUNKS = 3;
/** ChatML: `<|start|>role<|message|>…<|end|>` per message, and the reply's priming per prompt. */
const FRAMING_PER_MESSAGE = 3;
const FRAMING_PER_PROMPT = 3;
const SYSTEM_PROMPT = readFileSync(new URL('./fixtures/agent-system-prompt.txt', import.meta.url), 'utf8');

const percent = (value: number) => Math.round(value * 1000) / 10;
const round = (value: number) => Math.round(value * 10) / 10;

/** Message-sized pieces of a document, cut at line ends where the lines allow. */
export function chunksOf(text: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start + CHUNK_CHARS);
    if (end < 0 || end - start > 2 * CHUNK_CHARS) end = Math.min(text.length, start + 2 * CHUNK_CHARS);
    else end += 1;
    const chunk = text.slice(start, end);
    if (chunk.trim().length > 0) chunks.push(chunk);
    start = end;
  }
  return chunks;
}

interface SimMessage {
  seq: number;
  role: Message['role'];
  /** molt's estimate (what the session's metas hold). */
  tokens: number;
  /** o200k of what the provider is sent for it, framing included. */
  trueTokens: number;
}

/** `estimate`: no calibration; `calibrated`: molt's; the other two: the alternatives it rejected. */
type Variant = 'estimate' | 'calibrated' | 'calibratedCarryAnyOffset' | 'calibratedThenEstimate';
const VARIANTS: readonly Variant[] = [
  'estimate',
  'calibrated',
  'calibratedCarryAnyOffset',
  'calibratedThenEstimate',
];
const POLICY: Record<Exclude<Variant, 'estimate'>, AfterPrefixChange> = {
  calibrated: 'carry-positive-offset',
  calibratedCarryAnyOffset: 'carry-offset',
  calibratedThenEstimate: 'estimate',
};

interface Sample {
  errors: Record<Variant, number>;
  /**
   * How `calibrated` found its count: `exact` (the anchored prompt is the one in force), `carried`
   * (a compaction since the last usable report), `none` (no report yet).
   */
  mode: 'exact' | 'carried' | 'none';
}

function simulate(document: CorpusDocument, systemPrompt: string) {
  const chunks = chunksOf(document.text);
  let next = 0;
  const take = () => chunks[next++ % chunks.length]!;
  const overhead =
    (systemPrompt ? countO200kTokens(systemPrompt) + FRAMING_PER_MESSAGE : 0) + FRAMING_PER_PROMPT;

  const live: SimMessage[] = [];
  let seq = 0;
  let summary: { id: string; tokens: number; trueTokens: number } | null = null;
  let boundarySeq = 0;
  let calibration: CalibrationState = createCalibrationState();
  const samples: Sample[] = [];
  let compactions = 0;
  let anchorsRefused = 0;

  const prefix = (): PromptPrefix => ({
    boundarySeq,
    summaryCompactionId: summary?.id ?? null,
    summaryTokens: summary?.tokens ?? 0,
  });
  const trueBefore = (count: number) =>
    overhead + (summary?.trueTokens ?? 0) + live.slice(0, count).reduce((sum, m) => sum + m.trueTokens, 0);
  const message = (role: Message['role'], text: string): SimMessage => {
    seq += 1;
    const canonical: Message =
      role === 'user'
        ? { role: 'user', content: text }
        : role === 'assistant'
          ? { role: 'assistant', content: [{ type: 'text', text }] }
          : {
              role: 'toolResult',
              toolCallId: `call_${seq}`,
              toolName: 'exec',
              content: [{ type: 'text', text }],
            };
    return {
      seq,
      role,
      tokens: estimateMessageTokens(canonical),
      trueTokens: countO200kTokens(text) + FRAMING_PER_MESSAGE,
    };
  };
  const measure = () => {
    const truth = trueBefore(live.length);
    const input = { prefix: prefix(), live };
    const errors = {} as Record<Variant, number>;
    let mode: Sample['mode'] = 'none';
    for (const variant of VARIANTS) {
      const result =
        variant === 'estimate'
          ? calibratedLiveTokens(input, null)
          : calibratedLiveTokens(input, calibration.anchor, POLICY[variant]);
      errors[variant] = result.tokens / truth - 1;
      if (variant === 'calibrated') mode = result.mode;
    }
    samples.push({ errors, mode });
  };

  for (let turn = 0; turn < TURNS; turn++) {
    const lastSeqBeforeTurn = seq;
    const posted: SimMessage[] = [message('user', take())];
    let report: { seq: number; promptTokens: number } | null = null;
    const answer = (text: string) => {
      // The provider measured the prompt that produced this assistant message.
      const promptTokens = trueBefore(live.length) + posted.reduce((sum, m) => sum + m.trueTokens, 0);
      const reply = message('assistant', text);
      posted.push(reply);
      report = { seq: reply.seq, promptTokens };
    };
    if (turn % 3 === 2) {
      answer(take());
      posted.push(message('toolResult', take()));
    }
    answer(take());
    live.push(...posted);
    const decision = applyUsageReport(calibration, report!, {
      prefix: prefix(),
      live,
      contextWindowTokens: WINDOW_TOKENS,
      lastSeqBeforeTurn,
    });
    if (decision.type === 'rejected') anchorsRefused++;
    calibration = decision.state;
    measure();

    if (trueBefore(live.length) >= WINDOW_TOKENS * COMPACT_AT_RATIO) {
      // Keep the newest messages up to KEEP_RECENT_RATIO, starting at a user message.
      let keepFrom = live.length;
      let kept = 0;
      while (keepFrom > 0 && kept < WINDOW_TOKENS * KEEP_RECENT_RATIO) kept += live[--keepFrom]!.trueTokens;
      while (keepFrom < live.length && live[keepFrom]!.role !== 'user') keepFrom++;
      boundarySeq = live[keepFrom - 1]!.seq;
      live.splice(0, keepFrom);
      // The summary reaches the agent as the continuation message production builds around it.
      const continuation = buildContinuationMessage(Array.from({ length: SUMMARY_CHUNKS }, take).join(''));
      compactions += 1;
      summary = {
        id: `cmp_${compactions}`,
        tokens: estimateMessageTokens(continuation),
        trueTokens: countO200kTokens(String(continuation.content)) + FRAMING_PER_MESSAGE,
      };
      calibration = notePrefix(calibration, prefix(), seq);
      measure();
    }
  }

  const summarise = (rows: readonly Sample[]) =>
    Object.fromEntries(
      VARIANTS.map((variant) => {
        const errors = rows.map((row) => row.errors[variant]);
        return [
          variant,
          rows.length === 0
            ? null
            : {
                meanErrorPercent: percent(errors.reduce((sum, e) => sum + e, 0) / errors.length),
                minErrorPercent: percent(Math.min(...errors)),
                maxErrorPercent: percent(Math.max(...errors)),
              },
        ];
      }),
    ) as Record<
      Variant,
      { meanErrorPercent: number; minErrorPercent: number; maxErrorPercent: number } | null
    >;

  return {
    turns: TURNS,
    compactions,
    anchorsRefused,
    samples: samples.length,
    all: summarise(samples),
    anchored: {
      samples: samples.filter((s) => s.mode === 'exact').length,
      ...summarise(samples.filter((s) => s.mode === 'exact')),
    },
    afterPrefixChange: {
      samples: samples.filter((s) => s.mode === 'carried').length,
      ...summarise(samples.filter((s) => s.mode === 'carried')),
    },
  };
}

export async function run(): Promise<object> {
  const corpus = loadHeldOutCorpus();
  const scenarios = { withSystemPrompt: SYSTEM_PROMPT, noSystemPrompt: '' } as const;
  const result: Record<string, unknown> = {
    benchmark: 'session live tokens vs the true prompt size (o200k), held-out corpus',
    node: process.version,
    setup: {
      windowTokens: WINDOW_TOKENS,
      turnsPerSession: TURNS,
      compactAtRatio: COMPACT_AT_RATIO,
      keepRecentRatio: KEEP_RECENT_RATIO,
      systemPromptTokens: countO200kTokens(SYSTEM_PROMPT),
      framing: `${FRAMING_PER_MESSAGE} per message, ${FRAMING_PER_PROMPT} per prompt`,
      errors:
        'live tokens / true prompt tokens − 1, in %, over every sample (after each turn and each compaction); ' +
        '`anchored`: the samples where the last usable report measured the prompt in force; ' +
        '`afterPrefixChange`: those after a compaction, before the next usable report',
    },
  };
  for (const [scenario, systemPrompt] of Object.entries(scenarios)) {
    const documents = corpus.map((document) => ({
      document: document.name,
      textErrorPercent: percent(estimateTextTokens(document.text) / countO200kTokens(document.text) - 1),
      ...simulate(document, systemPrompt),
    }));
    const summary = Object.fromEntries(
      VARIANTS.map((variant) => {
        const rows = documents.map((row) => row.all[variant]!);
        const subset = (key: 'anchored' | 'afterPrefixChange') => {
          const rows = documents.flatMap((row) => row[key][variant] ?? []);
          return {
            minPercent: Math.min(...rows.map((row) => row.minErrorPercent)),
            maxPercent: Math.max(...rows.map((row) => row.maxErrorPercent)),
          };
        };
        return [
          variant,
          {
            meanOfMeansPercent: round(rows.reduce((sum, row) => sum + row.meanErrorPercent, 0) / rows.length),
            minPercent: Math.min(...rows.map((row) => row.minErrorPercent)),
            maxPercent: Math.max(...rows.map((row) => row.maxErrorPercent)),
            anchored: subset('anchored'),
            afterPrefixChange: subset('afterPrefixChange'),
          },
        ];
      }),
    );
    result[scenario] = { summary, documents };
  }
  return result;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await run(), null, 2));
}
