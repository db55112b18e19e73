/**
 * The pure half of verify-and-store (docs/memory.md#extraction): a candidate is kept only when it is well
 * formed and its quote appears verbatim in one message of the range; the message it was found in
 * becomes its provenance. Duplicates and supersession need the store and happen in db/memory/memories.ts.
 */
import type { Message } from '../messages.js';
import { normalizeMemoryKey, normalizeMemoryText } from './policy.js';
import { type MemoryCandidate, memoryCandidateSchema, type RangeMessage } from './types.js';

export type RejectReason = 'invalid' | 'quote_not_found';

export interface VerifiedCandidate {
  candidate: MemoryCandidate;
  /** The seq of the message the quote was found in. */
  seq: number;
  normalized: string;
  key: string | null;
}

export interface Verification {
  accepted: VerifiedCandidate[];
  rejected: Array<{ reason: RejectReason; candidate: unknown }>;
}

export function verifyCandidates(
  candidates: readonly unknown[],
  range: readonly RangeMessage[],
): Verification {
  const accepted: VerifiedCandidate[] = [];
  const rejected: Verification['rejected'] = [];
  for (const raw of candidates) {
    const parsed = memoryCandidateSchema.safeParse(raw);
    if (!parsed.success) {
      rejected.push({ reason: 'invalid', candidate: raw });
      continue;
    }
    const candidate = parsed.data;
    const source = range.find((message) => message.text.includes(candidate.quote));
    if (!source) {
      rejected.push({ reason: 'quote_not_found', candidate });
      continue;
    }
    const key = candidate.key ? normalizeMemoryKey(candidate.key) : '';
    accepted.push({
      candidate,
      seq: source.seq,
      normalized: normalizeMemoryText(candidate.content),
      key: key.length > 0 ? key : null,
    });
  }
  return { accepted, rejected };
}

/** Counts of rejected candidates by reason. */
export function rejectedReasons(rejected: Verification['rejected']): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { reason } of rejected) out[reason] = (out[reason] ?? 0) + 1;
  return out;
}

/**
 * A stored message as extractors read it: its text blocks, tool calls (name and JSON arguments)
 * and tool results, one line each. Images and thinking are left out.
 */
export function rangeMessageOf(seq: number, message: Message): RangeMessage {
  const parts: string[] = [];
  if (typeof message.content === 'string') parts.push(message.content);
  else {
    for (const block of message.content as Array<Record<string, unknown> | null>) {
      if (!block) continue;
      if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
      if (block.type === 'toolCall')
        parts.push(`${String(block.name)}(${JSON.stringify(block.arguments ?? {})})`);
    }
  }
  const prefix = message.role === 'toolResult' ? `[${message.toolName}] ` : '';
  return { seq, role: message.role, text: prefix + parts.join('\n') };
}
