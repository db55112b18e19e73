/**
 * What of an agent's strings may ride in a workflow payload (issue 19 item 5). Workflow signals,
 * state and continue-as-new inputs go through gRPC (4 MiB a message) and Temporal's blob limit
 * (2 MiB): an unbounded string there — a tool-call id of a megabyte — wedges the session for ever.
 * So a tool-call id reaches the workflow as itself only when it is short and storable; any other
 * id becomes a fixed-size reference (a hash of its storable form), computed the same way by the
 * API (from the agent's message) and by the state rebuild (from the stored `jsonb` body). The
 * workflow only compares ids (a call with its result), so a reference serves it equally.
 *
 * Not imported by workflow code (node:crypto): the API and activities compute references.
 */
import { createHash } from 'node:crypto';
import type { LiveMessageMeta } from './session/live.js';
import { storableText } from './storable.js';

/** Ids up to this many UTF-16 units (OpenAI's `call_…`, Anthropic's `toolu_…` are ~30) pass as they are. */
export const MAX_INLINE_TOOL_CALL_ID_CHARS = 64;
/** Tool calls one turn may carry (their ids are the per-turn part of a signal that grows with input). */
export const MAX_TOOL_CALLS_PER_TURN = 1_000;

/** The id as the workflow sees it: itself when short and storable, else `sha256:` + 43 base64url chars. */
export function toolCallRef(id: string): string {
  const storable = storableText(id);
  if (storable.length <= MAX_INLINE_TOOL_CALL_ID_CHARS && !storable.includes('\ufffd')) return storable;
  return `sha256:${createHash('sha256').update(storable).digest('base64url')}`;
}

/** The meta with its tool-call ids replaced by references (bounded size whatever the agent sent). */
export function boundedMeta(meta: LiveMessageMeta): LiveMessageMeta {
  if (meta.toolCallIds) return { ...meta, toolCallIds: meta.toolCallIds.map(toolCallRef) };
  if (meta.toolCallId !== undefined) return { ...meta, toolCallId: toolCallRef(meta.toolCallId) };
  return meta;
}
