/**
 * Expand (docs/memory.md#expand): the flow of POST /v1/memories/expand (api/routes/memory-expand.ts),
 * the `read_history` tool. A search hit
 * (an episode or an extracted memory), a compaction's summary or a place in a session leads to
 * the turns behind it, verbatim, bounded (READ_HISTORY_LIMITS) — also after compaction, since the
 * transcript is never deleted by it. Only in the caller's scope: its own session, the sessions of
 * the user its scope names, or (an operator or an unbound agent key naming no one) its tenant.
 * Anything else is a 404, as if it did not exist.
 */

import type { z } from 'zod';
import { episodesOf, occurredAtOf, speakerOf } from '../../context/memory/episodes.js';
import type { Message } from '../../context/messages.js';
import { getCompactionRow } from '../../db/compactions.js';
import { getMemory } from '../../db/memory/memory-reads.js';
import { getSession, readMessages } from '../../db/messages.js';
import type { ApiDeps } from '../deps.js';
import type { RequestAuth } from '../plugins/auth.js';
import { notFound } from '../plugins/errors.js';
import { type expandAnswerSchema, type expandBodySchema, READ_HISTORY_LIMITS } from '../schemas/memories.js';
import { ownerOf } from './memory-scope.js';

const DEFAULT_AROUND = 3;

function clipped(message: Message): { message: unknown; clipped: boolean } {
  const text = JSON.stringify(message);
  if (text.length <= READ_HISTORY_LIMITS.messageChars) return { message, clipped: false };
  const said = episodesOf(message, new Date(0))
    .map((e) => e.content)
    .join(' ');
  return {
    message: { role: message.role, content: said.slice(0, READ_HISTORY_LIMITS.messageChars) },
    clipped: true,
  };
}

/** The turns behind a hit, a compaction or a place, if the caller's scope may read them (else 404). */
export async function expandHistory(
  deps: ApiDeps,
  auth: RequestAuth,
  body: z.infer<typeof expandBodySchema>,
): Promise<z.infer<typeof expandAnswerSchema>> {
  const { tenantId } = auth;
  const owner = await ownerOf(deps.db, auth, body, 'search');
  let target: { sessionId: string; fromSeq: number; toSeq: number; what: string; range: boolean };
  if (body.id !== undefined) {
    const memory = await getMemory(deps.db, tenantId, body.id);
    if (!memory || !('fromSeq' in memory.source)) throw notFound(`memory ${body.id} with turns`);
    const { sessionId, fromSeq, toSeq } = memory.source;
    target = { sessionId, fromSeq, toSeq, what: `memory ${body.id}`, range: false };
  } else if (body.compactionId !== undefined) {
    const compaction = await getCompactionRow(deps.db, tenantId, body.compactionId);
    if (!compaction) throw notFound(`compaction ${body.compactionId}`);
    const { sessionId, fromSeq, toSeq } = compaction;
    target = { sessionId, fromSeq, toSeq, what: `compaction ${body.compactionId}`, range: true };
  } else {
    const at = body.at!;
    target = {
      sessionId: at.sessionId,
      fromSeq: at.seq,
      toSeq: at.seq,
      what: `session ${at.sessionId}`,
      range: false,
    };
  }
  const session = await getSession(deps.db, tenantId, target.sessionId);
  const tenantWide = owner.userId === null && owner.agentId === null && owner.sessionId === null;
  const mayRead =
    session !== undefined &&
    session !== null &&
    (tenantWide ||
      session.id === owner.sessionId ||
      (owner.userId !== null && session.userId === owner.userId)) &&
    // A key bound to an agent reads only that agent's sessions (api/plugins/key-scope.ts).
    !(auth.role === 'agent' && auth.agentId !== null && session.agentId !== auth.agentId);
  if (!mayRead) throw notFound(target.what);
  let from: number;
  let to: number;
  if (target.range) {
    from = Math.max(target.fromSeq, (body.afterSeq ?? 0) + 1);
    to = target.toSeq;
  } else {
    from = Math.max(1, target.fromSeq - (body.before ?? DEFAULT_AROUND));
    to = target.toSeq + (body.after ?? DEFAULT_AROUND);
  }
  // One seq per message: the bound is a range of seqs, never a read of the whole transcript.
  const last = Math.min(to, from + READ_HISTORY_LIMITS.messages - 1);
  const shown = await readMessages(deps.db, tenantId, target.sessionId, {
    afterSeq: from - 1,
    toSeq: last,
  });
  const more = target.range && last < to ? last : null;
  return {
    sessionId: target.sessionId,
    fromSeq: from,
    toSeq: last,
    messages: shown.map((row) => {
      const message = row.body as Message;
      return {
        seq: row.seq,
        role: row.role,
        speaker: speakerOf(message),
        occurredAt: occurredAtOf(message, row.createdAt).toISOString(),
        ...clipped(message),
      };
    }),
    nextAfterSeq: more,
  };
}
