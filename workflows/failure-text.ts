/** What a workflow records of a failed activity: the innermost cause's text (context/error-text.ts). */
import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import { errorText } from '../context/error-text.js';

/** The innermost cause of an activity's failure (the activity's own error, not Temporal's wrapper). */
export function failureCause(error: unknown): unknown {
  return error instanceof ActivityFailure && error.cause ? failureCause(error.cause) : error;
}

/** The cause's text, led by its failure type when it has one (`auth: invalid key`). */
export function typedFailureText(error: unknown): string {
  const cause = failureCause(error);
  if (cause instanceof ApplicationFailure) return `${cause.type ?? 'error'}: ${cause.message}`;
  return errorText(cause);
}
