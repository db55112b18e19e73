import type { SessionDefaults } from '../context/session/defaults.js';
import type { Database } from '../db/client.js';
import { readSessionRebuild, type SessionRebuild } from '../db/session-rebuild.js';

/** A session workflow started again after its run was lost reads its state back (issue 19 item 5). */
export function sessionRebuildActivities(db: Database) {
  return {
    async rebuildSessionState(input: {
      tenantId: string;
      sessionId: string;
      /** The defaults the new run decides with (absent: the pre-carried era's). */
      defaults?: SessionDefaults;
    }): Promise<SessionRebuild | null> {
      return readSessionRebuild(db, input.tenantId, input.sessionId, input.defaults);
    },
  };
}
