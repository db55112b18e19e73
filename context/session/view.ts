/** What the API shows of a session (docs/api.md#routes), persisted after every change. */

import { calibratedLiveTokensOf, effectiveKeepRecentTokens } from './derived.js';
import type { CompactionTrigger, SessionState, UploadStatus } from './state.js';

/** The engine's view of a session; the contract's SessionView adds the workflow's id. */
export interface EngineView {
  sessionId: string;
  contextWindowTokens: number;
  liveTokens: number;
  ratio: number;
  thresholds: { upload: number; force: number };
  keepRecentTokens: number;
  lastSeq: number;
  boundarySeq: number;
  summary: { compactionId: string; tokens: number; toSeq: number } | null;
  upload: {
    compactionId: string;
    fromSeq: number;
    toSeq: number;
    status: UploadStatus;
    forced: boolean;
    trigger: CompactionTrigger;
  } | null;
  /** docs/api.md#the-session-view: `closed` | `open`; a half-open breaker (trial running) reads `open` with halfOpen. */
  breaker: {
    state: 'closed' | 'open';
    halfOpen: boolean;
    consecutiveFailures: number;
    lastError: string | null;
  };
  compactions: { total: number; failed: number; degraded: number };
  /**
   * Whether liveTokens follows the provider's count: the assistant message whose prompt it
   * reported, the count, and `exact` (that prompt is the one in force: count + the estimate of
   * later messages) or `carried` (the prefix changed since: the estimate + the count's offset
   * when positive). null: the estimate alone (no usable usage report yet).
   */
  calibration: { seq: number; providerTokens: number; mode: 'exact' | 'carried' } | null;
}

/** What the API answers without asking the workflow (docs/api.md#routes, minus `workflowId`). */
export function sessionView(state: SessionState): EngineView {
  const calibrated = calibratedLiveTokensOf(state);
  const liveTokens = calibrated.tokens;
  const anchor = state.calibration?.anchor;
  const upload = state.upload;
  return {
    sessionId: state.sessionId,
    contextWindowTokens: state.contextWindowTokens,
    liveTokens,
    ratio: liveTokens / state.contextWindowTokens,
    thresholds: { upload: state.settings.uploadRatio, force: state.settings.forceRatio },
    keepRecentTokens: effectiveKeepRecentTokens(state),
    lastSeq: state.lastSeq,
    boundarySeq: state.boundarySeq,
    summary: state.summary ? { ...state.summary } : null,
    upload: upload
      ? {
          compactionId: upload.compactionId,
          fromSeq: upload.fromSeq,
          toSeq: upload.toSeq,
          status: upload.status,
          forced: upload.forced,
          trigger: upload.trigger,
        }
      : null,
    breaker: {
      state: state.breaker.state === 'closed' ? 'closed' : 'open',
      halfOpen: state.breaker.state === 'half-open',
      consecutiveFailures: state.breaker.consecutiveFailures,
      lastError: state.breaker.lastError,
    },
    compactions: { ...state.compactions },
    calibration:
      anchor && calibrated.mode !== 'none'
        ? { seq: anchor.seq, providerTokens: anchor.providerTokens, mode: calibrated.mode }
        : null,
  };
}
