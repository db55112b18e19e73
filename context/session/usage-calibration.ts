/**
 * Calibrating a session's live tokens from the provider's reported usage (docs/engine-rules.md#token-counting, #calibration).
 *
 * The estimator errs by a few percent on text like the corpus it was fitted on, and by up to a
 * third on text written differently (bench/corpus-held-out/); it never sees the system prompt and
 * tool schemas the agent sends. The provider counts exactly what it was sent, and reports it with
 * every answer: input + cacheRead + cacheWrite of the request that produced an assistant message is
 * the real size of that prompt — the system prompt, the tools, the summary in force and every live
 * message before that assistant message. So a session keeps the latest such count as an *anchor*
 * and its live tokens become
 *
 *   provider's count of the prefix + molt's estimate of the messages from the anchor on,
 *
 * while the prefix the provider measured is still the one in force. When it is not (a clean-up
 * moved the boundary, a summary was attached, a tool result was truncated), the anchor's *offset*
 * — provider count − molt's estimate of the same prefix — is the system prompt and tools (still
 * sent) plus the estimator's error on the old prefix (partly gone). A positive offset is carried
 * onto the estimate of the new prefix: it is mostly the system prompt and tools, and whatever part
 * is the estimator erring low errs high once carried. A negative one is not: it is the estimator's
 * margin on messages that may have left, and carrying it made the count err low by up to 36% on
 * the held-out sessions right after a compaction (bench/calibration.bench.ts measures the three
 * choices). The next report re-anchors. A restore that brings the anchored prefix back makes the
 * anchor exact again.
 *
 * Pure and deterministic (the session workflow imports it); counts only, never message bodies.
 */
import type { Message, Usage } from '../messages.js';

// ---------------------------------------------------------------------------------------------
// Limits

/**
 * A report above this multiple of the window is not one request's prompt (a sum over a turn's
 * calls, a unit mix-up): the configured window may be smaller than the model's, hence the slack.
 */
export const MAX_REPORT_WINDOW_MULTIPLE = 2;
/**
 * A report below this share of molt's estimate of the same prefix does not cover the prompt (only
 * the uncached part sent as `input`, a provider that reports 0s). The estimator is at most a third
 * high on the held-out corpus, so an honest count stays well above half of it. Rejecting errs
 * toward the plain estimate, which errs high — the safe side; accepting it would hide a full window.
 */
export const MIN_REPORT_SHARE_OF_ESTIMATE = 0.5;

// ---------------------------------------------------------------------------------------------
// Reports

const countOf = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/**
 * The prompt size a usage report states: input + cacheRead + cacheWrite. Anthropic reports the
 * three apart (input excludes both cache parts); OpenAI-style reports, as OpenClaw normalises them,
 * put the cached part in cacheRead and the rest in input. Output is not part of the prompt (and
 * for reasoning models holds tokens that are never sent back). 0 when the report states nothing.
 */
export function promptTokensOf(usage: Usage | null | undefined): number {
  if (!usage || typeof usage !== 'object') return 0;
  return Math.round(countOf(usage.input) + countOf(usage.cacheRead) + countOf(usage.cacheWrite));
}

/** A turn's usage as the session needs it: which assistant message, and its prompt's size. */
export interface UsageReport {
  /** The assistant message the measured request produced. */
  seq: number;
  /** The provider's count of that request's prompt. */
  promptTokens: number;
}

/**
 * The report a turn carries, from its messages (with their seqs) and the turn's `usage`. An
 * assistant message's own `usage` (OpenClaw's messages carry one) names its request exactly: the
 * latest such message wins. Otherwise the turn's `usage` belongs to its assistant message only when
 * there is exactly one — with several, it may be a sum over the turn's calls or any one of them.
 */
