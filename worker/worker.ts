/**
 * The Temporal worker: runs molt's workflows and activities on one task queue. Stateless; run as
 * many as the load needs.
 */
import { type NativeConnection, Worker } from '@temporalio/worker';
import { type ActivityDeps, createActivities } from '../activities/index.js';

export interface MoltWorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  workflowBundle: { code: string } | { codePath: string };
  deps: ActivityDeps;
  /** Bounds concurrent activities on this worker (LLM calls are the slow ones). */
  maxConcurrentActivityTaskExecutions?: number;
}

export async function createMoltWorker(options: MoltWorkerOptions): Promise<Worker> {
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowBundle: options.workflowBundle,
    activities: createActivities(options.deps),
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivityTaskExecutions ?? 50,
  });
}
