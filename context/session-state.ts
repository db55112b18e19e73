/**
 * The session's durable state and the decisions the session workflow carries out (ALGORITHMS.md §7,
 * §10, §12): pure functions `(state, event) → {state, commands}`. The workflow holds the state,
 * executes the commands (start a child compaction, record a clean-up, …) and persists
 * `sessionView(state)` after every event that changed it (rule 5). State and commands carry ids,
 * seqs and token counts only — never message bodies (claim-check: bodies live in Postgres).
 *
 * The dual threshold, non-blocking upload:
 *   ratio ≥ uploadRatio  → mark the range (boundary, cut] and start its compaction in the background;
 *   upload succeeded     → clean up exactly that range: its summary is now the one in force;
 *   ratio ≥ forceRatio   → clean up the marked range now, even if its compaction still runs (the
 *                          messages are safe in Postgres; the summary attaches when it arrives).
 */

import { z } from 'zod';
import {
  type BreakerState,
  type BreakerStatus,
  beginCompactionAttempt,
  breakerSettingsSchema,
  canCompact,
  createBreaker,
  DEFAULT_BREAKER_SETTINGS,
  recordCompactionOutcome,
  resetBreaker,
} from './breaker.js';
import { type CompactionTrigger, reductionFailure } from './compaction-rules.js';
import { CHARS_PER_TOKEN } from './estimate.js';
import type { Message } from './messages.js';
import {
  type AttemptCounters,
  countersForAttempt,
  type RecoveryCounters,
  withAttemptCounters,
} from './recovery.js';
import { calculateAggregateToolResultChars, calculateMaxToolResultChars } from './truncation.js';

// ---------------------------------------------------------------------------------------------
// Settings

export const DEFAULT_UPLOAD_RATIO = 0.5;
export const DEFAULT_FORCE_RATIO = 0.7;
/** keepRecentTokens defaults to min(20 000, 20% of the window) (§7). */
export const DEFAULT_KEEP_RECENT_TOKENS_CAP = 20_000;
export const DEFAULT_KEEP_RECENT_WINDOW_SHARE = 0.2;
/**
 * A threshold compaction needs a range of at least this share of the window. A capped summary is up
 * to 16 000 chars (≈ 4 000 tokens, 2% of a 200K window): a smaller range cannot shrink, and failing
 * on purpose would only feed the breaker.
 */
export const MIN_RANGE_WINDOW_SHARE = 0.02;
/**
 * The cut prefers a user-turn boundary, but not one that compacts less than this share of what the
 * ideal cut would; then it splits the turn at a safe assistant boundary instead (OpenClaw's split turn).
 */
export const MIN_TURN_BOUNDARY_SHARE = 0.5;

export const sessionSettingsSchema = z.object({
  uploadRatio: z.number().gt(0).max(1).default(DEFAULT_UPLOAD_RATIO),
  forceRatio: z.number().gt(0).max(1).default(DEFAULT_FORCE_RATIO),
  /** null: min(20 000, 20% of the window), following the window when it changes. */
  keepRecentTokens: z.number().int().min(0).nullable().default(null),
  breaker: breakerSettingsSchema.default(DEFAULT_BREAKER_SETTINGS),
});
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;
export type SessionSettingsInput = z.input<typeof sessionSettingsSchema>;

/** Validates settings (a ZodError names the failing field) and fills defaults; forceRatio ≥ uploadRatio. */
export function resolveSessionSettings(input: SessionSettingsInput = {}): SessionSettings {
  const settings = sessionSettingsSchema.parse(input);
  return { ...settings, forceRatio: Math.max(settings.forceRatio, settings.uploadRatio) };
}

// ---------------------------------------------------------------------------------------------
// State

/** What the session knows of one message after the boundary: enough to choose a safe cut. */
export const liveMessageMetaSchema = z.object({
  seq: z.number().int().min(1),
  tokens: z.number().int().min(0),
  role: z.enum(['user', 'assistant', 'toolResult']),
  /** Assistant: the ids of its tool calls (a tool group starts here). */
  toolCallIds: z.array(z.string()).optional(),
  /** Tool result: the call it answers (it belongs to that call's group). */
  toolCallId: z.string().optional(),
});
export type LiveMessageMeta = z.infer<typeof liveMessageMetaSchema>;

