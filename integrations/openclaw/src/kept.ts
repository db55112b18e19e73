/**
 * The last context molt assembled for each session — its summary blocks and where in OpenClaw's
 * transcript the summary ends — kept in this process, so that `assemble` goes on from molt's
 * summary while molt is down or hung (fallback.ts) instead of handing over the whole transcript.
 * Bounded: least recently used sessions go first past `KEPT_LIMITS`. A process that restarts
 * (an `openclaw agent --local` run) starts with nothing kept.
 */
import { SessionLru } from './lru.js';
import { type AgentMessageLike, fingerprint, fromMoltContext, toMoltMessages } from './messages.js';

export interface KeptContext {
  /** molt's summary blocks as OpenClaw messages: its `compactionSummary`, then the key files molt restored. */
  prefix: AgentMessageLike[];
  /** How many of OpenClaw's transcript messages (user, assistant, toolResult) the summary covers. */
  covered: number;
  /** The fingerprint of the last covered message, to find the boundary again; null when none is. */
  anchor: string | null;
}

/** At most this many sessions, and this many bytes of their kept contexts (UTF-8 JSON). */
export const KEPT_LIMITS = { sessions: 1_000, bytes: 32 * 1024 * 1024 };

/** The parts of molt's `GET /context` answer that say what the summary is and where it ends. */
export interface AssembledView {
  messages: unknown[];
  summary: { text: string } | null;
  estimatedTokens: number;
  boundarySeq: number;
  lastSeq: number;
  restored?: { files: readonly unknown[] };
}

/**
 * What to keep of molt's answer for `transcript` (OpenClaw's messages it was assembled for), or
 * null when no summary is in force. molt's context starts with the continuation message (and the
 * restored key files' message when there are any); its last `lastSeq - boundarySeq` messages are
 * the live ones, which end where OpenClaw's transcript ends (OpenClaw commits each turn to molt
 * before it assembles the next).
 */
export function keptFrom(context: AssembledView, transcript: readonly unknown[]): KeptContext | null {
  if (!context.summary) return null;
  const own = toMoltMessages(transcript).messages;
  const prefixLength = (context.restored?.files.length ?? 0) > 0 ? 2 : 1;
  const prefix = fromMoltContext({ ...context, messages: context.messages.slice(0, prefixLength) });
  const covered = Math.max(0, own.length - (context.lastSeq - context.boundarySeq));
  return { prefix, covered, anchor: covered > 0 ? fingerprint(own[covered - 1]) : null };
}

/**
 * Where the kept summary ends in OpenClaw's transcript messages `own` now: after the anchor
 * message, where it was or, when OpenClaw's transcript moved, where it is now; null when it is no
 * longer there (OpenClaw rewrote its transcript), and the kept summary does not fit it.
 */
export function boundaryIn(kept: KeptContext, own: readonly AgentMessageLike[]): number | null {
  if (kept.anchor === null) return 0;
  if (kept.covered <= own.length && fingerprint(own[kept.covered - 1]) === kept.anchor) return kept.covered;
  for (let i = own.length - 1; i >= 0; i--) if (fingerprint(own[i]) === kept.anchor) return i + 1;
  return null;
}

/** Kept contexts by molt session id, least recently used first out. */
export class KeptContexts extends SessionLru<KeptContext> {
  constructor(limits: { sessions: number; bytes: number } = KEPT_LIMITS) {
    super(limits);
  }
}

/** This process's kept contexts: every engine instance (one per agent run) shares them. */
export const keptContexts = new KeptContexts();
