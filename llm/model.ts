/**
 * The one interface compaction talks to, and the one error it has to understand. Every provider
 * (AI SDK inside, see `providers.ts`) is reduced to `TextModel.generate`, and every failure to an
 * `LlmError` whose `kind` decides what happens next: Temporal's activity retry policy retries the
 * retryable kinds (honouring `retryAfterMs`), compaction moves to its next fallback level on
 * `overflow` (docs/engine-rules.md#staged-summarization), and nothing retries `auth`, `invalid_request` or `cancelled`.
 */
import {
  FAILURE_TYPES,
  type FailureType,
  isRetryableFailure,
  type LlmFailureType,
} from '../context/failure-types.js';
import { isContextOverflowError } from '../context/overflow.js';

export interface GenerateRequest {
  system: string;
  prompt: string;
  maxOutputTokens?: number;
  /** Carries an activity's cancellation into the HTTP request. */
  abortSignal?: AbortSignal;
}

export interface GenerateResult {
  text: string;
  usage: { inputTokens?: number; outputTokens?: number };
}

export interface TextModel {
  /** `provider:model`, e.g. `anthropic:claude-sonnet-4-5`; recorded with each summary. */
  readonly id: string;
  generate(request: GenerateRequest): Promise<GenerateResult>;
}

/** An LLM call's failure kinds: the LLM rows of the one failure table (context/failure-types.ts). */
export type LlmErrorKind = LlmFailureType;

/**
 * Whether another attempt at the same request can succeed, as the failure table says. `overflow`
 * cannot (the same prompt overflows again; compaction shrinks the input instead), nor can a
 * rejected key or request.
 */
export const RETRYABLE_KINDS: ReadonlySet<LlmErrorKind> = new Set(
  (Object.keys(FAILURE_TYPES) as FailureType[]).filter(
    (type): type is LlmErrorKind => FAILURE_TYPES[type].llm && isRetryableFailure(type),
  ),
);

export interface LlmErrorOptions {
  retryable?: boolean;
  retryAfterMs?: number;
  status?: number;
  cause?: unknown;
}

export class LlmError extends Error {
  override name = 'LlmError';
  readonly kind: LlmErrorKind;
  readonly retryable: boolean;
  /** The provider's own hint (`Retry-After`, `retry-after-ms`) for when to try again. */
  readonly retryAfterMs?: number;
  /** HTTP status of the provider's answer, when there was one. */
  readonly status?: number;

  constructor(kind: LlmErrorKind, message: string, options: LlmErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.retryable = options.retryable ?? RETRYABLE_KINDS.has(kind);
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
    if (options.status !== undefined) this.status = options.status;
  }
}

export function isLlmError(error: unknown): error is LlmError {
  return error instanceof LlmError;
}

/** Response headers as the AI SDK reports them: lower-case names. */
export type ResponseHeaders = Readonly<Record<string, string | undefined>>;

/**
 * The provider's retry hint in milliseconds: `retry-after-ms` (OpenAI) first, then `Retry-After`
 * as delta-seconds or an HTTP date. A date in the past reads as 0; an unreadable value as no hint.
 */
export function parseRetryAfterMs(
  headers: ResponseHeaders | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const header = (name: string) => {
    const direct = headers[name];
    if (direct !== undefined) return direct;
    const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
    return key === undefined ? undefined : headers[key];
  };
  const milliseconds = header('retry-after-ms')?.trim();
  if (milliseconds && /^\d+(\.\d+)?$/.test(milliseconds)) return Math.ceil(Number(milliseconds));
  const retryAfter = header('retry-after')?.trim();
  if (!retryAfter) return undefined;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
  const date = Date.parse(retryAfter);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Error bodies can be whole HTML pages; a message keeps the start. */
const MAX_BODY_IN_MESSAGE = 500;

export interface HttpFailure {
  status: number;
  /** The provider's error message, as parsed by the SDK (may be just the status text). */
  message: string;
  headers?: ResponseHeaders;
  body?: string;
  cause?: unknown;
  now?: number;
}

/**
 * Classifies a provider's HTTP error answer. The overflow check reads the message and the raw body:
 * proxies wrap provider errors in shapes the SDK's error schema does not parse, and then the only
 * place the "maximum context length" text survives is the body.
 */
export function llmErrorFromHttp(failure: HttpFailure): LlmError {
  const { status, headers, cause } = failure;
  const body = failure.body?.trim() ?? '';
  const detail = [failure.message, body && body !== failure.message ? body.slice(0, MAX_BODY_IN_MESSAGE) : '']
    .filter(Boolean)
    .join(' — ');
  const message = `HTTP ${status}: ${detail || 'no details'}`;
  const options = { status, cause };

  if (status >= 200 && status < 300) return new LlmError('bad_response', message, options);
  if (status === 429) {
    const retryAfterMs = parseRetryAfterMs(headers, failure.now);
    return new LlmError('rate_limited', message, {
      ...options,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  if (status === 401 || status === 403) return new LlmError('auth', message, options);
  if (isContextOverflowError(`${failure.message}\n${body}`))
    return new LlmError('overflow', message, options);
  if (status === 408) return new LlmError('timeout', message, options);
  // 409 (a conflicting concurrent request) is transient; the AI SDK retries it too.
  if (status === 409 || status >= 500) return new LlmError('server', message, options);
  return new LlmError('invalid_request', message, options);
}
