/**
 * Turns molt has not stored yet (issue 32 item 4). A commit molt does not answer is not failed
 * towards OpenClaw — OpenClaw would queue it and run the session's next turns on its own context
 * path, past the plugin's `assemble` — but kept here, in order, and sent when molt answers again.
 * What molt lacks is then found again from OpenClaw's own transcript, which `assemble` is given:
 * molt's stored transcript length (`transcript.messages` of its session view) against the
 * transcript's messages, so nothing is lost when this process's memory was (a restart, a session
 * evicted past `BACKLOG_LIMITS`).
 */
import { SessionLru } from './lru.js';
import { type AgentMessageLike, fingerprint, toMoltMessages } from './messages.js';

/** A turn as the plugin posts it to molt: molt stores it once per turn id. */
export interface PendingTurn {
  turnId: string;
  messages: AgentMessageLike[];
}

export interface SessionBacklog {
  /**
   * True once an `assemble` in this process found molt holding OpenClaw's transcript (or caught it
   * up): from then on the pending turns are exactly what molt lacks, and a commit may send them.
   */
  checked: boolean;
  /** Turns molt did not take, oldest first. */
  pending: PendingTurn[];
}

/** At most this many sessions, and this many bytes of their pending turns (UTF-8 JSON). */
export const BACKLOG_LIMITS = { sessions: 1_000, bytes: 32 * 1024 * 1024 };

/** Session backlogs by molt session id, least recently used first out. */
export class Backlogs extends SessionLru<SessionBacklog> {
  constructor(limits: { sessions: number; bytes: number } = BACKLOG_LIMITS) {
    super(limits);
  }

  /** Whether the session may be behind molt's: turns are pending, or it was never checked here. */
  behind(sessionId: string): boolean {
    const backlog = this.get(sessionId);
    return !backlog?.checked || backlog.pending.length > 0;
  }

  /** Adds a turn molt did not take after the session's pending ones. */
  hold(sessionId: string, turn: PendingTurn): SessionBacklog {
    const backlog = this.get(sessionId);
    const next = { checked: backlog?.checked ?? false, pending: [...(backlog?.pending ?? []), turn] };
    this.set(sessionId, next);
    return next;
  }

  /** The session's oldest pending turn is in molt (or will never be). */
  shift(sessionId: string): void {
    const backlog = this.get(sessionId);
    if (backlog) this.set(sessionId, { ...backlog, pending: backlog.pending.slice(1) });
  }

  /** molt holds OpenClaw's transcript: nothing pending. */
  settle(sessionId: string): void {
    const backlog = this.get(sessionId);
    if (!backlog?.checked || backlog.pending.length > 0) this.set(sessionId, { checked: true, pending: [] });
  }
}

/** This process's backlogs: every engine instance (one per agent run) shares them. */
export const backlogs = new Backlogs();

/**
 * The turns that bring molt, holding `storedMessages` of the session's transcript, up to
 * OpenClaw's `transcript`. A session this process checked holds exactly what molt lacks: its
 * pending turns, each under its own id. Otherwise (a restart, an evicted session), while
 * OpenClaw's transcript is its whole history (no summary of its own compaction in it), its
 * messages past `storedMessages` are sent as one turn whose id names where it starts and what it
 * holds (a retry is a replay; two processes catching up the same gap send the same turn).
 */
export function catchUpTurns(input: {
  transcript: readonly unknown[];
  storedMessages: number;
  checked: boolean;
  pending: readonly PendingTurn[];
}): PendingTurn[] {
  const own = toMoltMessages(input.transcript);
  if (input.checked || own.skipped > 0) return [...input.pending];
  const missing = own.messages.slice(input.storedMessages);
  if (missing.length === 0) return [];
  return [{ turnId: `catchup-${input.storedMessages}-${fingerprint(missing)}`, messages: missing }];
}
