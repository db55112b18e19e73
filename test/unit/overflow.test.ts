import { describe, expect, it } from 'vitest';
import {
  extractObservedOverflowTokenCount,
  extractReportedContextWindow,
  isCompactionFailureError,
  isContextOverflowError,
  isLikelyContextOverflowError,
} from '../../context/index.js';

describe('isContextOverflowError', () => {
  it.each([
    [
      'request_too_large',
      '{"type":"error","error":{"type":"request_too_large","message":"Request too large"}}',
    ],
    ['request exceeds the maximum size', 'Error: request exceeds the maximum size'],
    ['context length exceeded', 'Context length exceeded for this model'],
    ['maximum context length', "This model's maximum context length is 128000 tokens."],
    ['prompt is too long', 'prompt is too long: 212345 tokens > 200000 maximum'],
    ['prompt too long', 'Prompt too long for model'],
    ['exceeds model context window', 'input exceeds model context window'],
    ['model token limit', 'The request hit the model token limit'],
    [
      'invalid_argument + maximum number of tokens',
      'INVALID_ARGUMENT: exceeds the maximum number of tokens allowed',
    ],
    ['input exceeds + maximum number of tokens', 'The input exceeds the maximum number of tokens'],
    ['request size exceeds + context window', 'Request size exceeds the context window of the model'],
    ['request size exceeds + context length', 'request size exceeds context length'],
    ['request size exceeds + maximum context length', 'request size exceeds maximum context length'],
    ['context overflow:', 'Context overflow: prompt too large for the model.'],
    ['exceed context limit', 'input length and max_tokens exceed context limit'],
    ["exceeds the model's maximum context", "This request exceeds the model's maximum context"],
    ['max_tokens + exceed + context', 'max_tokens would exceed the context size'],
    ['input length + exceed + context', 'input length would exceed the context'],
    ['413 + too large', 'HTTP 413: payload too large'],
    ['context_window_exceeded', 'Unhandled stop reason: model_context_window_exceeded'],
    ['上下文过长', '错误：上下文过长'],
    ['上下文超出', '请求失败，上下文超出限制'],
    ['上下文长度超', '上下文长度超过模型限制'],
    ['超出最大上下文', '输入超出最大上下文'],
    ['请压缩上下文', '请压缩上下文后重试'],
  ])('recognises "%s"', (_phrase, text) => {
    expect(isContextOverflowError(text)).toBe(true);
  });

  it('is case-insensitive', () => {
    expect(isContextOverflowError('PROMPT IS TOO LONG')).toBe(true);
  });

  it.each([
    ['Bedrock input too long', 'ValidationException: Input is too long for requested model.'],
    ['Bedrock max input token', 'ValidationException: max input token count reached'],
    ['Bedrock input token exceed', 'ValidationException: input token count exceeds the limit'],
    [
      'Bedrock maximum number of input tokens',
      'ValidationException: prompt exceeds the maximum number of input tokens',
    ],
    ['Bedrock stream input too long', 'ModelStreamErrorException: Input is too long'],
    ['Bedrock stream too many input tokens', 'ModelStreamErrorException: too many input tokens'],
    ['Azure content_filter', 'content_filter: the prompt is too long'],
    ['Ollama context length', 'ollama: requested context length 9000 is larger than supported'],
    ['Ollama truncating input', 'truncating input prompt because it is too long'],
    ['Mistral input too long', 'Mistral API error: input is too long'],
    ['Mistral token limit', 'mistral: token limit was exceeded'],
    ['Cohere total tokens', "total tokens exceeds the model's maximum"],
    ['DeepSeek input too long', 'DeepSeek: input is too long'],
    ['DeepSeek context exceed', 'deepseek error: context length would exceed'],
    ['generic input too long for the model', 'The input is too long for the model'],
  ])('recognises the provider pattern: %s', (_name, text) => {
    expect(isContextOverflowError(text)).toBe(true);
  });

  it('is false for empty text', () => {
    expect(isContextOverflowError('')).toBe(false);
    expect(isContextOverflowError(undefined)).toBe(false);
  });

  it('is false for a tokens-per-minute limit even with overflow wording (Groq 413)', () => {
    expect(isContextOverflowError('413 Request too large: Limit 6000, Requested 9000 (TPM)')).toBe(false);
    expect(isContextOverflowError('request_too_large: tokens per minute limit reached')).toBe(false);
  });

  it('is false for reasoning constraints that mention limits', () => {
    expect(
      isContextOverflowError('Reasoning is mandatory for this model; maximum context length unaffected'),
    ).toBe(false);
    expect(isContextOverflowError('reasoning is required')).toBe(false);
    expect(isContextOverflowError('reasoning cannot be disabled for prompt too long retries')).toBe(false);
  });

  it('is false for prose about overflow bugs ("context overflow" without a colon)', () => {
    expect(isContextOverflowError('Fixed a context overflow bug in the parser')).toBe(false);
  });

  it('is false for an ordinary error', () => {
    expect(isContextOverflowError('ECONNRESET: socket hang up')).toBe(false);
  });
});

