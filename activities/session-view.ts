import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema.js';
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
    async persistSessionView(input: PersistSessionViewInput): Promise<void> {
      await db
        .update(sessions)
        .set({ view: input.view, viewVersion: input.version, updatedAt: new Date() })
        .where(
          and(
            eq(sessions.tenantId, input.tenantId),
            eq(sessions.id, input.sessionId),
            lt(sessions.viewVersion, input.version),
          ),
        );
    },
  };
}
