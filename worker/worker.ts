/**
 * The Temporal worker: runs molt's workflows and activities on one task queue. Stateless; run as
 * many as the load needs.
 */
import { setFlagsFromString } from 'node:v8';
import { type NativeConnection, Worker } from '@temporalio/worker';
import { type ActivityDeps, createActivities } from '../activities/index.js';
import {
  DEFAULT_WORKFLOW_CACHE_MB,
  type WorkflowMemoryPlan,
  workflowMemoryPlan,
} from '../config/defaults.js';
import { checkSearchAttributes } from './readiness.js';

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

/** The cache and workflow heap a worker with these options runs with (config/defaults.ts). */
export function workerMemoryPlan(
  options: Pick<MoltWorkerOptions, 'workflowCacheMb' | 'workflowCacheSize'>,
): WorkflowMemoryPlan {
  return workflowMemoryPlan({
    cacheMb: options.workflowCacheMb ?? DEFAULT_WORKFLOW_CACHE_MB,
    size: options.workflowCacheSize,
  });
}

/**
 * Creates the worker, refusing (MissingSearchAttributesError, with the command that registers
 * them) a namespace without molt's search attributes: its sessions could not apply any turn.
 */
export async function createMoltWorker(options: MoltWorkerOptions): Promise<Worker> {
  await checkSearchAttributes(options.connection, options.namespace);
  const plan = workerMemoryPlan(options);
  // The workflows run in a worker thread the SDK starts in Worker.create. A V8 heap flag set now
  // applies to isolates created from now on (that thread), not to this one: the thread's heap gets
  // the plan's ceiling, so the garbage of evicted sandboxes is collected instead of piling up to
  // the process's default heap (a quarter of the machine's memory).
  setFlagsFromString(`--max-old-space-size=${plan.threadHeapMb}`);
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowBundle: options.workflowBundle,
    activities: createActivities(options.deps),
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivityTaskExecutions ?? 50,
    maxCachedWorkflows: plan.cacheSize,
    // The SDK's default (40) may not exceed the cache when the cache is on.
    ...(plan.cacheSize > 0 && plan.cacheSize < 40
      ? { maxConcurrentWorkflowTaskExecutions: plan.cacheSize }
      : {}),
  });
}
