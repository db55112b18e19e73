/** A compaction's report and how the session applies it. */

import { recordCompactionOutcome } from '../breaker.js';
import { reductionFailure } from '../compaction-rules.js';
import { breakerCommands, breakerSettingsOf, offlineFingerprint } from './breaker.js';
import type { SessionCommand, SessionState, SessionSummaryRef, Transition, UploadState } from './state.js';
import { evaluateThresholds } from './thresholds.js';

/** A compaction's report: what compactionWorkflow answers and signals (`compactionFinished`). */
export interface CompactionResult {
  compactionId: string;
  /** `degraded`: some chunk fell back to the extractive digest (docs/engine-rules.md#staged-summarization); usable, but a breaker failure. */
  status: 'succeeded' | 'degraded' | 'failed';
  /** Tokens of the summary as the agent receives it (inside the continuation message). */
  summaryTokens?: number;
  /** Tokens the summary replaces (previous summary + range), as measured by the compaction. */
  tokensBefore?: number;
  error?: string;
}

/**
 * The child compaction reports back. A stale or repeated report (not the running upload) changes
 * nothing. A result that is not smaller than what it replaces is a failure. Success puts its
 * summary in force and cleans up exactly its range (rule 3) — or, when the force threshold already
 * cleaned it up, attaches the summary. A failure after a forced clean-up restores the range, so no
 * message is lost from the context without a summary covering it. The breaker records the outcome.
 */
export function applyCompactionFinished(
  state: SessionState,
  result: CompactionResult,
  now?: number,
): Transition {
  const upload = state.upload;
  if (!upload || upload.compactionId !== result.compactionId || upload.status !== 'running') {
    return { state, commands: [] };
  }
  const replaces = result.tokensBefore ?? upload.tokens + (state.summary?.tokens ?? 0);
  let failure: string | null = null;
  if (result.status === 'failed') failure = result.error?.trim() || 'compaction failed';
  else if (result.summaryTokens === undefined) failure = 'compaction reported no summary';
  else failure = reductionFailure(result.summaryTokens, replaces);

  const settings = breakerSettingsOf(state);
  // An offline compaction did not try the LLM: its outcome says nothing about the breaker.
  const record = (outcome: Parameters<typeof recordCompactionOutcome>[1]) =>
    upload.offline ? state.breaker : recordCompactionOutcome(state.breaker, outcome, settings, now);
  if (failure !== null) {
    const breaker = record({ ok: false, error: failure });
    const failed: UploadState = { ...upload, status: 'failed', error: failure, cleaned: [] };
    if (result.summaryTokens !== undefined) failed.resultTokens = result.summaryTokens;
    const compactions = {
      ...state.compactions,
      total: state.compactions.total + 1,
      failed: state.compactions.failed + 1,
    };
    const commands: SessionCommand[] = [];
    let next: SessionState = { ...state, upload: failed, breaker, compactions };
    if (upload.offline) next.offlineFailed = offlineFingerprint(state, upload.fromSeq, upload.toSeq);
    if (upload.cleanedUp) {
      next = {
        ...next,
        boundarySeq: upload.previousBoundarySeq,
        live: [...upload.cleaned, ...state.live],
        upload: { ...failed, cleanedUp: false },
      };
      commands.push({
        type: 'restore',
        compactionId: upload.compactionId,
        fromSeq: upload.fromSeq,
        toSeq: upload.toSeq,
        boundarySeq: upload.previousBoundarySeq,
      });
    }
    return { state: next, commands: [...commands, ...breakerCommands(state.breaker, breaker)] };
  }

  const summaryTokens = result.summaryTokens!;
  const degraded = result.status === 'degraded';
  const breaker = record(
    degraded
      ? { ok: false, error: result.error?.trim() || 'compaction degraded to the extractive digest' }
      : { ok: true },
  );
  const summary: SessionSummaryRef = {
    compactionId: upload.compactionId,
    tokens: summaryTokens,
    toSeq: upload.toSeq,
  };
  const succeeded: UploadState = {
    ...upload,
    status: degraded ? 'degraded' : 'succeeded',
    cleanedUp: true,
    cleaned: [],
    resultTokens: summaryTokens,
  };
  const compactions = {
    ...state.compactions,
    total: state.compactions.total + 1,
    degraded: state.compactions.degraded + (degraded ? 1 : 0),
  };
  const next: SessionState = {
    ...state,
    summary,
    upload: succeeded,
    breaker,
    compactions,
    boundarySeq: Math.max(state.boundarySeq, upload.toSeq),
    live: upload.cleanedUp ? state.live : state.live.filter((meta) => meta.seq > upload.toSeq),
  };
  const command: SessionCommand = upload.cleanedUp
    ? { type: 'attachSummary', compactionId: upload.compactionId, toSeq: upload.toSeq, summaryTokens }
    : {
        type: 'cleanup',
        compactionId: upload.compactionId,
        fromSeq: upload.fromSeq,
        toSeq: upload.toSeq,
        boundarySeq: next.boundarySeq,
        forced: false,
        summaryAttached: true,
      };
  return { state: next, commands: [command, ...breakerCommands(state.breaker, breaker)] };
}

/**
 * The child's report as the session workflow applies it: applyCompactionFinished, then — unless
 * it failed — the threshold rules again, because turns kept arriving while it ran and the context
 * may already be over a threshold. (Not after a failure: starting again at once would only feed
 * the breaker; the next turn re-evaluates.)
 */
export function applyCompactionResult(
  state: SessionState,
  result: CompactionResult,
  now?: number,
): Transition {
  const finished = applyCompactionFinished(state, result, now);
  if (result.status === 'failed') return finished;
  const next = evaluateThresholds(finished.state, now);
  return { state: next.state, commands: [...finished.commands, ...next.commands] };
}
