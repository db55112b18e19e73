import type { Database } from '../db/client.js';
import { persistSessionView } from '../db/sessions.js';
import type { PersistSessionViewInput } from '../workflows/contract.js';

export type { PersistSessionViewInput };

export function sessionViewActivities(db: Database) {
  return {
    async persistSessionView(input: PersistSessionViewInput): Promise<void> {
      await persistSessionView(db, input);
    },
  };
}
