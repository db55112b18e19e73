/**
 * Coalesced turns (docs/architecture.md#coalesced-turns): which turns of a `turns` batch the
 * session applies. A batch may be delivered twice (the dispatcher died after Temporal accepted it,
 * before it deleted the outbox rows) or overlap an earlier one; a turn whose messages were all
 * applied already is skipped whole, its posted window and settings included, so a late copy never
 * undoes a newer turn's config. A turn without messages (config only) has no seq to recognise it
 * by: it is applied, which is idempotent for its own config.
 */
import type { LiveMessageMeta } from './live.js';

export function turnAlreadyApplied(lastSeq: number, turn: { messages: readonly LiveMessageMeta[] }): boolean {
  return turn.messages.length > 0 && turn.messages.every((meta) => meta.seq <= lastSeq);
}
