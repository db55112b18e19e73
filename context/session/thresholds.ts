/** The threshold rules (docs/engine-rules.md#thresholds) and a turn's arrival, which runs them. */

import { beginCompactionAttempt } from '../breaker.js';
import { breakerCommands, llmCompactionAllowed, offlineCompactionAllowed } from './breaker.js';
import { chooseCut } from './cut.js';
import { calibrationOf, contextRatioOf, effectiveKeepRecentTokens, promptPrefixOf } from './derived.js';
import type { LiveMessageMeta } from './live.js';
import { forceCleanup, markRange } from './range.js';
import { MIN_OFFLINE_RANGE_WINDOW_SHARE, MIN_RANGE_WINDOW_SHARE } from './settings.js';
import type { SessionCommand, SessionState, Transition } from './state.js';
import { applyUsageReport, notePrefix, type UsageReport } from './usage-calibration.js';

/**
 * The threshold rules of docs/engine-rules.md#thresholds on the current state. Only starting a compaction is gated by the
 * breaker (rule 1); clean-up of a range already marked is not, so a half-open trial is still
 * force-cleaned when the window fills.
 */
export function evaluateThresholds(state: SessionState, now?: number): Transition {
  const commands: SessionCommand[] = [];
  let next = state;
  const { uploadRatio, forceRatio } = next.settings;
  // Marking a range and starting an attempt leave the live context, hence the ratio, as it is.
  const ratio = contextRatioOf(state);

  const inFlight = next.upload?.status === 'running';
  // The breaker stops the LLM, never compaction: while it is open a session that falls back
  // compacts with the offline digest (docs/engine-rules.md#circuit-breaker).
  const llm = llmCompactionAllowed(next, now);
  if (!inFlight && ratio >= uploadRatio && (llm || next.offlineFallback === true)) {
    const cut = chooseCut(next.live, effectiveKeepRecentTokens(next));
    const minRangeTokens = Math.ceil(
      next.contextWindowTokens * (llm ? MIN_RANGE_WINDOW_SHARE : MIN_OFFLINE_RANGE_WINDOW_SHARE),
    );
    const offlineOk = llm || (cut !== null && offlineCompactionAllowed(next, cut.fromSeq, cut.toSeq));
    if (cut && cut.tokens >= minRangeTokens && offlineOk) {
      const trigger = ratio >= forceRatio ? 'forced' : 'threshold';
      const marked = markRange(next, trigger, cut, { offline: !llm });
      const breaker = llm ? beginCompactionAttempt(next.breaker) : next.breaker;
      next = { ...marked.state, breaker };
      commands.push(marked.command, ...breakerCommands(state.breaker, breaker));
    }
  }

  const upload = next.upload;
  if (upload?.status === 'running' && !upload.cleanedUp && ratio >= forceRatio) {
    const cleaned = forceCleanup(next, upload);
    next = cleaned.state;
    commands.push(...cleaned.commands);
  }
  return { state: next, commands };
}

export interface TurnInput {
  /** Informational: the API already made turns idempotent on it; the state relies on seqs. */
  turnId?: string;
  messages: readonly LiveMessageMeta[];
  /** The provider's count of the prompt that produced one of the turn's assistant messages. */
  usage?: UsageReport;
  /** Epoch ms (workflow time), for the breaker's cooldown. */
  now?: number;
}

/**
 * A turn's messages arrive. Idempotent on seq: metas with seq ≤ lastSeq are ignored, so a replayed
 * turn changes nothing (same state reference, no commands). Its usage report, if usable, becomes
 * the calibration anchor (usage-calibration.ts). Then the threshold rules run.
 *
 * The prefix is noted as the turn arrives and after its thresholds ran: a change in between turns
 * or during one is seen by the next turn, whose report may have measured either prefix.
 */
export function applyTurn(state: SessionState, input: TurnInput): Transition {
  const fresh: LiveMessageMeta[] = [];
  let lastSeq = state.lastSeq;
  for (const meta of [...input.messages].sort((a, b) => a.seq - b.seq)) {
    if (meta.seq <= lastSeq) continue;
    fresh.push(meta);
    lastSeq = meta.seq;
  }
  if (fresh.length === 0) return { state, commands: [] };
  let calibration = notePrefix(calibrationOf(state), promptPrefixOf(state), state.lastSeq);
  const arrived: SessionState = { ...state, lastSeq, live: [...state.live, ...fresh] };
  if (input.usage) {
    calibration = applyUsageReport(calibration, input.usage, {
      prefix: promptPrefixOf(arrived),
      live: arrived.live,
      contextWindowTokens: arrived.contextWindowTokens,
      lastSeqBeforeTurn: state.lastSeq,
    }).state;
  }
  const evaluated = evaluateThresholds({ ...arrived, calibration }, input.now);
  const next = evaluated.state;
  const noted = notePrefix(calibrationOf(next), promptPrefixOf(next), next.lastSeq);
  return {
    state: noted === next.calibration ? next : { ...next, calibration: noted },
    commands: evaluated.commands,
  };
}
