/**
 * Every failure type an activity ends with, and whether another attempt at the same request can
 * succeed — one table. An LLM error's default retryability (llm/model.ts) and the workflows' retry
 * policies (`nonRetryableErrorTypes`) are derived from it.
 */
export const FAILURE_TYPES = {
  // An LLM call's failures (llm/model.ts LlmErrorKind).
  rate_limited: { retryable: true, llm: true },
  timeout: { retryable: true, llm: true },
  server: { retryable: true, llm: true },
  network: { retryable: true, llm: true },
  bad_response: { retryable: true, llm: true },
  /** The same prompt overflows again; compaction shrinks its input instead (the fallback levels). */
  overflow: { retryable: false, llm: true },
  auth: { retryable: false, llm: true },
  invalid_request: { retryable: false, llm: true },
  cancelled: { retryable: false, llm: true },
  // A compaction's own failures: its plan or its range is not there.
  missing_chunk: { retryable: false, llm: false },
  empty_range: { retryable: false, llm: false },
} as const satisfies Record<string, { retryable: boolean; llm: boolean }>;

export type FailureType = keyof typeof FAILURE_TYPES;
export type LlmFailureType = {
  [K in FailureType]: (typeof FAILURE_TYPES)[K]['llm'] extends true ? K : never;
}[FailureType];

const types = Object.keys(FAILURE_TYPES) as FailureType[];

/** What a retry policy lists as final: no further attempt of the same request can succeed. */
export const NON_RETRYABLE_FAILURE_TYPES: readonly FailureType[] = types.filter(
  (type) => !FAILURE_TYPES[type].retryable,
);

export function isRetryableFailure(type: FailureType): boolean {
  return FAILURE_TYPES[type].retryable;
}
