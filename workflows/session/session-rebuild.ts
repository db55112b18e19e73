/**
 * A session workflow started again after its run was lost (terminated, failed, timed out) reads
 * its state back from PostgreSQL instead of starting at seq 0 (issue 19 item 5; the reads are
 * db/session-rebuild.ts, the rule context/session/rebuild.ts). The API asks for it (`rebuild`)
 * when a turn finds no running workflow for a session that already exists; a new session's first
 * run and every continue-as-new start as before. Behind `patched`, though no recorded history
 * carries `rebuild`.
 *
 * It runs before the workflow registers its handlers: turns signalled meanwhile stay buffered and
 * are applied after the rebuilt state (their seqs, if already rebuilt, are ignored); an update
 * arriving in that first activation is refused (the agent retries it).
 */
import { patched, proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import type { MessageMeta, SessionWorkflowInput } from '../contract.js';
import { PATCHES } from '../patches.js';

export const REBUILD_STATE_PATCH = PATCHES.rebuildStateFromDb.id;

const { rebuildSessionState } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

export async function restartInput(
  input: SessionWorkflowInput,
): Promise<{ input: SessionWorkflowInput; pending: MessageMeta[] }> {
  if (!input.rebuild || input.carried || !patched(REBUILD_STATE_PATCH)) return { input, pending: [] };
  const found = await rebuildSessionState({
    tenantId: input.tenantId,
    sessionId: input.sessionId,
    ...(input.defaults ? { defaults: input.defaults } : {}),
  });
  if (!found) return { input, pending: [] };
  return {
    input: {
      ...input,
      contextWindowTokens: found.state.contextWindowTokens,
      carried: {
        state: found.state,
        // As a fresh run does (session.ts): above every version the lost run wrote.
        viewVersion: workflowInfo().runStartTime.getTime() * 1_000,
        memory: {
          extractedToSeq: found.extractedToSeq,
          seenSeq: found.state.lastSeq,
          lastActivityAt: Date.now(),
        },
      },
    },
    pending: found.pending,
  };
}
