/**
 * An operator's replay of a failed, degraded or cancelled compaction (POST
 * /v1/compactions/{compactionId}/replay): a new attempt over (at most) its range, started by the
 * session workflow's `compact` update (detached: answered once the child started).
 */

import type { z } from 'zod';
import { REPLAYABLE_STATUSES } from '../../context/compaction-rules.js';
import { getCompaction, getCompactionRow } from '../../db/compactions.js';
import { getSession, sumRangeTokens } from '../../db/transcript.js';
import { type CompactResult, compactUpdate } from '../../workflows/contract.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, notFound } from '../plugins/errors.js';
import type { replaySchema } from '../schemas/compactions.js';
import { updateSessionWorkflow, workflowError } from './session-update.js';

export async function replayCompaction(
  deps: ApiDeps,
  tenantId: string,
  compactionId: string,
): Promise<z.infer<typeof replaySchema>> {
  const original = await getCompactionRow(deps.db, tenantId, compactionId);
  if (!original) throw notFound(`compaction ${compactionId}`);
  if (!REPLAYABLE_STATUSES.has(original.status)) {
    throw new ApiError(
      409,
      'not_replayable',
      `compaction ${original.id} is ${original.status}; only failed, degraded or cancelled compactions are replayed`,
    );
  }
  const session = await getSession(deps.db, tenantId, original.sessionId);
  if (!session) throw notFound(`session ${original.sessionId}`);
  const tokens = await sumRangeTokens(
    deps.db,
    tenantId,
    original.sessionId,
    original.fromSeq,
    original.toSeq,
  );
  let result: CompactResult;
  try {
    // The one path of session updates (session-update.ts): the session's turns still in the outbox
    // go first, and a run that is gone is started again, rebuilt from PostgreSQL, as /compact does.
    result = await updateSessionWorkflow(deps, session, (handle) =>
      handle.executeUpdate(compactUpdate, {
        args: [
          {
            replayOf: {
              compactionId: original.id,
              fromSeq: original.fromSeq,
              toSeq: original.toSeq,
              previousCompactionId: original.previousCompactionId,
              tokens,
            },
            detach: true,
          },
        ],
      }),
    );
  } catch (failure) {
    return workflowError(original.sessionId, failure);
  }
  if (result.status === 'nothing') {
    const why =
      result.reason === 'empty'
        ? `its range (seq ${original.fromSeq}–${original.toSeq}) is already covered by a newer summary`
        : result.reason;
    throw new ApiError(409, 'nothing_to_compact', `nothing to replay for compaction ${original.id}: ${why}`);
  }
  const compaction = (await getCompaction(deps.db, tenantId, result.compactionId)) ?? {
    id: result.compactionId,
    sessionId: original.sessionId,
    trigger: 'replay',
    status: 'running',
    replayOf: original.id,
  };
  return { compaction };
}
