/**
 * Heartbeating while an activity waits on something slow (an LLM call, an extractor), so a killed
 * worker's attempt is retried within the heartbeat timeout, not after the whole start-to-close
 * timeout; the activity's cancellation is carried into the work.
 */
import { Context } from '@temporalio/activity';

/** How often a long call heartbeats by default (compaction's LLM calls). */
export const HEARTBEAT_INTERVAL_MS = 1_000;

export async function withHeartbeat<T>(
  fn: (signal: AbortSignal) => Promise<T>,
  intervalMs: number = HEARTBEAT_INTERVAL_MS,
): Promise<T> {
  const context = Context.current();
  const timer = setInterval(() => context.heartbeat(), intervalMs);
  try {
    return await fn(context.cancellationSignal);
  } finally {
    clearInterval(timer);
  }
}
