/** The memory embedding workflow's id and payloads (ids only), importable outside workflow code. */
import type { EmbeddingSelector } from '../db/memory-embeddings.js';

export interface MemoryEmbeddingInput {
  selector: EmbeddingSelector;
}

export interface MemoryEmbeddingResult {
  status: 'succeeded' | 'failed' | 'off';
  embedded: number;
  error?: string;
}

/** One workflow per extraction, committed memory or backfill of a model. */
export function memoryEmbeddingWorkflowId(what: string): string {
  return `molt-embed:${what}`;
}
