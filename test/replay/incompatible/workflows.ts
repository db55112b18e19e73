/**
 * A deliberately incompatible change to the workflows: the same code with a timer scheduled
 * first. Replaying the committed histories against it must fail; that proves the replay tier
 * catches such changes.
 */
import { sleep } from '@temporalio/workflow';
import { compactionWorkflow as currentCompaction } from '../../../workflows/compaction.js';
import type {
  CompactionInput,
  CompactionResult,
  MemoryExtractionInput,
  MemoryExtractionResult,
  SessionWorkflowInput,
} from '../../../workflows/contract.js';
import { memoryExtractionWorkflow as currentMemory } from '../../../workflows/memory.js';
import { sessionWorkflow as currentSession } from '../../../workflows/session/session.js';

export async function sessionWorkflow(input: SessionWorkflowInput): Promise<void> {
  await sleep(1);
  return currentSession(input);
}

export async function compactionWorkflow(input: CompactionInput): Promise<CompactionResult> {
  await sleep(1);
  return currentCompaction(input);
}

export async function memoryExtractionWorkflow(
  input: MemoryExtractionInput,
): Promise<MemoryExtractionResult> {
  await sleep(1);
  return currentMemory(input);
}
