/**
 * The API's side of the episode indexer (docs/memory.md#episodes): at start-up it starts the task
 * queue's `episodeIndexWorkflow` (one per task queue; a running one is left alone), as it starts
 * the embedding backfill. The workflow runs on the worker and never stops by itself.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_EPISODE_POLL_MS } from '../../config/defaults.js';
import { type EpisodeIndexInput, episodeIndexWorkflowId } from '../../workflows/contract.js';
import type { ApiDeps } from '../deps.js';

export function startEpisodeIndexer(
  deps: Pick<ApiDeps, 'temporal' | 'taskQueue'>,
  options: { pollMs?: number } = {},
  log?: FastifyBaseLogger,
): void {
  const pollMs = options.pollMs ?? DEFAULT_EPISODE_POLL_MS;
  const input: EpisodeIndexInput = { pollMs, maxPollMs: pollMs * 8 };
  deps.temporal.workflow
    .start('episodeIndexWorkflow', {
      taskQueue: deps.taskQueue,
      workflowId: episodeIndexWorkflowId(deps.taskQueue),
      args: [input],
    })
    .catch((error: unknown) => {
      if ((error as Error)?.name === 'WorkflowExecutionAlreadyStartedError') return;
      log?.warn('could not start the episode indexer workflow');
    });
}
