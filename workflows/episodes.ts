/**
 * episodeIndexWorkflow (docs/memory.md#episodes): makes every stored message an episode, in the
 * background — never on a turn's path and without a command in the session workflow. It loops:
 * one activity indexes a bounded batch (idempotent, crash-safe: db/memory/episodes.ts), the
 * episodes it added are embedded by an abandoned memoryEmbeddingWorkflow (only when the worker has
 * an embedder), and when nothing waits it sleeps, backing off from `pollMs` to `maxPollMs`. It
 * continues as new before its history grows long. One per task queue, started by the API.
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import {
  continueAsNew,
  ParentClosePolicy,
  proxyActivities,
  sleep,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { EpisodeIndexInput } from './contract.js';
import { memoryEmbeddingWorkflow, memoryEmbeddingWorkflowId } from './memory-embedding.js';

const indexing = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

/** Batches per run before continuing as new (each adds a few events). */
const BATCHES_PER_RUN = 200;

export async function episodeIndexWorkflow(input: EpisodeIndexInput): Promise<void> {
  let idleMs = input.pollMs;
  for (let i = 0; i < BATCHES_PER_RUN; i++) {
    const batch = await indexing.indexEpisodes();
    if (batch.embed && batch.added.length > 0) {
      try {
        await startChild(memoryEmbeddingWorkflow, {
          workflowId: memoryEmbeddingWorkflowId(`episodes:${workflowInfo().runId}:${i}`),
          parentClosePolicy: ParentClosePolicy.ABANDON,
          args: [{ selector: { memoryIds: batch.added } }],
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
    }
    if (batch.more) {
      idleMs = input.pollMs;
      continue;
    }
    await sleep(idleMs);
    idleMs = batch.messages > 0 ? input.pollMs : Math.min(input.maxPollMs, idleMs * 2);
  }
  await continueAsNew<typeof episodeIndexWorkflow>(input);
}
