/**
 * An API that started open (no key existed: `molt dev` on a laptop) closes as soon as the first
 * key exists, without a restart (issue 19 item 9): `molt keys create` against the same database
 * used to leave it open until the process was restarted. The key table is checked at most once a
 * second; once a key is seen the API stays closed.
 */
import { countApiKeys } from '../../db/api-keys.js';
import type { Database } from '../../db/client.js';

const RECHECK_MS = 1_000;

/** A function answering whether the API is still open (no key exists yet). */
export function openUntilFirstKey(db: Database): () => Promise<boolean> {
  let closed = false;
  let checkedAt = 0;
  let pending: Promise<boolean> | null = null;
  return async () => {
    if (closed) return false;
    if (Date.now() - checkedAt < RECHECK_MS) return true;
    pending ??= countApiKeys(db)
      .then((n) => {
        checkedAt = Date.now();
        if (n > 0) closed = true;
        return !closed;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}
