/**
 * The Temporal worker: runs molt's workflows and activities on one task queue. Stateless; run as
 * many as the load needs.
 */
import { getHeapStatistics } from 'node:v8';
import { type NativeConnection, Worker } from '@temporalio/worker';
import { type ActivityDeps, createActivities } from '../activities/index.js';
import { DEFAULT_WORKFLOW_CACHE_MB, workflowCacheSize } from '../config/defaults.js';

export interface MoltWorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  workflowBundle: { code: string } | { codePath: string };
  deps: ActivityDeps;
  /** Bounds concurrent activities on this worker (LLM calls are the slow ones). */
  maxConcurrentActivityTaskExecutions?: number;
  /** MB for the cache of workflows (MOLT_WORKFLOW_CACHE_MB); the cache's size follows from it. */
  workflowCacheMb?: number;
  /** Workflows kept cached, overriding the size derived from `workflowCacheMb` (0: no cache). */
  workflowCacheSize?: number;
}

/** The cache size a worker with these options runs with (config/defaults.ts workflowCacheSize). */
export function configuredWorkflowCacheSize(
  options: Pick<MoltWorkerOptions, 'workflowCacheMb' | 'workflowCacheSize'>,
): number {
  return workflowCacheSize({
    cacheMb: options.workflowCacheMb ?? DEFAULT_WORKFLOW_CACHE_MB,
    heapLimitMb: getHeapStatistics().heap_size_limit / (1024 * 1024),
    size: options.workflowCacheSize,
  });
}

export async function createMoltWorker(options: MoltWorkerOptions): Promise<Worker> {
  const maxCachedWorkflows = configuredWorkflowCacheSize(options);
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowBundle: options.workflowBundle,
    activities: createActivities(options.deps),
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivityTaskExecutions ?? 50,
    maxCachedWorkflows,
    // The SDK's default (40) may not exceed the cache when the cache is on.
    ...(maxCachedWorkflows > 0 && maxCachedWorkflows < 40
      ? { maxConcurrentWorkflowTaskExecutions: maxCachedWorkflows }
      : {}),
  });
}
