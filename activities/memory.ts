/**
 * Memory extraction activities (docs/memory.md#extraction): begin the extraction row, extract and
 * verify-and-store in one transaction, or record the failure. The range is read here from
 * PostgreSQL (tool calls and results included); nothing of it enters workflow history.
 */
import { ApplicationFailure } from '@temporalio/activity';
import { extractCandidates } from '../context/memory/extractive.js';
import type { KnownMemory } from '../context/memory/llm-prompt.js';
import { EXTRACTIVE_VERSION } from '../context/memory/policy.js';
import { type SessionSpeakers, sayerOwner, storedScopeFor } from '../context/memory/scope-rules.js';
import type { RangeMessage } from '../context/memory/types.js';
import { rangeMessageOf } from '../context/memory/verify.js';
import type { Message } from '../context/messages.js';
import type { Database } from '../db/client.js';
import { scopeOf } from '../db/memory/memories.js';
import { beginExtraction, completeExtraction, failExtraction } from '../db/memory/memory-extractions.js';
import { knownMemoriesFor } from '../db/memory/memory-store.js';
import { getSession, readMessages } from '../db/transcript.js';
import type { TextModel } from '../llm/model.js';
import { type MemoryExtractionInput, memoryExtractionId } from '../workflows/contract.js';
import { withHeartbeat } from './heartbeat.js';
import { toActivityFailure } from './llm-failure.js';
import { llmMemoryExtractor } from './memory-llm.js';

/** Turns a range into candidates; `version` is part of the extraction id. */
export interface MemoryExtractor {
  readonly version: string;
  extract(
    range: RangeMessage[],
    /** The scope's memories related to the range (the LLM extractor decides updates against them). */
    known?: KnownMemory[],
  ): Promise<{ candidates: unknown[]; tokens?: { input: number; output: number } }>;
}

/** An extraction heartbeats less often than a compaction's LLM call: it is one call per range. */
const EXTRACTION_HEARTBEAT_MS = 3_000;

export const extractiveExtractor: MemoryExtractor = {
  version: EXTRACTIVE_VERSION,
  extract: async (range) => ({ candidates: extractCandidates(range) }),
};

/** At most `limit` extractions run their extractor at once in this worker: a burst of uploads cannot fan out into a 429 storm. */
export function createLimiter(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await fn();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export interface MemoryActivityDeps {
  db: Database;
  model: TextModel | null;
  /** Extractions running an extractor at once (MOLT_MEMORY_CONCURRENCY). */
  concurrency: number;
  /** An embedder is configured: the extraction workflow then embeds what it stored. */
  embeddings?: boolean;
}

export function memoryActivities(deps: MemoryActivityDeps) {
  const { db } = deps;
  const extractor = deps.model ? llmMemoryExtractor(deps.model) : extractiveExtractor;
  const limit = createLimiter(Math.max(1, deps.concurrency));

  return {
    async beginMemoryExtraction(
      input: MemoryExtractionInput & { workflowId: string },
    ): Promise<{ extractionId: string; status: string }> {
      const session = await getSession(db, input.tenantId, input.sessionId);
      const id = memoryExtractionId(
        input.tenantId,
        input.sessionId,
        input.fromSeq,
        input.toSeq,
        extractor.version,
      );
      const row = await beginExtraction(db, {
        id,
        tenantId: input.tenantId,
        sessionId: input.sessionId,
        userId: session?.userId ?? null,
        agentId: session?.agentId ?? null,
        fromSeq: input.fromSeq,
        toSeq: input.toSeq,
        trigger: input.trigger,
        extractor: extractor.version,
        workflowId: input.workflowId,
        replayOf: input.replayOf ?? null,
      });
      return { extractionId: row.id, status: row.status };
    },

    async extractMemories(input: MemoryExtractionInput & { extractionId: string }) {
      const session = await getSession(db, input.tenantId, input.sessionId);
      if (!session) {
        throw ApplicationFailure.create({
          type: 'invalid_request',
          message: `session ${input.sessionId} not found`,
          nonRetryable: true,
        });
      }
      const rows = await readMessages(db, input.tenantId, input.sessionId, {
        afterSeq: input.fromSeq - 1,
        toSeq: input.toSeq,
      });
      const range = rows.map((row) => rangeMessageOf(row.seq, row.body as Message, row.createdAt));
      const speakers: SessionSpeakers = {
        userSinceSeq: session.userId === null ? null : (session.userSinceSeq ?? null),
      };
      const scope = scopeOf({
        tenantId: input.tenantId,
        userId: session.userId,
        agentId: session.agentId,
        sessionId: input.sessionId,
      });
      const known = deps.model ? await knownMemoriesFor(db, scope, range) : [];
      let result: Awaited<ReturnType<MemoryExtractor['extract']>>;
      try {
        result = await withHeartbeat(
          () => limit(() => extractor.extract(range, known)),
          EXTRACTION_HEARTBEAT_MS,
        );
      } catch (error) {
        toActivityFailure(error);
      }
      const counts = await completeExtraction(db, {
        id: input.extractionId,
        tenantId: input.tenantId,
        sessionId: input.sessionId,
        scope: (type, said) => {
          const owner = { userId: session.userId, agentId: session.agentId, sessionId: input.sessionId };
          const stored = storedScopeFor(sayerOwner(owner, said, speakers), type);
          return stored && { tenantId: input.tenantId, ...stored };
        },
        candidates: result.candidates,
        range,
        tokens: result.tokens ?? null,
      });
      return { ...counts, embed: deps.embeddings === true };
    },

    async failMemoryExtraction(input: {
      tenantId: string;
      extractionId: string;
      error: string;
    }): Promise<void> {
      await failExtraction(db, { id: input.extractionId, tenantId: input.tenantId, error: input.error });
    },
  };
}