/** What the session workflow needs of a message: its seq, size and its place in tool groups. */
export function liveMessageMetaOf(message: Message, seq: number, tokens: number): LiveMessageMeta {
  if (message.role === 'assistant') {
    const content = Array.isArray(message.content) ? message.content : [];
    const toolCallIds = content.flatMap((block) => (block?.type === 'toolCall' ? [block.id] : []));
    return toolCallIds.length > 0
      ? { seq, role: 'assistant', tokens, toolCallIds }
      : { seq, role: 'assistant', tokens };
  }
  if (message.role === 'toolResult')
    return { seq, role: 'toolResult', tokens, toolCallId: message.toolCallId };
  return { seq, role: 'user', tokens };
}

export type { CompactionTrigger };
/** `degraded`: succeeded with an extractive fallback somewhere (attached, but a breaker failure). */
export type UploadStatus = 'running' | 'succeeded' | 'degraded' | 'failed' | 'cancelled';

/** The compaction in flight or the last one (its range, status and whether it was cleaned up). */
export interface UploadState {
  compactionId: string;
  attempt: number;
  trigger: CompactionTrigger;
  fromSeq: number;
  toSeq: number;
  /** Estimated tokens of the range when it was marked. */
  tokens: number;
  status: UploadStatus;
  /** The range was cleaned up by the force threshold before its summary arrived. */
  forced: boolean;
  /** The boundary has moved past the range. */
  cleanedUp: boolean;
  /** The boundary before this range; restored when a force-cleaned compaction fails. */
  previousBoundarySeq: number;
  /** Metas of a range cleaned up without a summary, kept so a failure can restore them. */
  cleaned: LiveMessageMeta[];
  resultTokens?: number;
  error?: string;
}

export interface SessionSummaryRef {
  compactionId: string;
  tokens: number;
  /** The summary covers every message up to this seq. */
  toSeq: number;
}

export interface SessionState {
  sessionId: string;
  contextWindowTokens: number;
  settings: SessionSettings;
  /** The highest seq seen (0: none). Turns are idempotent on it. */
  lastSeq: number;
  /** Messages with seq ≤ boundarySeq are no longer sent live (0: none). */
  boundarySeq: number;
  /** Metas of the messages after the boundary, ascending by seq. */
  live: LiveMessageMeta[];
  /** The summary in force, sent ahead of the live messages. */
  summary: SessionSummaryRef | null;
  upload: UploadState | null;
  breaker: BreakerState;
  compactions: { total: number; failed: number; degraded: number };
  /** Counts compaction attempts; part of each compaction id. */
  attemptCounter: number;
  /** Overflow recovery counters of the latest agent attempts (§12). */
  overflowAttempts: AttemptCounters[];
}

export interface StartCompactionCommand {
  type: 'startCompaction';
  compactionId: string;
  sessionId: string;
  attempt: number;
  trigger: CompactionTrigger;
  fromSeq: number;
  toSeq: number;
  /** Estimated tokens of the range. */
  tokens: number;
  /** The summary in force, to fold into the new one (it covers everything before fromSeq). */
  previousCompactionId: string | null;
  /** What the new summary replaces: the range plus the previous summary. It must end up smaller. */
  replacesTokens: number;
  contextWindowTokens: number;
}

