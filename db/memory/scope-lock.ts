/**
 * A memory scope's write lock for the API's requests (issue 33 item 2). Writers of one scope are
 * serialised (dedup reads, then writes: db/memories.ts lockScope), and `pg_advisory_xact_lock`
 * waits *inside* a transaction: thirty concurrent commits into one scope each held a pooled
 * connection while they queued, and another tenant's requests waited for a connection behind
 * them. Here no request holds a connection while it waits:
 *
 * 1. Writers of one scope in this process queue in memory first (no connection while queued);
 * 2. the head of the queue takes a connection and tries the lock (`pg_try_advisory_xact_lock`,
 *    the same key as lockScope): another process (a worker's extraction, another API) may hold
 *    it. If it is taken, the transaction ends, the connection goes back to the pool, and the try is
 *    repeated after a short, growing pause;
 * 3. past SCOPE_LOCK_WAIT_MS the write gives up with `ScopeBusyError` (503 + Retry-After).
 *
 * Why not a lock timeout: a waiter would still hold its connection for the whole timeout. Why not
 * only the in-process queue: writers in other processes (workers, other APIs) share the scope.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { SCOPE_LOCK_WAIT_MS } from '../../config/defaults.js';
import type { Database } from '../client.js';
import { type Executor, type MemoryScope, scopeLockName } from './memories.js';

/** The scope stayed locked by other writers for longer than the write may wait. */
export class ScopeBusyError extends Error {
  override name = 'ScopeBusyError';
  constructor() {
    super('the memory scope is busy with other writes');
  }
}

const queues = new Map<string, Promise<void>>();

/** Runs `run` after every earlier writer of `name` in this process has finished. */
async function inTurn<T>(name: string, run: () => Promise<T>): Promise<T> {
  const before = queues.get(name) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  const tail = before.then(() => mine);
  queues.set(name, tail);
  try {
    await before;
    return await run();
  } finally {
    done();
    if (queues.get(name) === tail) queues.delete(name);
  }
}

const LOCKED = Symbol('locked');

/**
 * `run` in a transaction that holds the scope's lock; no connection is held while waiting for it.
 * `waitMs` bounds the wait (tests use a short one).
 */
export async function withScopeLock<T>(
  db: Database,
  scope: MemoryScope,
  run: (tx: Executor) => Promise<T>,
  waitMs = SCOPE_LOCK_WAIT_MS,
): Promise<T> {
  const name = scopeLockName(scope);
  return inTurn(name, async () => {
    const deadline = Date.now() + waitMs;
    for (let attempt = 0; ; attempt++) {
      const result = await db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${name})) as locked`);
        if (!(result as unknown as { rows: Array<{ locked: boolean }> }).rows[0]?.locked) return LOCKED;
        return run(tx as unknown as Executor);
      });
      if (result !== LOCKED) return result as T;
      if (Date.now() >= deadline) throw new ScopeBusyError();
      // 5 ms, doubling to 200 ms, with jitter: another process's write of the scope takes ms.
      const pause = Math.min(200, 5 * 2 ** attempt);
      await sleep(pause / 2 + Math.random() * (pause / 2));
    }
  });
}
