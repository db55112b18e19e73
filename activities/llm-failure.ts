/** How an LLM failure reaches Temporal from any activity that calls a model. */
import { ApplicationFailure } from '@temporalio/common';
import { LlmError } from '../llm/model.js';

/**
 * An LLM failure as Temporal should see it: its kind is the failure type, a non-retryable kind
 * (auth, invalid request) stops the retries, and the provider's Retry-After sets the next delay.
 * Anything else is rethrown as it is.
 */
export function toActivityFailure(error: unknown): never {
  if (error instanceof LlmError) {
    throw ApplicationFailure.create({
      type: error.kind,
      message: error.message,
      nonRetryable: !error.retryable,
      ...(error.retryAfterMs !== undefined ? { nextRetryDelay: error.retryAfterMs } : {}),
    });
  }
  throw error;
}
