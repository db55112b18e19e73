/**
 * The turn outbox's signal codec (docs/architecture.md#coalesced-turns): how a turn's signal is
 * stored in its outbox row (db/turn-outbox.ts, db/turn-outbox-schema.ts) and read back for the
 * dispatcher (api/ingest/turn-dispatcher.ts). The SQL stays in db/.
 */
import type { OutboxRow } from '../../db/turn-outbox.js';
import type { TurnSignal } from '../../workflows/contract.js';

/** A stored turn as the dispatcher sends it: its signal decoded at the row's seqs and window. */
export interface OutboxTurn {
  id: number;
  fromSeq: number;
  toSeq: number;
  created: boolean;
  signal: TurnSignal;
  /** The signal's JSON length, for the batch's size cap. */
  bytes: number;
}

/**
 * The signal's template as the outbox stores it: seqs counted from 0 (`seq - fromSeq`), no window.
 * The turn's statement writes the row before it knows the turn's seqs.
 */
export function signalTemplateText(signal: TurnSignal, fromSeq: number): string {
  const { contextWindowTokens: _window, ...rest } = signal;
  return JSON.stringify(shiftSeqs(rest, -fromSeq));
}

/** The signal of a stored row: its template at the row's seqs, with the session's window. */
export function signalOfRow(template: TurnSignal, fromSeq: number, contextWindowTokens: number): TurnSignal {
  return { ...shiftSeqs(template, fromSeq), contextWindowTokens };
}

function shiftSeqs(signal: TurnSignal, by: number): TurnSignal {
  return {
    ...signal,
    messages: signal.messages.map((meta) => ({ ...meta, seq: meta.seq + by })),
    ...(signal.usage ? { usage: { ...signal.usage, seq: signal.usage.seq + by } } : {}),
  };
}

/** A row as read from the outbox, its signal decoded. */
export function outboxTurnOf(row: OutboxRow): OutboxTurn {
  return {
    id: row.id,
    fromSeq: row.fromSeq,
    toSeq: row.toSeq,
    created: row.created,
    signal: signalOfRow(JSON.parse(row.signal) as TurnSignal, row.fromSeq, row.contextWindowTokens),
    bytes: row.signal.length,
  };
}
