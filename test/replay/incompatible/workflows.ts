/**
 * A deliberately incompatible change to the workflows: the same code with a timer scheduled
 * first. Replaying the committed histories against it must fail; that proves the replay tier
 * catches such changes.
 */
import { sleep } from '@temporalio/workflow';
import type { SessionWorkflowInput } from '../../../workflows/definitions.js';
import { sessionWorkflow as current } from '../../../workflows/session.js';

export async function sessionWorkflow(input: SessionWorkflowInput): Promise<void> {
  await sleep(1);
  return current(input);
}
