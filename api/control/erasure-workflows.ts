/**
 * The Temporal side of an erasure (issue 19 item 3): the session's workflows (every run of the
 * session workflow, its compactions and extractions) are terminated before the database erasure,
 * so none starts new work on the range, and deleted after it, so no history of the session is
 * left. Histories carry ids, seqs and counts only, yet settings (AGENTS.md sections), compaction
 * instructions and overflow errors travel in them: deleting the executions removes those too.
 */
import { type Client, WorkflowNotFoundError } from '@temporalio/client';

async function runsOf(client: Client, workflowId: string): Promise<string[]> {
  const runs: string[] = [];
  const query = `WorkflowId = ${JSON.stringify(workflowId)}`;
  for await (const execution of client.workflow.list({ query })) runs.push(execution.runId);
  return runs;
}

const ignoreNotFound = (error: unknown) => {
  if (error instanceof WorkflowNotFoundError) return;
  if ((error as { code?: number })?.code === 5) return; // gRPC NOT_FOUND
  throw error;
};

/**
 * Terminates the running ones; new work on the erased range stops here. Returns the run each id
 * had then: a turn arriving after the termination starts a new current run, and visibility may not
 * list the old one yet, so the deletion names it explicitly.
 */
export async function terminateWorkflows(
  client: Client,
  workflowIds: readonly string[],
): Promise<Array<{ workflowId: string; runId: string }>> {
  const runs: Array<{ workflowId: string; runId: string }> = [];
  for (const workflowId of workflowIds) {
    try {
      const { runId } = await client.workflow.getHandle(workflowId).describe();
      runs.push({ workflowId, runId });
      await client.workflow.getHandle(workflowId, runId).terminate('erased');
    } catch (error) {
      ignoreNotFound(error);
    }
  }
  return runs;
}

/**
 * Deletes every run of each workflow (histories included): the runs terminated before the erasure,
 * those visibility lists, and the current one. Returns how many named runs were deleted.
 */
export async function deleteWorkflows(
  client: Client,
  workflowIds: readonly string[],
  terminated: ReadonlyArray<{ workflowId: string; runId: string }> = [],
): Promise<number> {
  let deleted = 0;
  const namespace = client.options.namespace;
  for (const workflowId of workflowIds) {
    const runs = new Set(await runsOf(client, workflowId));
    for (const run of terminated) if (run.workflowId === workflowId) runs.add(run.runId);
    runs.add(''); // the current run, even if visibility has not listed it yet
    for (const runId of runs) {
      try {
        await client.workflowService.deleteWorkflowExecution({
          namespace,
          workflowExecution: { workflowId, ...(runId ? { runId } : {}) },
        });
        if (runId) deleted += 1;
      } catch (error) {
        ignoreNotFound(error);
      }
    }
  }
  return deleted;
}
