/**
 * The AI SDK behind `TextModel`: one `generateText` call per request, no SDK retries (Temporal's
 * activity retry policy owns retries, with backoff and `Retry-After`), a timeout of our own (the
 * SDK v5 has none), and every failure mapped to an `LlmError`.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  EmptyResponseBodyError,
  generateText,
  InvalidArgumentError,
  InvalidResponseDataError,
  JSONParseError,
  type LanguageModel,
  LoadAPIKeyError,
  NoContentGeneratedError,
  RetryError,
  TypeValidationError,
  UnsupportedFunctionalityError,
} from 'ai';
import { errorText } from '../context/error-text.js';
import type { LlmConfig } from './config.js';
import {
  type GenerateRequest,
  type GenerateResult,
  LlmError,
  llmErrorFromHttp,
  type TextModel,
} from './model.js';

export interface CreateTextModelOptions {
  /** Replaces `globalThis.fetch` (tests, proxies, instrumentation). */
  fetch?: typeof globalThis.fetch;
}

/**
 * The configured model, or `null` for `extractive`: compaction then writes the deterministic digest
 * (docs/engine-rules.md#the-summary) and never calls a model.
 */
export function createTextModel(config: LlmConfig, options: CreateTextModelOptions = {}): TextModel | null {
  if (config.provider === 'extractive') return null;
  const common = {
    ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  let languageModel: LanguageModel;
  switch (config.provider) {
    case 'openai-compatible': {
      if (!config.baseUrl) throw new LlmError('invalid_request', 'openai-compatible needs a base URL');
      languageModel = createOpenAICompatible({
        name: 'openai-compatible',
        ...common,
        baseURL: config.baseUrl,
      })(config.model);
      break;
    }
    case 'anthropic':
      languageModel = createAnthropic(common)(config.model);
      break;
    case 'openai':
      // Chat Completions, not the SDK's default Responses API: the Responses API stores conversations
      // on OpenAI's side unless told otherwise, and transcripts are the user's data.
      languageModel = createOpenAI(common).chat(config.model);
      break;
  }
  return new AiSdkTextModel(`${config.provider}:${config.model}`, languageModel, config.timeoutMs);
}

class AiSdkTextModel implements TextModel {
  constructor(
    readonly id: string,
    private readonly languageModel: LanguageModel,
    private readonly timeoutMs: number,
  ) {}

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const callerSignal = request.abortSignal;
    if (callerSignal?.aborted) throw cancelledError(callerSignal.reason);
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new DOMException(`no answer within ${this.timeoutMs} ms`, 'TimeoutError')),
      this.timeoutMs,
    );
    const abortSignal = callerSignal ? AbortSignal.any([callerSignal, deadline.signal]) : deadline.signal;
    try {
      const result = await generateText({
        model: this.languageModel,
        system: request.system,
        prompt: request.prompt,
        maxRetries: 0,
        abortSignal,
        ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
      });
      if (result.text.trim() === '') {
        throw new LlmError('bad_response', `empty answer (finish reason: ${result.finishReason})`);
      }
      return {
        text: result.text,
        usage: {
          ...(result.usage.inputTokens === undefined ? {} : { inputTokens: result.usage.inputTokens }),
          ...(result.usage.outputTokens === undefined ? {} : { outputTokens: result.usage.outputTokens }),
        },
      };
    } catch (error) {
      // The signals, not the error's shape, say why a call stopped: fetch rejects with whatever
      // reason the signal was aborted with, which need not be an AbortError.
      if (callerSignal?.aborted) throw cancelledError(callerSignal.reason, error);
      if (deadline.signal.aborted) {
        throw new LlmError('timeout', `no answer within ${this.timeoutMs} ms`, { cause: error });
      }
      throw toLlmError(error);
    } finally {
      clearTimeout(timer);
    }
  }
}

function cancelledError(reason: unknown, cause: unknown = reason): LlmError {
  const why = reason instanceof Error ? `: ${reason.message}` : '';
  return new LlmError('cancelled', `LLM call cancelled${why}`, { cause });
}

/** Network failures the SDK does not wrap (undici's error codes, found along the `cause` chain). */
const NETWORK_ERROR_CODES =
  /^(?:E(?:CONNRESET|CONNREFUSED|TIMEDOUT|PIPE|NOTFOUND|AI_AGAIN|HOSTUNREACH|NETUNREACH)|UND_ERR_\w+)$/;

/** Maps whatever the AI SDK threw to an `LlmError`. Aborts are classified by the caller first. */
export function toLlmError(error: unknown): LlmError {
  if (error instanceof LlmError) return error;
  // Only with SDK retries on (maxRetries > 0); classify the attempt that failed last.
  if (RetryError.isInstance(error)) return toLlmError(error.lastError);
  if (APICallError.isInstance(error)) {
    if (error.statusCode === undefined) {
      // "Cannot connect to API: …": the SDK's wrapper for a failed fetch.
      return new LlmError('network', error.message, { cause: error });
    }
    return llmErrorFromHttp({
      status: error.statusCode,
      message: error.message,
      headers: error.responseHeaders,
      ...(error.responseBody === undefined ? {} : { body: error.responseBody }),
      cause: error,
    });
  }
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return new LlmError('cancelled', `LLM call aborted: ${error.message}`, { cause: error });
  }
  if (LoadAPIKeyError.isInstance(error)) return new LlmError('auth', error.message, { cause: error });
  if (InvalidArgumentError.isInstance(error) || UnsupportedFunctionalityError.isInstance(error)) {
    return new LlmError('invalid_request', error.message, { cause: error });
  }
  if (
    JSONParseError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    InvalidResponseDataError.isInstance(error) ||
    EmptyResponseBodyError.isInstance(error) ||
    NoContentGeneratedError.isInstance(error)
  ) {
    return new LlmError('bad_response', error.message, { cause: error });
  }
  if (isNetworkError(error)) {
    return new LlmError('network', errorText(error), { cause: error });
  }
  // Anything else came out of turning an answer into text (a provider choking on an odd response
  // shape): another attempt may get a better answer, and Temporal bounds the attempts.
  return new LlmError('bad_response', errorText(error), {
    cause: error,
  });
}

function isNetworkError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    if (current instanceof TypeError && /fetch failed|failed to fetch/i.test(current.message)) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_ERROR_CODES.test(code)) return true;
    current = current.cause;
  }
  return false;
}
