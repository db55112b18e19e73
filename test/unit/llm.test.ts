import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmConfigError, loadLlmConfig } from '../../llm/config.js';
import { parseRetryAfterMs, type TextModel } from '../../llm/model.js';
import { createTextModel } from '../../llm/providers.js';
import { type FakeLlm, rateLimit, startFakeLlm } from '../fake-llm/server.js';
import { failureOf, modelFor, SUMMARY_REQUEST } from './llm-fixtures.js';

describe('llm config', () => {
  it('defaults to the extractive summarizer with 4 concurrent calls and a 120 s timeout', () => {
    expect(loadLlmConfig({})).toEqual({ provider: 'extractive', concurrency: 4, timeoutMs: 120_000 });
  });

  it('treats empty variables as unset', () => {
    expect(loadLlmConfig({ MOLT_LLM_PROVIDER: '', MOLT_LLM_CONCURRENCY: '', MOLT_LLM_BASE_URL: '' })).toEqual(
      {
        provider: 'extractive',
        concurrency: 4,
        timeoutMs: 120_000,
      },
    );
  });

  it('reads an openai-compatible provider with its base URL, model, key, concurrency and timeout', () => {
    expect(
      loadLlmConfig({
        MOLT_LLM_PROVIDER: 'openai-compatible',
        MOLT_LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
        MOLT_LLM_MODEL: 'llama3.1',
        MOLT_LLM_API_KEY: 'k',
        MOLT_LLM_CONCURRENCY: '8',
        MOLT_LLM_TIMEOUT_MS: '30000',
      }),
    ).toEqual({
      provider: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      apiKey: 'k',
      concurrency: 8,
      timeoutMs: 30_000,
    });
  });

  it('requires a base URL and a model for openai-compatible, naming both variables', () => {
    expect(() => loadLlmConfig({ MOLT_LLM_PROVIDER: 'openai-compatible' })).toThrow(
      /MOLT_LLM_BASE_URL: required[\s\S]*MOLT_LLM_MODEL: required/,
    );
  });

  it('rejects an unknown provider, naming MOLT_LLM_PROVIDER', () => {
    expect(() => loadLlmConfig({ MOLT_LLM_PROVIDER: 'gemini' })).toThrow(/MOLT_LLM_PROVIDER:/);
  });

  it.each(['0', '65', '2.5', 'four'])('rejects MOLT_LLM_CONCURRENCY=%s, naming the variable', (value) => {
    expect(() => loadLlmConfig({ MOLT_LLM_CONCURRENCY: value })).toThrow(/MOLT_LLM_CONCURRENCY:/);
  });

  it.each(['0', '-5', 'soon'])('rejects MOLT_LLM_TIMEOUT_MS=%s, naming the variable', (value) => {
    expect(() => loadLlmConfig({ MOLT_LLM_TIMEOUT_MS: value })).toThrow(/MOLT_LLM_TIMEOUT_MS:/);
  });

  it('rejects a base URL that is not http(s), naming MOLT_LLM_BASE_URL', () => {
    expect(() =>
      loadLlmConfig({
        MOLT_LLM_PROVIDER: 'openai-compatible',
        MOLT_LLM_BASE_URL: 'localhost:8080',
        MOLT_LLM_MODEL: 'm',
      }),
    ).toThrow(/MOLT_LLM_BASE_URL:/);
  });

  it('throws an LlmConfigError', () => {
    expect(() => loadLlmConfig({ MOLT_LLM_PROVIDER: 'gemini' })).toThrow(LlmConfigError);
  });

  it('requires an API key for anthropic unless ANTHROPIC_API_KEY is set, and then uses it', () => {
    expect(() =>
      loadLlmConfig({ MOLT_LLM_PROVIDER: 'anthropic', MOLT_LLM_MODEL: 'claude-sonnet-4-5' }),
    ).toThrow(/MOLT_LLM_API_KEY: required when MOLT_LLM_PROVIDER is anthropic \(or set ANTHROPIC_API_KEY\)/);
    expect(
      loadLlmConfig({
        MOLT_LLM_PROVIDER: 'anthropic',
        MOLT_LLM_MODEL: 'claude-sonnet-4-5',
        ANTHROPIC_API_KEY: 'a',
      }),
    ).toMatchObject({ provider: 'anthropic', apiKey: 'a' });
  });

  it('requires a model for openai, naming MOLT_LLM_MODEL', () => {
    expect(() => loadLlmConfig({ MOLT_LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'o' })).toThrow(
      /MOLT_LLM_MODEL:/,
    );
  });
});

describe('parseRetryAfterMs', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads Retry-After in seconds', () => {
    expect(parseRetryAfterMs({ 'retry-after': '7' }, now)).toBe(7_000);
  });

  it('reads Retry-After as an HTTP date', () => {
    expect(parseRetryAfterMs({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }, now)).toBe(30_000);
  });

  it('reads a date in the past as no wait', () => {
    expect(parseRetryAfterMs({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }, now)).toBe(0);
  });

  it('prefers retry-after-ms over Retry-After', () => {
    expect(parseRetryAfterMs({ 'retry-after-ms': '1500', 'retry-after': '9' }, now)).toBe(1_500);
  });

  it('ignores an unreadable value', () => {
    expect(parseRetryAfterMs({ 'retry-after': 'later' }, now)).toBeUndefined();
    expect(parseRetryAfterMs(undefined, now)).toBeUndefined();
  });
});

