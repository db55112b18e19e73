import type { Database } from '../db/client.js';
import { type PersistViewOutcome, persistSessionView } from '../db/sessions.js';
import type { PersistSessionViewInput } from '../workflows/contract.js';

export type { PersistSessionViewInput };

export function sessionViewActivities(db: Database) {
  return {
    async persistSessionView(input: PersistSessionViewInput): Promise<PersistViewOutcome> {
      return persistSessionView(db, input);
    },
  };
}
