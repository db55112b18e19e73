/**
 * Memory extraction activities (MEMORY.md §2): begin the extraction row, extract and
 * verify-and-store in one transaction, or record the failure. The range is read here from
 * PostgreSQL (tool calls and results included); nothing of it enters workflow history.
 */
import { ApplicationFailure, Context } from '@temporalio/activity';
import { extractCandidates } from '../context/memory/extractive.js';
import { EXTRACTIVE_VERSION } from '../context/memory/policy.js';
import { storedScopeFor } from '../context/memory/scope-rules.js';
import type { RangeMessage } from '../context/memory/types.js';
import { rangeMessageOf } from '../context/memory/verify.js';
import type { Message } from '../context/messages.js';
import type { Database } from '../db/client.js';
import { beginExtraction, completeExtraction, failExtraction } from '../db/memory-extractions.js';
import { getSession, readMessages } from '../db/transcript.js';
import type { TextModel } from '../llm/model.js';
import { type MemoryExtractionInput, memoryExtractionId } from '../workflows/memory-definitions.js';
import { toActivityFailure } from './llm-failure.js';
import { llmMemoryExtractor } from './memory-llm.js';

/** Turns a range into candidates; `version` is part of the extraction id. */
export interface MemoryExtractor {
  readonly version: string;
  extract(
    range: RangeMessage[],
  ): Promise<{ candidates: unknown[]; tokens?: { input: number; output: number } }>;
}

const HEARTBEAT_INTERVAL_MS = 3_000;

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
      const range = rows.map((row) => rangeMessageOf(row.seq, row.body as Message));
      let result: Awaited<ReturnType<MemoryExtractor['extract']>>;
      // Heartbeats while waiting for the extractor: a killed worker's attempt is retried within
      // the heartbeat timeout, not after the whole start-to-close timeout.
      const context = Context.current();
      const heartbeat = setInterval(() => context.heartbeat(), HEARTBEAT_INTERVAL_MS);
      try {
        result = await limit(() => extractor.extract(range));
      } catch (error) {
        toActivityFailure(error);
      } finally {
        clearInterval(heartbeat);
      }
      return completeExtraction(db, {
        id: input.extractionId,
        tenantId: input.tenantId,
        sessionId: input.sessionId,
        scope: (type) => {
          const stored = storedScopeFor(
            { userId: session.userId, agentId: session.agentId, sessionId: input.sessionId },
            type,
          );
          return stored && { tenantId: input.tenantId, ...stored };
        },
        candidates: result.candidates,
        range,
        tokens: result.tokens ?? null,
      });
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
