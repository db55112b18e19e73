import type { Database } from '../db/client.js';
import { type PersistViewOutcome, persistSessionView } from '../db/sessions.js';
import type { SessionView } from '../workflows/definitions.js';

export interface PersistSessionViewInput {
  tenantId: string;
  sessionId: string;
  /** Monotonic per session: a retried or late write of an older view never wins. */
  version: number;
  view: SessionView;
}

export function sessionViewActivities(db: Database) {
  return {
    async persistSessionView(input: PersistSessionViewInput): Promise<PersistViewOutcome> {
      return persistSessionView(db, input);
    },
  };
}