export function usageReportOf(
  messages: readonly { seq: number; message: Message }[],
  turnUsage?: Usage | null,
): UsageReport | null {
  let assistants = 0;
  let lastAssistantSeq = -1;
  let latest: UsageReport | null = null;
  for (const { seq, message } of messages) {
    if (message?.role !== 'assistant') continue;
    assistants++;
    lastAssistantSeq = Math.max(lastAssistantSeq, seq);
    const promptTokens = promptTokensOf(message.usage);
    if (promptTokens > 0 && (latest === null || seq > latest.seq)) latest = { seq, promptTokens };
  }
  if (latest) return latest;
  const promptTokens = promptTokensOf(turnUsage);
  return assistants === 1 && promptTokens > 0 ? { seq: lastAssistantSeq, promptTokens } : null;
}

// ---------------------------------------------------------------------------------------------
// State

/** What the session sends ahead of its live messages; any change to it changes the prompt. */
export interface PromptPrefix {
  boundarySeq: number;
  summaryCompactionId: string | null;
  summaryTokens: number;
}

/** The part of a session the calibration reads: its prefix and its live messages' estimates. */
export interface CalibrationInput {
  prefix: PromptPrefix;
  /** The messages after the boundary, ascending by seq, with molt's estimate of each. */
  live: readonly { seq: number; tokens: number }[];
}

/** The provider's count of one prompt, and what molt estimated for the same prompt. */
export interface CalibrationAnchor {
  /** The assistant message whose request was measured: the prompt held the messages before it. */
  seq: number;
  providerTokens: number;
  /** molt's estimate of the same prompt when the anchor was taken: summary + live before `seq`. */
  estimatedTokens: number;
  /** The prefix in force when the anchor was taken. */
  prefix: PromptPrefix;
}

export interface CalibrationState {
  anchor: CalibrationAnchor | null;
  /** The prefix as last noted (notePrefix). */
  prefix: PromptPrefix;
  /**
   * The session's lastSeq when the prefix last changed (null: never). The agent builds its next
   * prompt some time after posting a turn, so the turn after a change may have been measured on
   * either prefix; its report is not used.
   */
  prefixChangedAtSeq: number | null;
}

export const EMPTY_PREFIX: PromptPrefix = { boundarySeq: 0, summaryCompactionId: null, summaryTokens: 0 };

export function createCalibrationState(prefix: PromptPrefix = EMPTY_PREFIX): CalibrationState {
  return { anchor: null, prefix: { ...prefix }, prefixChangedAtSeq: null };
}

export function samePrefix(a: PromptPrefix, b: PromptPrefix): boolean {
  return (
    a.boundarySeq === b.boundarySeq &&
    a.summaryCompactionId === b.summaryCompactionId &&
    a.summaryTokens === b.summaryTokens
  );
}

/**
 * Records the prefix after any transition; the same reference when it did not change, so it is
 * cheap to call after every event. `lastSeq` is the session's at that moment.
 */
export function notePrefix(state: CalibrationState, prefix: PromptPrefix, lastSeq: number): CalibrationState {
  if (samePrefix(state.prefix, prefix)) return state;
  return { ...state, prefix: { ...prefix }, prefixChangedAtSeq: lastSeq };
}

/** The live context restarted (recovery step 5): nothing measured before applies any more. */
export function resetCalibration(prefix: PromptPrefix, lastSeq: number): CalibrationState {
  return { anchor: null, prefix: { ...prefix }, prefixChangedAtSeq: lastSeq };
}

// ---------------------------------------------------------------------------------------------
// Taking an anchor

export type AnchorRejection =
  /** The reported message is not live (already behind the boundary, or unknown). */
  | 'not-live'
  /** Not newer than the anchor in force. */
  | 'stale'
  /** The prefix changed since the turn before: the report may have measured either one. */
  | 'prefix-changed'
  /** Below MIN_REPORT_SHARE_OF_ESTIMATE of molt's estimate of the same prompt. */
  | 'implausibly-low'
  /** Above MAX_REPORT_WINDOW_MULTIPLE windows. */
  | 'implausibly-high';

export type AnchorDecision =
  | { type: 'anchored'; state: CalibrationState; anchor: CalibrationAnchor }
  | { type: 'rejected'; state: CalibrationState; reason: AnchorRejection };

/** molt's estimate of the prompt before `seq`: summary + live messages before it. */
function estimateBefore(input: CalibrationInput, seq: number): number {
  let total = input.prefix.summaryTokens;
  for (const meta of input.live) {
    if (meta.seq >= seq) break;
    total += meta.tokens;
  }
  return total;
}