describe('createTextModel', () => {
  it('returns no model for the extractive summarizer', () => {
    expect(createTextModel({ provider: 'extractive', concurrency: 4, timeoutMs: 1_000 })).toBeNull();
  });

  it('names the model provider:model', () => {
    const config = { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', concurrency: 1, timeoutMs: 1_000 };
    expect(createTextModel({ ...config, provider: 'openai-compatible', model: 'm1' })?.id).toBe(
      'openai-compatible:m1',
    );
    expect(createTextModel({ ...config, provider: 'anthropic', model: 'claude-x' })?.id).toBe(
      'anthropic:claude-x',
    );
    expect(createTextModel({ ...config, provider: 'openai', model: 'gpt-x' })?.id).toBe('openai:gpt-x');
  });
});

describe('openai provider against the fake server (Chat Completions)', () => {
  let llm: FakeLlm;
  beforeEach(async () => {
    llm = await startFakeLlm();
  });
  afterEach(async () => {
    await llm.close();
  });

  it('summarizes through the chat completions endpoint', async () => {
    const result = await modelFor(llm, { provider: 'openai' }).generate(SUMMARY_REQUEST);
    expect(result.text).toContain('## Exact identifiers');
    expect(llm.calls[0]).toMatchObject({ model: 'fake-model' });
  });

  it('maps the overflow and the rate limit like the openai-compatible provider', async () => {
    llm.enqueue('overflow', rateLimit(2));
    const model = modelFor(llm, { provider: 'openai' });
    expect((await failureOf(model.generate(SUMMARY_REQUEST))).kind).toBe('overflow');
    expect(await failureOf(model.generate(SUMMARY_REQUEST))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 2_000,
    });
    expect(llm.calls).toHaveLength(2);
  });
});

describe('anthropic provider (Messages API, through an injected fetch)', () => {
  const requests: Array<{ url: string; headers: Headers; body: unknown }> = [];
  beforeEach(() => {
    requests.length = 0;
  });

  function anthropicModel(answer: () => Response): TextModel {
    const fetchStub: typeof fetch = async (input, init) => {
      requests.push({
        url: String(input),
        headers: new Headers(init?.headers),
        body: JSON.parse(String(init?.body)),
      });
      return answer();
    };
    return createTextModel(
      {
        provider: 'anthropic',
        baseUrl: 'http://anthropic.test/v1',
        model: 'claude-test',
        apiKey: 'sk-ant-test',
        concurrency: 1,
        timeoutMs: 5_000,
      },
      { fetch: fetchStub },
    )!;
  }

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('posts to {baseUrl}/messages with the key and reads the answer and usage', async () => {
    const model = anthropicModel(() =>
      json(200, {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-test',
        content: [{ type: 'text', text: '## Decisions\n- keep going' }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 120, output_tokens: 9 },
      }),
    );
    const result = await model.generate({ ...SUMMARY_REQUEST, maxOutputTokens: 300 });
    expect(result).toEqual({
      text: '## Decisions\n- keep going',
      usage: { inputTokens: 120, outputTokens: 9 },
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('http://anthropic.test/v1/messages');
    expect(requests[0]?.headers.get('x-api-key')).toBe('sk-ant-test');
    expect(requests[0]?.body).toMatchObject({ model: 'claude-test', max_tokens: 300 });
  });

  it('maps "prompt is too long" to overflow', async () => {
    const model = anthropicModel(() =>
      json(400, {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: 'prompt is too long: 240213 tokens > 200000 maximum',
        },
      }),
    );
    expect(await failureOf(model.generate(SUMMARY_REQUEST))).toMatchObject({
      kind: 'overflow',
      retryable: false,
    });
  });

  it('honours a Retry-After HTTP date on a 429', async () => {
    const retryAt = new Date(Date.now() + 30_000).toUTCString();
    const model = anthropicModel(() =>
      json(
        429,
        {
          type: 'error',
          error: { type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit' },
        },
        { 'retry-after': retryAt },
      ),
    );
    const error = await failureOf(model.generate(SUMMARY_REQUEST));
    expect(error.kind).toBe('rate_limited');
    // An HTTP date has whole seconds: up to 1 s less than 30 s, minus the time the call took.
    expect(error.retryAfterMs).toBeGreaterThan(27_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000);
    expect(requests).toHaveLength(1);
  });

  it('maps 529 overloaded to a retryable server error', async () => {
    const model = anthropicModel(() =>
      json(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    );
    expect(await failureOf(model.generate(SUMMARY_REQUEST))).toMatchObject({
      kind: 'server',
      retryable: true,
      status: 529,
    });
    expect(requests).toHaveLength(1);
  });

  it('maps 403 to a non-retryable auth error', async () => {
    const model = anthropicModel(() =>
      json(403, { type: 'error', error: { type: 'permission_error', message: 'no access to this model' } }),
    );
    expect(await failureOf(model.generate(SUMMARY_REQUEST))).toMatchObject({
      kind: 'auth',
      retryable: false,
    });
  });
});
