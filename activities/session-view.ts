import type { Database } from '../db/client.js';
import { persistSessionView } from '../db/sessions.js';
import type { SessionView } from '../workflows/contract.js';

export interface PersistSessionViewInput {
  tenantId: string;
  sessionId: string;
  /** Monotonic per session: a retried or late write of an older view never wins. */
  version: number;
  view: SessionView;
}

export function sessionViewActivities(db: Database) {
  return {
    async persistSessionView(input: PersistSessionViewInput): Promise<void> {
      await persistSessionView(db, input);
    },
  };
}