/**
 * A turn's report arrives with its messages. `input` is the session after the turn's messages were
 * appended (and before anything the turn triggers), `lastSeqBeforeTurn` the session's lastSeq
 * before them. A rejected report leaves the state (and the anchor in force) as it was.
 */
export function applyUsageReport(
  state: CalibrationState,
  report: UsageReport,
  input: CalibrationInput & { contextWindowTokens: number; lastSeqBeforeTurn: number },
): AnchorDecision {
  const reject = (reason: AnchorRejection): AnchorDecision => ({ type: 'rejected', state, reason });
  if (!input.live.some((meta) => meta.seq === report.seq)) return reject('not-live');
  if (state.anchor && report.seq <= state.anchor.seq) return reject('stale');
  // A prefix nobody noted (notePrefix) changed just now, as far as this report can tell.
  if (
    !samePrefix(state.prefix, input.prefix) ||
    (state.prefixChangedAtSeq !== null && state.prefixChangedAtSeq >= input.lastSeqBeforeTurn)
  ) {
    return reject('prefix-changed');
  }
  if (report.promptTokens > input.contextWindowTokens * MAX_REPORT_WINDOW_MULTIPLE) {
    return reject('implausibly-high');
  }
  const estimatedTokens = estimateBefore(input, report.seq);
  if (!(report.promptTokens > 0) || report.promptTokens < estimatedTokens * MIN_REPORT_SHARE_OF_ESTIMATE) {
    return reject('implausibly-low');
  }
  const anchor: CalibrationAnchor = {
    seq: report.seq,
    providerTokens: Math.round(report.promptTokens),
    estimatedTokens,
    prefix: { ...input.prefix },
  };
  return { type: 'anchored', state: { ...state, anchor }, anchor };
}

// ---------------------------------------------------------------------------------------------
// Live tokens

export interface CalibratedTokens {
  /** The session's live tokens: the provider's count where it applies, molt's estimate otherwise. */
  tokens: number;
  /** molt's estimate alone: summary + live messages. */
  estimatedTokens: number;
  /**
   * `exact`: the anchor's prefix is the one in force — its count plus the estimate of the messages
   * from it on. `carried`: the prefix changed since; the estimate plus what is carried of the
   * anchor's offset. `none`: no anchor.
   */
  mode: 'exact' | 'carried' | 'none';
}

/**
 * What to do once the prefix an anchor measured is gone: carry the offset when it is positive
 * (molt's choice, see the top of this file), carry it whatever its sign, or use the plain
 * estimate. The two alternatives exist for bench/calibration.bench.ts.
 */
export type AfterPrefixChange = 'carry-positive-offset' | 'carry-offset' | 'estimate';

/** The live tokens of a session given its anchor (docs/engine-rules.md#token-counting). */
export function calibratedLiveTokens(
  input: CalibrationInput,
  anchor: CalibrationAnchor | null,
  afterPrefixChange: AfterPrefixChange = 'carry-positive-offset',
): CalibratedTokens {
  let estimatedTokens = input.prefix.summaryTokens;
  let before = input.prefix.summaryTokens;
  for (const meta of input.live) {
    estimatedTokens += meta.tokens;
    if (anchor && meta.seq < anchor.seq) before += meta.tokens;
  }
  if (!anchor) return { tokens: estimatedTokens, estimatedTokens, mode: 'none' };
  // Intact: the same prefix, and the messages before the anchor still estimated the same (a
  // truncated tool result changes them).
  if (samePrefix(anchor.prefix, input.prefix) && before === anchor.estimatedTokens) {
    return { tokens: anchor.providerTokens + (estimatedTokens - before), estimatedTokens, mode: 'exact' };
  }
  const offset = anchor.providerTokens - anchor.estimatedTokens;
  const carried =
    afterPrefixChange === 'carry-offset'
      ? offset
      : afterPrefixChange === 'carry-positive-offset'
        ? Math.max(0, offset)
        : 0;
  return { tokens: Math.max(0, estimatedTokens + carried), estimatedTokens, mode: 'carried' };
}
