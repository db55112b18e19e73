/**
 * Readiness that means it (issue 32, docs/deployment.md#readiness): a worker refuses to start on a
 * namespace without molt's search attributes — its session workflows would fail every task that
 * upserts one, so no turn would ever be applied — and `/readyz` asks whether any worker polls
 * molt's task queue.
 */
/** temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW (@temporalio/proto is no direct dependency). */
const TASK_QUEUE_TYPE_WORKFLOW = 1;

/** Search attributes molt's workflows upsert; a cluster must have them registered. */
export const MOLT_SEARCH_ATTRIBUTES = { MoltBreakerOpen: 'Bool', MoltTenant: 'Keyword' } as const;

export class MissingSearchAttributesError extends Error {
  override name = 'MissingSearchAttributesError';
  constructor(
    readonly namespace: string,
    readonly missing: readonly string[],
  ) {
    super(
      `namespace ${namespace} lacks molt's search attributes ${missing.join(', ')}: session workflows could not apply any turn. ` +
        `Register them, then start the worker again:\n  ${registerCommand(namespace, missing)}`,
    );
  }
}

/** The Temporal CLI command that registers the missing attributes. */
export function registerCommand(namespace: string, missing: readonly string[]): string {
  const types = MOLT_SEARCH_ATTRIBUTES as Record<string, string>;
  const names = missing.map((name) => `--name ${name} --type ${types[name] ?? 'Keyword'}`).join(' ');
  return `temporal operator search-attribute create --namespace ${namespace} ${names}`;
}

/** Throws MissingSearchAttributesError naming what is missing and how to register it. */
export async function checkSearchAttributes(
  connection: {
    operatorService: {
      listSearchAttributes(request: { namespace: string }): Promise<{
        customAttributes?: Record<string, unknown> | null;
      }>;
    };
  },
  namespace: string,
): Promise<void> {
  const listed = await connection.operatorService.listSearchAttributes({ namespace });
  const present = new Set(Object.keys(listed.customAttributes ?? {}));
  const missing = Object.keys(MOLT_SEARCH_ATTRIBUTES).filter((name) => !present.has(name));
  if (missing.length > 0) throw new MissingSearchAttributesError(namespace, missing);
}

/** Whether any worker polled the task queue for workflow tasks lately (Temporal keeps pollers for minutes). */
export async function taskQueueHasPollers(
  connection: {
    workflowService: {
      describeTaskQueue(request: {
        namespace: string;
        taskQueue: { name: string };
        taskQueueType: number;
      }): Promise<{ pollers?: readonly unknown[] | null }>;
    };
  },
  namespace: string,
  taskQueue: string,
): Promise<boolean> {
  const described = await connection.workflowService.describeTaskQueue({
    namespace,
    taskQueue: { name: taskQueue },
    taskQueueType: TASK_QUEUE_TYPE_WORKFLOW,
  });
  return (described.pollers?.length ?? 0) > 0;
}
