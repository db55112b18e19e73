/**
 * The memory extraction workflow's messages (MEMORY.md §2). Payloads carry ids and seqs only;
 * the range's messages and the candidates stay in PostgreSQL (claim-check).
 */
import type { ExtractionTrigger } from '../db/memory-schema.js';

export interface MemoryExtractionInput {
  tenantId: string;
  sessionId: string;
  /** The range (fromSeq - 1, toSeq] of stored messages to extract from. */
  fromSeq: number;
  toSeq: number;
  trigger: ExtractionTrigger;
  /** The extraction replayed (operator replay of a failed one). */
  replayOf?: string;
}

export interface MemoryExtractionResult {
  extractionId: string;
  status: 'succeeded' | 'failed';
  error?: string;
}

/** One workflow per session range: starting it again for the same range is refused by Temporal. */
export function memoryExtractionWorkflowId(
  tenantId: string,
  sessionId: string,
  fromSeq: number,
  toSeq: number,
): string {
  return `molt-memory:${tenantId}:${sessionId}:${fromSeq}-${toSeq}`;
}

/** The extraction row's id: one per range and extractor version. */
export function memoryExtractionId(
  tenantId: string,
  sessionId: string,
  fromSeq: number,
  toSeq: number,
  extractor: string,
): string {
  return `mx:${tenantId}:${sessionId}:${fromSeq}-${toSeq}:${extractor}`;
}
