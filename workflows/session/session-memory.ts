/**
 * The session workflow's memory hooks (docs/memory.md#extraction), kept apart from its command handling: which
 * ranges to extract (the compacted range at the 50% upload, the unextracted tail at `/new` and
 * after MOLT_MEMORY_IDLE_MS of idleness), and starting one abandoned `memoryExtractionWorkflow`
 * per range — never awaited, so neither a turn nor a compaction waits for it. The idle timer is a
 * `condition` timeout (durable); its inputs are carried across continue-as-new.
 *
 * Histories recorded before memory existed replay with the hooks off (`patched`).
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { condition, ParentClosePolicy, patched, sleep, startChild } from '@temporalio/workflow';
import { PRE_CARRIED_MEMORY_IDLE_MS, type SessionState } from '../../context/session/index.js';
import {
  type CompactionTrigger,
  type ExtractionTrigger,
  type MemoryCarry,
  type MemoryExtractionInput,
  memoryExtractionWorkflowId,
  type SessionWorkflowInput,
} from '../contract.js';
import { memoryExtractionWorkflow } from '../memory.js';
import { PATCHES } from '../patches.js';

export const MEMORY_PATCH = PATCHES.memoryExtraction.id;

/** Compactions whose range is the 50% upload (a manual one is extracted only at `/new`). */
const UPLOAD_TRIGGERS: ReadonlySet<CompactionTrigger> = new Set(['threshold', 'forced', 'overflow']);

export function createMemoryHooks(options: SessionWorkflowInput) {
  const enabled = patched(MEMORY_PATCH);
  // Resolved by the API (MOLT_MEMORY_IDLE_MS or its default); a run started without it: its era's.
  const idleMs = options.memoryIdleMs ?? PRE_CARRIED_MEMORY_IDLE_MS;
  const carry: MemoryCarry = options.carried?.memory
    ? { ...options.carried.memory }
    : { extractedToSeq: 0, seenSeq: 0, lastActivityAt: Date.now() };
  const pending: MemoryExtractionInput[] = [];
  let timerRunning = false;
  let timerFired = false;

  const request = (trigger: ExtractionTrigger, fromSeq: number, toSeq: number) => {
    if (!enabled) return;
    const from = Math.max(fromSeq, carry.extractedToSeq + 1);
    if (from > toSeq) return;
    carry.extractedToSeq = toSeq;
    pending.push({ tenantId: options.tenantId, sessionId: options.sessionId, fromSeq: from, toSeq, trigger });
  };

  const observe = (state: SessionState) => {
    if (state.lastSeq > carry.seenSeq) {
      carry.seenSeq = state.lastSeq;
      carry.lastActivityAt = Date.now();
    }
  };

  return {
    enabled,
    carry: (): MemoryCarry | undefined => (enabled ? { ...carry } : undefined),

    /** A compaction child is about to start: the 50% upload extracts the same range. */
    onCompactionStart(
      command: { trigger: CompactionTrigger; fromSeq: number; toSeq: number },
      replay: boolean,
    ) {
      if (!replay && UPLOAD_TRIGGERS.has(command.trigger)) request('upload', command.fromSeq, command.toSeq);
    },

    /** `/new` (`keepRecentTokens: 0`): everything not yet extracted. */
    onNew(state: SessionState) {
      request('new', carry.extractedToSeq + 1, state.lastSeq);
    },

    /**
     * The main loop's wait: `ready` as before, and — when the session has an unextracted tail —
     * a durable timer that extracts it once the session has been idle long enough. One timer runs
     * at a time and is never cancelled: a turn does not restart it (which would add two events per
     * turn); when it fires early because turns came meanwhile, the next one covers the rest.
     */
    async wait(ready: () => boolean, state: () => SessionState): Promise<void> {
      if (!enabled) {
        await condition(ready);
        return;
      }
      observe(state());
      if (timerFired) {
        timerFired = false;
        if (Date.now() - carry.lastActivityAt >= idleMs)
          request('idle', carry.extractedToSeq + 1, state().lastSeq);
      }
      if (pending.length > 0 || ready()) return;
      if (state().lastSeq > carry.extractedToSeq && !timerRunning) {
        timerRunning = true;
        void sleep(Math.max(1, carry.lastActivityAt + idleMs - Date.now())).then(() => {
          timerRunning = false;
          timerFired = true;
        });
      }
      await condition(() => ready() || pending.length > 0 || timerFired);
    },

    /** Starts the requested extractions; a range already started (same workflow id) is skipped. */
    async flush(): Promise<void> {
      while (pending.length > 0) {
        const input = pending.shift()!;
        try {
          await startChild(memoryExtractionWorkflow, {
            workflowId: memoryExtractionWorkflowId(
              input.tenantId,
              input.sessionId,
              input.fromSeq,
              input.toSeq,
            ),
            parentClosePolicy: ParentClosePolicy.ABANDON,
            args: [input],
          });
        } catch (error) {
          if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
        }
      }
    },
  };
}
