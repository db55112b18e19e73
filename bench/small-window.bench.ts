/**
 * Small windows (issue 32 item 6): how many summarizer calls one compaction plans, and what summary
 * budget it gets, for windows from 4K up — with molt's rules (`maxChunkTokens`,
 * `summaryBudgetTokens`) against the rules before the issue (a fixed 4 096-token prompt overhead,
 * a 1 000-token summary floor), computed in the same run on the same seeded transcripts. Pure
 * engine, no stack: the ranges are what the cut takes at the upload ratio (half the window less
 * the kept tail).
 *
 * Run: `npx tsx bench/small-window.bench.ts` — prints one JSON object.
 */
import {
  chunkMessagesByMaxTokens,
  computeAdaptiveChunkRatio,
  estimateMessagesTokens,
  type Message,
  maxChunkTokens,
  summaryBudgetTokens,
} from '../context/index.js';
import { runAsScript } from './stack.js';
import { TurnGenerator } from './transcript.js';

const WINDOWS = [4_000, 8_000, 16_000, 32_000, 200_000];
/** Before issue 32: `max(1, floor(window × ratio) − 4 096)` and a summary floor of 1 000 tokens. */
const legacyMaxChunkTokens = (window: number, ratio: number) =>
  Math.max(1, Math.floor(window * ratio) - 4_096);
const legacySummaryBudget = (window: number) => Math.min(6_000, Math.max(1_000, Math.round(window * 0.03)));

/** The oldest messages of a seeded small-turn transcript, up to `tokens`. */
function rangeOf(tokens: number, seed: number): Message[] {
  const generator = new TurnGenerator(seed);
  const out: Message[] = [];
  for (let turn = 0; estimateMessagesTokens(out) < tokens; turn++) {
    for (const message of generator.smallTurn(turn)) {
      if (estimateMessagesTokens([...out, message]) > tokens) return out.length > 0 ? out : [message];
      out.push(message);
    }
  }
  return out;
}

export async function run() {
  const rows = WINDOWS.map((window) => {
    // The cut at the upload ratio: half the window less the kept tail (20% of the window).
    const range = rangeOf(Math.floor(window * 0.3), 32);
    const rangeTokens = estimateMessagesTokens(range);
    const ratio = computeAdaptiveChunkRatio(range, window);
    const chunks = chunkMessagesByMaxTokens(range, maxChunkTokens(window, ratio)).length;
    const legacyChunks = chunkMessagesByMaxTokens(range, legacyMaxChunkTokens(window, ratio)).length;
    const budget = summaryBudgetTokens(window);
    const legacyBudget = legacySummaryBudget(window);
    return {
      window,
      rangeTokens,
      messages: range.length,
      summarizerCalls: {
        molt: chunks + (chunks > 1 ? 1 : 0),
        before: legacyChunks + (legacyChunks > 1 ? 1 : 0),
      },
      summaryBudget: { molt: budget, before: legacyBudget },
      // The share of the window a compaction at most frees: the range less the summary's budget.
      maxSavedShare: {
        molt: Math.round((Math.max(0, rangeTokens - budget) / window) * 1_000) / 1_000,
        before: Math.round((Math.max(0, rangeTokens - legacyBudget) / window) * 1_000) / 1_000,
      },
    };
  });
  return { name: 'small-window', rows };
}

runAsScript(import.meta.url, run);