export type SessionCommand =
  | StartCompactionCommand
  /** The boundary moved to toSeq. summaryAttached: false while a forced clean-up awaits its summary. */
  | {
      type: 'cleanup';
      compactionId: string;
      fromSeq: number;
      toSeq: number;
      boundarySeq: number;
      forced: boolean;
      summaryAttached: boolean;
    }
  /** The summary of a range cleaned up earlier arrived and is now in force. */
  | { type: 'attachSummary'; compactionId: string; toSeq: number; summaryTokens: number }
  /** A force-cleaned range's compaction failed: its messages are live again. */
  | { type: 'restore'; compactionId: string; fromSeq: number; toSeq: number; boundarySeq: number }
  | { type: 'cancelCompaction'; compactionId: string }
  /** The live context restarts after the last message; nothing is deleted. */
  | { type: 'reset'; boundarySeq: number }
  /** Record a breaker event row and the session's search attribute. */
  | {
      type: 'breakerChanged';
      from: BreakerStatus;
      to: BreakerStatus;
      consecutiveFailures: number;
      reason: string | null;
    };

export interface Transition {
  state: SessionState;
  commands: SessionCommand[];
}

export function createSessionState(input: {
  sessionId: string;
  contextWindowTokens: number;
  settings?: SessionSettingsInput;
}): SessionState {
  if (!Number.isFinite(input.contextWindowTokens) || input.contextWindowTokens <= 0) {
    throw new RangeError(`contextWindowTokens must be a positive number, got ${input.contextWindowTokens}`);
  }
  return {
    sessionId: input.sessionId,
    contextWindowTokens: Math.floor(input.contextWindowTokens),
    settings: resolveSessionSettings(input.settings),
    lastSeq: 0,
    boundarySeq: 0,
    live: [],
    summary: null,
    upload: null,
    breaker: createBreaker(),
    compactions: { total: 0, failed: 0, degraded: 0 },
    attemptCounter: 0,
    overflowAttempts: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Derived values

/** Tokens of the summary in force plus the messages after the boundary. */
export function liveTokensOf(state: SessionState): number {
  let total = state.summary?.tokens ?? 0;
  for (const meta of state.live) total += meta.tokens;
  return total;
}

export function contextRatioOf(state: SessionState): number {
  return liveTokensOf(state) / state.contextWindowTokens;
}

export function effectiveKeepRecentTokens(state: SessionState): number {
  return (
    state.settings.keepRecentTokens ??
    Math.min(
      DEFAULT_KEEP_RECENT_TOKENS_CAP,
      Math.floor(state.contextWindowTokens * DEFAULT_KEEP_RECENT_WINDOW_SHARE),
    )
  );
}

/** From the metas alone: a tool result over its share of the window, or all of them over half of it. */
export function likelyHasOversizedToolResults(state: SessionState): boolean {
  // The limits truncation applies (context/truncation.ts), in tokens.
  const single = calculateMaxToolResultChars(state.contextWindowTokens) / CHARS_PER_TOKEN;
  let aggregate = 0;
  for (const meta of state.live) {
    if (meta.role !== 'toolResult') continue;
    if (meta.tokens > single) return true;
    aggregate += meta.tokens;
  }
  return aggregate > calculateAggregateToolResultChars(state.contextWindowTokens) / CHARS_PER_TOKEN;
}

// ---------------------------------------------------------------------------------------------
// Compaction ids

const FNV64_OFFSET = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const UINT64_MASK = 0xffffffffffffffffn;
/** Readable prefix of the session id inside a compaction id. */
const COMPACTION_ID_SLUG_CHARS = 32;

/** FNV-1a (64 bit) over the UTF-16 code units: a small, dependency-free, deterministic hash. */
export function fnv1a64(text: string): string {
  let hash = FNV64_OFFSET;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    hash = ((hash ^ BigInt(unit & 0xff)) * FNV64_PRIME) & UINT64_MASK;
    hash = ((hash ^ BigInt(unit >>> 8)) * FNV64_PRIME) & UINT64_MASK;
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * Deterministic and URL-safe: the same (session, range, attempt) always gives the same id, so a
 * replayed workflow starts the same child and writes the same rows. The slug keeps it readable; the
 * hash keeps sessions whose ids slug alike apart.
 */
export function compactionIdFor(sessionId: string, fromSeq: number, toSeq: number, attempt: number): string {
  const slug =
    sessionId
      .replace(/[^A-Za-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, COMPACTION_ID_SLUG_CHARS) || 'session';
  return `cmp_${slug}_${fnv1a64(sessionId)}_${fromSeq}-${toSeq}_a${attempt}`;
}

// ---------------------------------------------------------------------------------------------
// The cut

export interface Cut {
  fromSeq: number;
  toSeq: number;
  /** Index in `live` of the range's last message. */
  endIndex: number;
  /** Tokens of the range. */
  tokens: number;
  /** Tokens kept after the range. */
  keptTokens: number;
  /** The range ends inside a user turn (no good user-turn boundary was available). */
  splitTurn: boolean;
}

/**
 * For each index e: may a range end at e? Not when the next message is a tool result, not when a
 * later tool result answers a call made at or before e, and — for the very last message — not while
 * the last assistant's calls still await their results (they will arrive with the next turn).
 */
export function safeRangeEnds(live: readonly LiveMessageMeta[]): boolean[] {
  const n = live.length;
  const callIndex = new Map<string, number>();
  live.forEach((meta, index) => {
    for (const id of meta.toolCallIds ?? []) if (!callIndex.has(id)) callIndex.set(id, index);
  });
  const crossing = new Array<number>(n + 1).fill(0);
  const answered = new Set<string>();
  live.forEach((meta, index) => {
    if (meta.role !== 'toolResult' || meta.toolCallId === undefined) return;
    answered.add(meta.toolCallId);
    const call = callIndex.get(meta.toolCallId);
    if (call !== undefined && call < index) {
      crossing[call]! += 1;
      crossing[index]! -= 1;
    }
  });

  let lastAssistant = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (live[i]!.role !== 'toolResult') {
      lastAssistant = live[i]!.role === 'assistant' ? i : -1;
      break;
    }
  }
  const awaiting =
    lastAssistant >= 0 && (live[lastAssistant]!.toolCallIds ?? []).some((id) => !answered.has(id));

  const safe: boolean[] = [];
  let open = 0;
  for (let e = 0; e < n; e++) {
    open += crossing[e]!;
    const next = live[e + 1];
    if (next) safe.push(next.role !== 'toolResult' && open === 0);
    else safe.push(!awaiting && open === 0);
  }
  return safe;
}

/**
 * Where to cut: keep at least `keepRecentTokens` of the newest messages and end the range on a
 * user-turn boundary (before a user message, or at the end of the transcript) that never splits a
 * tool call from its result. When the nearest such boundary would compact less than half of what
 * the ideal cut would (one long agent turn), the turn is split at a safe assistant boundary instead.
 * `maxToSeq` bounds the range's end (replays). Null when nothing can be compacted.
 */
export function chooseCut(
  live: readonly LiveMessageMeta[],
  keepRecentTokens: number,
  options: { maxToSeq?: number } = {},
): Cut | null {
  const n = live.length;
  if (n === 0) return null;
  const keep = Math.max(0, keepRecentTokens);
  let keptStart = n;
  let kept = 0;
  while (keptStart > 0 && kept < keep) {
    keptStart--;
    kept += live[keptStart]!.tokens;
  }
  let maxEnd = keptStart - 1;
  if (options.maxToSeq !== undefined) {
    while (maxEnd >= 0 && live[maxEnd]!.seq > options.maxToSeq) maxEnd--;
  }
  if (maxEnd < 0) return null;

  const prefix = [0];
  for (const meta of live) prefix.push(prefix[prefix.length - 1]! + meta.tokens);
  const safe = safeRangeEnds(live);
  const isTurnBoundary = (e: number) => e === n - 1 || live[e + 1]!.role === 'user';

  let turnEnd = -1;
  let splitEnd = -1;
  for (let e = maxEnd; e >= 0 && turnEnd < 0; e--) {
    if (!safe[e]) continue;
    if (splitEnd < 0) splitEnd = e;
    if (isTurnBoundary(e)) turnEnd = e;
  }
  if (splitEnd < 0) return null;
  const idealTokens = prefix[maxEnd + 1]!;
  const useTurn = turnEnd >= 0 && prefix[turnEnd + 1]! >= idealTokens * MIN_TURN_BOUNDARY_SHARE;
  const end = useTurn ? turnEnd : splitEnd;
  return {
    fromSeq: live[0]!.seq,
    toSeq: live[end]!.seq,
    endIndex: end,
    tokens: prefix[end + 1]!,
    keptTokens: prefix[n]! - prefix[end + 1]!,
    splitTurn: !isTurnBoundary(end),
  };
}

// ---------------------------------------------------------------------------------------------
// Transitions

function breakerCommands(before: BreakerState, after: BreakerState): SessionCommand[] {
  if (before.state === after.state) return [];
  return [
    {
      type: 'breakerChanged',
      from: before.state,
      to: after.state,
      consecutiveFailures: after.consecutiveFailures,
      reason: after.lastError,
    },
  ];
}

/** Marks the range chosen by the cut as the running upload and builds the command that starts it. */
function markRange(
  state: SessionState,
  trigger: CompactionTrigger,
  cut: Cut,
): { state: SessionState; command: StartCompactionCommand } {
  const attempt = state.attemptCounter + 1;
  const compactionId = compactionIdFor(state.sessionId, cut.fromSeq, cut.toSeq, attempt);
  const upload: UploadState = {
    compactionId,
    attempt,
    trigger,
    fromSeq: cut.fromSeq,
    toSeq: cut.toSeq,
    tokens: cut.tokens,
    status: 'running',
    forced: false,
    cleanedUp: false,
    previousBoundarySeq: state.boundarySeq,
    cleaned: [],
  };
  const command = startCommand(state, upload, {
    previousCompactionId: state.summary?.compactionId ?? null,
    replacesTokens: cut.tokens + (state.summary?.tokens ?? 0),
  });
  return { state: { ...state, upload, attemptCounter: attempt }, command };
}

function startCommand(
  state: SessionState,
  upload: UploadState,
  folded: { previousCompactionId: string | null; replacesTokens: number },
): StartCompactionCommand {
  return {
    type: 'startCompaction',
    compactionId: upload.compactionId,
    sessionId: state.sessionId,
    attempt: upload.attempt,
    trigger: upload.trigger,
    fromSeq: upload.fromSeq,
    toSeq: upload.toSeq,
    tokens: upload.tokens,
    ...folded,
    contextWindowTokens: state.contextWindowTokens,
  };
}

/** Rule 4: the boundary moves past the running compaction's range before its summary exists. */
function forceCleanup(state: SessionState, upload: UploadState): Transition {
  const cleaned = state.live.filter((meta) => meta.seq <= upload.toSeq);
  const live = state.live.filter((meta) => meta.seq > upload.toSeq);
  return {
    state: {
      ...state,
      boundarySeq: upload.toSeq,
      live,
      upload: { ...upload, forced: true, cleanedUp: true, cleaned },
    },
    commands: [
      {
        type: 'cleanup',
        compactionId: upload.compactionId,
        fromSeq: upload.fromSeq,
        toSeq: upload.toSeq,
        boundarySeq: upload.toSeq,
        forced: true,
        summaryAttached: false,
      },
    ],
  };
}

/**
 * The threshold rules of §7 on the current state. Only starting a compaction is gated by the
 * breaker (rule 1); clean-up of a range already marked is not, so a half-open trial is still
 * force-cleaned when the window fills.
 */
export function evaluateThresholds(state: SessionState, now?: number): Transition {
  const commands: SessionCommand[] = [];
  let next = state;
  const { uploadRatio, forceRatio } = next.settings;

  const inFlight = next.upload?.status === 'running';
  if (
    !inFlight &&
    contextRatioOf(next) >= uploadRatio &&
    canCompact(next.breaker, next.settings.breaker, now)
  ) {
    const cut = chooseCut(next.live, effectiveKeepRecentTokens(next));
    const minRangeTokens = Math.ceil(next.contextWindowTokens * MIN_RANGE_WINDOW_SHARE);
    if (cut && cut.tokens >= minRangeTokens) {
      const trigger = contextRatioOf(next) >= forceRatio ? 'forced' : 'threshold';
      const marked = markRange(next, trigger, cut);
      const breaker = beginCompactionAttempt(next.breaker);
      next = { ...marked.state, breaker };
      commands.push(marked.command, ...breakerCommands(state.breaker, breaker));
    }
  }

  const upload = next.upload;
  if (upload?.status === 'running' && !upload.cleanedUp && contextRatioOf(next) >= forceRatio) {
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
  /** Epoch ms (workflow time), for the breaker's cooldown. */
  now?: number;
}

/**
 * A turn's messages arrive. Idempotent on seq: metas with seq ≤ lastSeq are ignored, so a replayed
 * turn changes nothing (same state reference, no commands). Then the threshold rules run.
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
  return evaluateThresholds({ ...state, lastSeq, live: [...state.live, ...fresh] }, input.now);
}

export const compactionFinishedSchema = z.object({
  compactionId: z.string().min(1),
  /** `degraded`: some chunk fell back to the extractive digest (§8); usable, but a breaker failure. */
  status: z.enum(['succeeded', 'degraded', 'failed']),
  summaryTokens: z.number().int().min(0).optional(),
  /** Tokens the summary replaces (previous summary + range), as measured by the compaction. */
  tokensBefore: z.number().int().min(0).optional(),
  error: z.string().optional(),
});
export type CompactionFinished = z.infer<typeof compactionFinishedSchema>;

/**
 * The child compaction reports back. A stale or repeated report (not the running upload) changes
 * nothing. A result that is not smaller than what it replaces is a failure. Success puts its
 * summary in force and cleans up exactly its range (rule 3) — or, when the force threshold already
 * cleaned it up, attaches the summary. A failure after a forced clean-up restores the range, so no
 * message is lost from the context without a summary covering it. The breaker records the outcome.
 */
export function applyCompactionFinished(
  state: SessionState,
  result: CompactionFinished,
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

  const settings = state.settings.breaker;
  if (failure !== null) {
    const breaker = recordCompactionOutcome(state.breaker, { ok: false, error: failure }, settings, now);
    const failed: UploadState = { ...upload, status: 'failed', error: failure, cleaned: [] };
    if (result.summaryTokens !== undefined) failed.resultTokens = result.summaryTokens;
    const compactions = {
      ...state.compactions,
      total: state.compactions.total + 1,
      failed: state.compactions.failed + 1,
    };
    const commands: SessionCommand[] = [];
    let next: SessionState = { ...state, upload: failed, breaker, compactions };
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
  const breaker = recordCompactionOutcome(
    state.breaker,
    degraded ? { ok: false, error: 'compaction degraded to the extractive digest' } : { ok: true },
    settings,
    now,
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

export type CompactionPlan =
  | { type: 'started'; compactionId: string; state: SessionState; commands: SessionCommand[] }
  /** A compaction is running: wait for its result (then plan again if still needed). */
  | { type: 'busy'; compactionId: string }
  | { type: 'nothing'; reason: 'empty' | 'breaker-open' };

/**
 * A compaction someone waits for: `manual` (`/compact`; `keepRecentTokens: 0` is `/new`, which
 * compacts everything), `overflow` (recovery step 3) or `replay` (an operator's new attempt over a
 * failed range, ending no later than `maxToSeq`). Manual and replay bypass the breaker — a person
 * asked — and their success closes it; overflow compactions respect it. The workflow awaits the
 * compaction and applies its result with applyCompactionFinished, which cleans up at once.
 */
export function planCompaction(
  state: SessionState,
  options: {
    trigger: 'manual' | 'overflow' | 'replay';
    keepRecentTokens?: number;
    maxToSeq?: number;
    now?: number;
  },
): CompactionPlan {
  if (state.upload?.status === 'running') return { type: 'busy', compactionId: state.upload.compactionId };
  const gated = options.trigger === 'overflow';
  if (gated && !canCompact(state.breaker, state.settings.breaker, options.now)) {
    return { type: 'nothing', reason: 'breaker-open' };
  }
  const keep = options.keepRecentTokens ?? effectiveKeepRecentTokens(state);
  const cut = chooseCut(
    state.live,
    keep,
    options.maxToSeq === undefined ? {} : { maxToSeq: options.maxToSeq },
  );
  if (!cut) return { type: 'nothing', reason: 'empty' };
  const marked = markRange(state, options.trigger, cut);
  const breaker = gated ? beginCompactionAttempt(state.breaker) : state.breaker;
  return {
    type: 'started',
    compactionId: marked.command.compactionId,
    state: { ...marked.state, breaker },
    commands: [marked.command, ...breakerCommands(state.breaker, breaker)],
  };
}

/** `/compact` and `/new` (keepRecentTokens 0). */
export function planManualCompaction(
  state: SessionState,
  options: { keepRecentTokens?: number; now?: number } = {},
): CompactionPlan {
  return planCompaction(state, { ...options, trigger: 'manual' });
}

/**
 * Recovery step 5: the live context restarts after the last message (nothing is deleted). The
 * summary goes out of force; a running compaction is cancelled so its result cannot attach later.
 */
export function applyContextReset(state: SessionState): Transition {
  const commands: SessionCommand[] = [];
  let upload = state.upload;
  if (upload?.status === 'running') {
    upload = { ...upload, status: 'cancelled', cleaned: [] };
    commands.push({ type: 'cancelCompaction', compactionId: upload.compactionId });
  }
  commands.push({ type: 'reset', boundarySeq: state.lastSeq });
  return { state: { ...state, boundarySeq: state.lastSeq, live: [], summary: null, upload }, commands };
}

/** An operator's reset of the breaker. */
export function applyBreakerReset(state: SessionState): Transition {
  const breaker = resetBreaker(state.breaker);
  return { state: { ...state, breaker }, commands: breakerCommands(state.breaker, breaker) };
}

/**
 * §12: an overflow error revealed the provider's real window. The session only ever learns a smaller
 * window (a larger configured one is the operator's call, via updateSessionConfig); the thresholds
 * are ratios, so they follow, and they are evaluated at once.
 */
export function applyObservedWindow(state: SessionState, windowTokens: number, now?: number): Transition {
  if (!Number.isFinite(windowTokens) || windowTokens <= 0 || windowTokens >= state.contextWindowTokens) {
    return { state, commands: [] };
  }
  return evaluateThresholds({ ...state, contextWindowTokens: Math.floor(windowTokens) }, now);
}

/** A turn post changed the window or the settings (§2: taken on the first turn, changeable later). */
export function updateSessionConfig(
  state: SessionState,
  input: { contextWindowTokens?: number; settings?: SessionSettingsInput },
  now?: number,
): Transition {
  const window = input.contextWindowTokens;
  if (window !== undefined && (!Number.isFinite(window) || window <= 0)) {
    throw new RangeError(`contextWindowTokens must be a positive number, got ${window}`);
  }
  const settings = input.settings
    ? resolveSessionSettings({
        ...state.settings,
        ...input.settings,
        breaker: { ...state.settings.breaker, ...input.settings.breaker },
      })
    : state.settings;
  return evaluateThresholds(
    {
      ...state,
      contextWindowTokens: window === undefined ? state.contextWindowTokens : Math.floor(window),
      settings,
    },
    now,
  );
}

/** The overflow recovery counters of one agent attempt (fresh for a new attempt). */
export function recoveryCountersOf(state: SessionState, attemptId: string): RecoveryCounters {
  return countersForAttempt(state.overflowAttempts, attemptId);
}

/** Stores an attempt's counters after a recovery decision (the newest attempts are kept). */
export function withRecoveryCounters(
  state: SessionState,
  attemptId: string,
  counters: RecoveryCounters,
): SessionState {
  return { ...state, overflowAttempts: withAttemptCounters(state.overflowAttempts, attemptId, counters) };
}

// ---------------------------------------------------------------------------------------------
// The view

export interface SessionView {
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
  /** CONTRACT.md: `closed` | `open`; a half-open breaker (trial running) reads `open` with halfOpen. */
  breaker: {
    state: 'closed' | 'open';
    halfOpen: boolean;
    consecutiveFailures: number;
    lastError: string | null;
  };
  compactions: { total: number; failed: number; degraded: number };
}

/** What the API answers without asking the workflow (CONTRACT.md §2, minus `workflowId`). */
export function sessionView(state: SessionState): SessionView {
  const liveTokens = liveTokensOf(state);
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
  };
}

/**
 * Recovery step 4 truncated some live tool results persistently: their metas take the new token
 * counts. Messages not in the live context are ignored.
 */
export function applyTruncation(
  state: SessionState,
  changed: readonly { seq: number; tokens: number }[],
): SessionState {
  if (changed.length === 0) return state;
  const tokensOf = new Map(changed.map((c) => [c.seq, c.tokens]));
  let touched = false;
  const live = state.live.map((meta) => {
    const tokens = tokensOf.get(meta.seq);
    if (tokens === undefined || tokens === meta.tokens) return meta;
    touched = true;
    return { ...meta, tokens };
  });
  return touched ? { ...state, live } : state;
}

/**
 * An operator's replay of a failed or degraded compaction: a new attempt over the same range.
 * - The range's messages are live again (a failed compaction restored them): compact from the
 *   boundary up to at most the range's end, like a manual compaction.
 * - The range's degraded summary is the one in force: summarise exactly that range again; on
 *   success the new summary replaces it (the boundary does not move).
 * - Anything else (a later compaction already folded the range in) has nothing left to replay.
 * Replays bypass the breaker (a person asked) and their success closes it.
 */
export function planReplay(
  state: SessionState,
  replay: {
    compactionId: string;
    fromSeq: number;
    toSeq: number;
    previousCompactionId: string | null;
    tokens: number;
  },
  now?: number,
): CompactionPlan {
  if (state.upload?.status === 'running') return { type: 'busy', compactionId: state.upload.compactionId };
  if (state.live.some((meta) => meta.seq <= replay.toSeq)) {
    return planCompaction(state, {
      trigger: 'replay',
      maxToSeq: replay.toSeq,
      ...(now !== undefined ? { now } : {}),
    });
  }
  if (state.summary?.compactionId !== replay.compactionId) return { type: 'nothing', reason: 'empty' };
  const attempt = state.attemptCounter + 1;
  const compactionId = compactionIdFor(state.sessionId, replay.fromSeq, replay.toSeq, attempt);
  const upload: UploadState = {
    compactionId,
    attempt,
    trigger: 'replay',
    fromSeq: replay.fromSeq,
    toSeq: replay.toSeq,
    tokens: replay.tokens,
    status: 'running',
    forced: false,
    // The range is already behind the boundary: success attaches the summary, failure restores
    // nothing (the boundary stays where it is).
    cleanedUp: true,
    previousBoundarySeq: state.boundarySeq,
    cleaned: [],
  };
  const command = startCommand(state, upload, {
    previousCompactionId: replay.previousCompactionId,
    replacesTokens: replay.tokens,
  });
  return {
    type: 'started',
    compactionId,
    state: { ...state, upload, attemptCounter: attempt },
    commands: [command],
  };
}

/**
 * The child's report as the session workflow applies it: applyCompactionFinished, then — unless
 * it failed — the threshold rules again, because turns kept arriving while it ran and the context
 * may already be over a threshold. (Not after a failure: starting again at once would only feed
 * the breaker; the next turn re-evaluates.)
 */
export function applyCompactionResult(
  state: SessionState,
  result: CompactionFinished,
  now?: number,
): Transition {
  const finished = applyCompactionFinished(state, result, now);
  if (result.status === 'failed') return finished;
  const next = evaluateThresholds(finished.state, now);
  return { state: next.state, commands: [...finished.commands, ...next.commands] };
}
