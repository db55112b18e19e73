/**
 * Carrying out the commands the session's pure transitions return (context/session/…): start a
 * compaction child (abandoned, never awaited by a turn), cancel one, record a breaker change. The
 * boundary moves (cleanup, attachSummary, restore, reset) already happened in the state, which
 * the view carries to PostgreSQL; they are recorded in the worker's log. Every kind is handled:
 * a new kind fails to compile here until it is.
 */
import {
  getExternalWorkflowHandle,
  log,
  ParentClosePolicy,
  startChild,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import type { SessionCommand } from '../../context/session/index.js';
import { compactionWorkflow } from '../compaction.js';
import { compactionWorkflowId, type SessionWorkflowInput } from '../contract.js';
import type { createMemoryHooks } from './session-memory.js';

/** A command with what the request that caused it asked for (a replay, instructions). */
export interface QueuedCommand {
  command: SessionCommand;
  replayOf?: string;
  instructions?: string;
}

export function createCommandExecutor(options: {
  input: SessionWorkflowInput;
  workflowId: string;
  activities: Pick<Activities, 'recordBreakerEvent'>;
  memory: ReturnType<typeof createMemoryHooks>;
  /** The compaction in flight when the breaker changed, for its event row. */
  uploadCompactionId: () => string | null;
  /** Compactions whose child this run has started (a detached compact update answers then). */
  started: Set<string>;
}) {
  const { input, workflowId, activities, memory, started } = options;
  let breakerEventCounter = 0;

  return async function execute(item: QueuedCommand): Promise<void> {
    const { command } = item;
    switch (command.type) {
      case 'startCompaction': {
        memory.onCompactionStart(command, Boolean(item.replayOf));
        await startChild(compactionWorkflow, {
          workflowId: compactionWorkflowId(command.compactionId),
          parentClosePolicy: ParentClosePolicy.ABANDON,
          args: [
            {
              compactionId: command.compactionId,
              tenantId: input.tenantId,
              sessionId: input.sessionId,
              parentWorkflowId: workflowId,
              trigger: item.replayOf ? 'replay' : command.trigger,
              fromSeq: command.fromSeq,
              toSeq: command.toSeq,
              contextWindowTokens: command.contextWindowTokens,
              previousCompactionId: command.previousCompactionId,
              ...(item.instructions ? { instructions: item.instructions } : {}),
              ...(item.replayOf ? { replayOf: item.replayOf } : {}),
              ...(command.offline ? { offline: true } : {}),
            },
          ],
        });
        started.add(command.compactionId);
        return;
      }
      case 'cancelCompaction': {
        try {
          await getExternalWorkflowHandle(compactionWorkflowId(command.compactionId)).cancel();
        } catch {
          // Already finished: nothing to cancel.
        }
        return;
      }
      case 'breakerChanged': {
        breakerEventCounter += 1;
        upsertSearchAttributes({ MoltBreakerOpen: [command.to !== 'closed'] });
        await activities.recordBreakerEvent({
          id: `${workflowId}:${workflowInfo().runId}:${breakerEventCounter}`,
          tenantId: input.tenantId,
          sessionId: input.sessionId,
          state: command.to,
          reason: command.reason,
          consecutiveFailures: command.consecutiveFailures,
          compactionId: options.uploadCompactionId(),
        });
        return;
      }
      case 'cleanup':
      case 'attachSummary':
      case 'restore':
      case 'reset':
        // The workflow logger is silent during replay: each move is logged once.
        log.info(`session ${command.type}`, { sessionId: input.sessionId, ...command });
        return;
      default: {
        const unknown: never = command;
        throw new Error(`unknown session command ${JSON.stringify(unknown)}`);
      }
    }
  };
}
