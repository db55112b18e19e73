/** What an extractor proposes and what the verifier makes of it (docs/memory.md#extraction). */
import { z } from 'zod';
import { MEMORY_ABSTRACT_MAX, MEMORY_CONTENT_MAX, SPEAKER_MAX } from './policy.js';
import { MEMORY_TYPES } from './type-names.js';
import { UPDATE_ACTIONS } from './update.js';

export { MEMORY_TYPES, type MemoryType } from './type-names.js';

/**
 * What a turn said (docs/memory.md#episodes): a row of the memories table that no extractor,
 * commit or policy writes — the episode indexer stores one per message (or sentence group).
 */
export const EPISODE_TYPE = 'episode' as const;
/** Every type a stored memory row may have: the memory types and `episode`. */
export const STORED_MEMORY_TYPES = [...MEMORY_TYPES, EPISODE_TYPE] as const;
export type StoredMemoryType = (typeof STORED_MEMORY_TYPES)[number];
export const storedMemoryTypeSchema = z.enum(STORED_MEMORY_TYPES);

/** What started a memory extraction: the 50% upload, `/new`, idleness, or an operator replay. */
export const EXTRACTION_TRIGGERS = ['upload', 'new', 'idle', 'replay'] as const;
export type ExtractionTrigger = (typeof EXTRACTION_TRIGGERS)[number];

/**
 * What an extraction came to (docs/memory.md#verdicts): `extracted` (memories added or
 * superseded), `no_change` (candidates, all duplicates, no-ops or rejected), `no_candidate` (the
 * range proposed nothing), `failed` (the cause says why).
 */
export const EXTRACTION_VERDICTS = ['extracted', 'no_change', 'no_candidate', 'failed'] as const;
export type ExtractionVerdict = (typeof EXTRACTION_VERDICTS)[number];

export const memoryTypeSchema = z.enum(MEMORY_TYPES);

/** A proposed memory; `quote` must appear verbatim in one message of the range (or across a burst of one speaker's messages: verify.ts). */
export const memoryCandidateSchema = z.object({
  type: memoryTypeSchema,
  content: z.string().min(1).max(MEMORY_CONTENT_MAX),
  abstract: z.string().min(1).max(MEMORY_ABSTRACT_MAX),
  key: z.string().max(200).nullable().optional(),
  category: z.string().max(200).nullable().optional(),
  quote: z.string().min(1).max(MEMORY_CONTENT_MAX),
  priority: z.number().int().min(1).max(5),
  validFrom: z.string().datetime({ offset: true }).nullable().optional(),
  /** The speaker's name when the quoted message carries one (a multi-party conversation). */
  speaker: z.string().min(1).max(SPEAKER_MAX).nullable().optional(),
  /**
   * The question a two-turn answer completes, verbatim from the message right before the quoted
   * one (said by someone else): "Which team did you sign with?" — "The Minnesota Wolves!".
   */
  question: z.string().min(1).max(MEMORY_CONTENT_MAX).nullable().optional(),
  /** The LLM extractor's proposed update against the related memories it was shown (checked by the policy). */
  update: z
    .object({
      action: z.enum(UPDATE_ACTIONS),
      target: z.string().max(200).nullable(),
      reason: z.string().max(300),
    })
    .nullable()
    .optional(),
});
export type MemoryCandidate = z.infer<typeof memoryCandidateSchema>;

/** One message of the range as extractors see it: its seq, role and text (tool calls included). */
export interface RangeMessage {
  seq: number;
  role: string;
  text: string;
  /** The speaker's name, when the message carries one (`name`: a multi-party conversation). */
  speaker?: string;
  /** When it was said (ms since the epoch): the message's timestamp, else when molt stored it. */
  at?: number;
}

/** Which memories an embedding run covers: one extraction's, some committed ones, or a tenant's (a backfill). */
export interface EmbeddingSelector {
  tenantId?: string;
  extractionId?: string;
  memoryIds?: string[];
}
