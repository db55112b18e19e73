/**
 * An update (`/compact`, `/overflow`, breaker reset) for a session whose workflow run is gone
 * (terminated, failed): the run is started again, rebuilding its state from PostgreSQL
 * (workflows/session/session-rebuild.ts), and the update is sent to it — instead of a 404 until the
 * agent's next turn (issue 19 item 5). An update that reaches the new run while it is still
 * rebuilding (before its handlers exist) is refused by the SDK; it is retried for a few seconds.
 * The session's turns still in the outbox are signalled first.
 */
import {
  type Client,
  WorkflowExecutionAlreadyStartedError,
  type WorkflowHandle,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import type { SessionRow } from '../../db/schema.js';
import { sessionWorkflowId } from '../../workflows/contract.js';
import type { sessionWorkflow } from '../../workflows/session/session.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, notFound, unavailable } from '../plugins/errors.js';
import { sessionStartInput } from './session-start.js';

const REBUILD_RETRIES = 20;
const REBUILD_RETRY_MS = 250;

const notRegisteredYet = (error: unknown) =>
  error instanceof WorkflowUpdateFailedError && /No registered handler/.test(error.cause?.message ?? '');

async function startRebuilding(temporal: Client, deps: ApiDeps, row: SessionRow): Promise<void> {
  try {
    await temporal.workflow.start<typeof sessionWorkflow>('sessionWorkflow', {
      workflowId: sessionWorkflowId(row.tenantId, row.id),
      taskQueue: deps.taskQueue,
      args: [
        sessionStartInput(deps, {
          tenantId: row.tenantId,
          sessionId: row.id,
          contextWindowTokens: row.contextWindowTokens,
          rebuild: true,
        }),
      ],
    });
  } catch (error) {
    // Another request (or a turn) started it meanwhile: that run rebuilds.
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

export async function updateSessionWorkflow<T>(
  deps: ApiDeps,
  row: SessionRow,
  send: (handle: WorkflowHandle) => Promise<T>,
): Promise<T> {
  const handle = () => deps.temporal.workflow.getHandle(sessionWorkflowId(row.tenantId, row.id));
  // Every turn the agent got a 202 for reaches the workflow before the update is planned on it
  // (docs/architecture.md#coalesced-turns): Temporal orders the signal before the update.
  await deps.turnDispatcher?.flush(row.tenantId, row.id);
  try {
    return await send(handle());
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
  }
  await startRebuilding(deps.temporal, deps, row);
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(handle());
    } catch (error) {
      if (!notRegisteredYet(error) || attempt >= REBUILD_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, REBUILD_RETRY_MS));
    }
  }
}

/** A Temporal call's failure as the API answers it: 404 (no workflow), 409 (update refused) or 503. */
export function workflowError(sessionId: string, error: unknown): never {
  if (error instanceof ApiError) throw error;
  if (error instanceof WorkflowNotFoundError) throw notFound(`the workflow of session ${sessionId}`);
  if (error instanceof WorkflowUpdateFailedError) {
    // Temporal's text (and the failure's) stays in the server log (issue 33 item 6): the workflow's
    // own checks repeat what the body's schema already checked, so there is nothing to add.
    const refused = new ApiError(409, 'rejected', `session ${sessionId}: its workflow refused the request`);
    refused.cause = error;
    throw refused;
  }
  throw unavailable('Temporal', error);
}