describe('isLikelyContextOverflowError', () => {
  it('accepts every exact overflow', () => {
    expect(isLikelyContextOverflowError('prompt is too long: 204298 tokens > 200000 maximum')).toBe(true);
  });

  it('accepts overflow-shaped wording the exact tables miss', () => {
    expect(isLikelyContextOverflowError('the context window is too large for this request')).toBe(true);
    expect(isLikelyContextOverflowError('prompt exceeds the limit')).toBe(true);
    expect(isLikelyContextOverflowError('input token count exceeds the allowed maximum')).toBe(true);
    expect(isLikelyContextOverflowError('context buffer overflow detected')).toBe(true);
  });

  it('rejects empty text, TPM hints and reasoning constraints first', () => {
    expect(isLikelyContextOverflowError('')).toBe(false);
    expect(isLikelyContextOverflowError('prompt too large: 30000 tokens per minute')).toBe(false);
    expect(isLikelyContextOverflowError('reasoning is required; prompt limit')).toBe(false);
  });

  it('rejects billing errors that share the wording', () => {
    expect(isLikelyContextOverflowError('402 Payment Required: request size exceeds your credit')).toBe(
      false,
    );
    expect(isLikelyContextOverflowError('Your credit balance is too low for this prompt size')).toBe(false);
    expect(isLikelyContextOverflowError('billing: upgrade your plan, maximum token limit exceeded')).toBe(
      false,
    );
  });

  it('rejects a context window that is too small for the configured minimum', () => {
    expect(isLikelyContextOverflowError('context window too small: minimum is 16000 tokens')).toBe(false);
  });

  it('rejects rate limits, even when the wording looks like an overflow', () => {
    expect(isLikelyContextOverflowError('429 Too Many Requests')).toBe(false);
    expect(isLikelyContextOverflowError('request reached organization TPD rate limit')).toBe(false);
    expect(isLikelyContextOverflowError('You exceeded your current quota')).toBe(false);
    expect(isLikelyContextOverflowError('RESOURCE_EXHAUSTED: prompt tokens over quota')).toBe(false);
  });

  it('rejects rate-limit hints in otherwise overflow-shaped text', () => {
    expect(isLikelyContextOverflowError('input tokens per day exceeded the limit')).toBe(false);
    expect(isLikelyContextOverflowError('requests per minute: prompt limit reached')).toBe(false);
    expect(isLikelyContextOverflowError('request throttled: input token limit')).toBe(false);
  });

  it('does not mistake digits inside a token count for a 429 or 402 status', () => {
    expect(isLikelyContextOverflowError('prompt is too long: 204298 tokens > 200000 maximum')).toBe(true);
    expect(isLikelyContextOverflowError('prompt is too long: 240213 tokens > 200000 maximum')).toBe(true);
  });

  it('rejects unrelated errors', () => {
    expect(isLikelyContextOverflowError('invalid api key')).toBe(false);
    expect(isLikelyContextOverflowError('ECONNRESET: socket hang up')).toBe(false);
  });

  it('treats any "context … overflow" wording as likely (only the exact check needs the colon)', () => {
    expect(isLikelyContextOverflowError('context overflow while streaming')).toBe(true);
  });
});

describe('isCompactionFailureError', () => {
  it('is true when a compaction term meets an overflow', () => {
    expect(isCompactionFailureError('Context overflow: Summarization failed')).toBe(true);
    expect(isCompactionFailureError('auto-compaction failed: prompt is too long')).toBe(true);
    expect(isCompactionFailureError('compaction: context window exceeded')).toBe(true);
  });

  it('is true for a bare "context overflow" during compaction', () => {
    expect(isCompactionFailureError('compaction hit a context overflow')).toBe(true);
  });

  it('is false without a compaction term', () => {
    expect(isCompactionFailureError('prompt is too long')).toBe(false);
  });

  it('is false for a compaction error that is not an overflow', () => {
    expect(isCompactionFailureError('compaction failed: 429 Too Many Requests')).toBe(false);
    expect(isCompactionFailureError('')).toBe(false);
  });
});

describe('extractObservedOverflowTokenCount', () => {
  it('reads Anthropic\'s "prompt is too long: N tokens > M maximum"', () => {
    expect(extractObservedOverflowTokenCount('prompt is too long: 212,345 tokens > 200000 maximum')).toBe(
      212345,
    );
  });

  it('reads "requested N tokens"', () => {
    expect(
      extractObservedOverflowTokenCount('However, you requested 130,000 tokens (120000 in messages)'),
    ).toBe(130000);
  });

  it('reads "resulted in N tokens"', () => {
    expect(extractObservedOverflowTokenCount('your messages resulted in 140123 tokens')).toBe(140123);
  });

  it('takes the first pattern that matches, in the documented order', () => {
    expect(
      extractObservedOverflowTokenCount(
        'prompt is too long: 5000 tokens > 4000 maximum; requested 6000 tokens',
      ),
    ).toBe(5000);
  });

  it('is undefined when the text has no count', () => {
    expect(extractObservedOverflowTokenCount('prompt is too long')).toBeUndefined();
    expect(extractObservedOverflowTokenCount(undefined)).toBeUndefined();
  });
});

describe('extractReportedContextWindow', () => {
  it('reads "maximum context length is N"', () => {
    expect(extractReportedContextWindow("This model's maximum context length is 128,000 tokens.")).toBe(
      128000,
    );
  });

  it('reads the maximum of "prompt is too long: N tokens > M maximum"', () => {
    expect(extractReportedContextWindow('prompt is too long: 212345 tokens > 200000 maximum')).toBe(200000);
  });

  it('reads "maximum number of tokens allowed (N)"', () => {
    expect(extractReportedContextWindow('exceeds the maximum number of tokens allowed (1048576)')).toBe(
      1048576,
    );
  });

  it('is undefined when the error names no window', () => {
    expect(extractReportedContextWindow('requested 9000 tokens')).toBeUndefined();
  });
});
