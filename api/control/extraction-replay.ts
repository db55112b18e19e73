/**
 * An operator's replay of a failed memory extraction (POST
 * /v1/memory-extractions/{extractionId}/replay): a new `memoryExtractionWorkflow` over its range,
 * with an id of its own so the failed run stays readable.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { extractionSummaryOf, getExtraction } from '../../db/memory/memory-extractions.js';
import { type MemoryExtractionInput, memoryExtractionWorkflowId } from '../../workflows/contract.js';
import type { memoryExtractionWorkflow } from '../../workflows/memory.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, notFound, unavailable } from '../plugins/errors.js';
import type { extractionReplayAnswerSchema } from '../schemas/memories.js';

export async function replayExtraction(
  deps: ApiDeps,
  tenantId: string,
  extractionId: string,
): Promise<z.infer<typeof extractionReplayAnswerSchema>> {
  const original = await getExtraction(deps.db, tenantId, extractionId);
  if (!original) throw notFound(`memory extraction ${extractionId}`);
  if (original.status !== 'failed') {
    throw new ApiError(
      409,
      'not_replayable',
      `memory extraction ${original.id} is ${original.status}; only failed ones are replayed`,
    );
  }
  const input: MemoryExtractionInput = {
    tenantId,
    sessionId: original.sessionId,
    fromSeq: original.fromSeq,
    toSeq: original.toSeq,
    trigger: 'replay',
    replayOf: original.id,
  };
  try {
    await deps.temporal.workflow.start<typeof memoryExtractionWorkflow>('memoryExtractionWorkflow', {
      workflowId: `${memoryExtractionWorkflowId(tenantId, original.sessionId, original.fromSeq, original.toSeq)}:replay:${randomUUID()}`,
      taskQueue: deps.taskQueue,
      args: [input],
    });
  } catch (error) {
    throw unavailable('Temporal', error);
  }
  return {
    extraction: extractionSummaryOf({
      ...original,
      status: 'running',
      error: null,
      verdict: null,
      cause: null,
    }),
  };
}
