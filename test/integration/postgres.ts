/**
 * The test PostgreSQL for a describe block that talks to the database directly (no stack): opened
 * and migrated before its tests, closed after them.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';

export function usePostgres(opened: (handle: DatabaseHandle) => void, poolSize = 3): void {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openDatabase({ url: inject('databaseUrl') }, { poolSize });
    await handle.migrate();
    opened(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });
}
