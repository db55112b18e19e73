/** Waiting for the workflow: it applies turns and compactions in the background. */

/** How long the demo waits for the workflow to apply a turn or finish a compaction. */
export const SETTLE_TIMEOUT_MS = 60_000;

/** Polls until `done` holds: the workflow applies turns and compactions in the background. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not settle within ${SETTLE_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
