import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LlmConfig, LlmConfigError, loadLlmConfig } from '../../llm/config.js';
import { LlmError, parseRetryAfterMs, type TextModel } from '../../llm/model.js';
import { createTextModel } from '../../llm/providers.js';
import { type FakeLlm, fakeAnswer, rateLimit, respondWith, startFakeLlm } from '../fake-llm/server.js';

const SUMMARY_REQUEST = {
  system: 'You summarize conversations for an agent that will continue the work.',
  prompt: [
    'Summarize this part of the conversation.',
    'user: read src/app/server.ts and docs/setup.md',
    'assistant: called read (call_abc123) on https://example.com/spec.html.',
    'user: now fix the failing test in test/unit/app.test.ts',
  ].join('\n'),
};

function modelFor(llm: FakeLlm, overrides: { timeoutMs?: number; provider?: 'openai' } = {}): TextModel {
  const config: LlmConfig = {
    provider: overrides.provider ?? 'openai-compatible',
    baseUrl: llm.baseUrl,
    model: 'fake-model',
    apiKey: 'test-key',
    concurrency: 4,
    timeoutMs: overrides.timeoutMs ?? 10_000,
  };
  const model = createTextModel(config);
  if (!model) throw new Error('expected a model');
  return model;
}

async function failureOf(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LlmError);
    return error as LlmError;
  }
  throw new Error('expected the call to fail');
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function controlState(llm: FakeLlm): Promise<{ stalled: number; calls: number; queueLength: number }> {
  const response = await fetch(llm.controlUrl);
  return (await response.json()) as { stalled: number; calls: number; queueLength: number };
}

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

describe('openai-compatible provider against the fake server', () => {
  let llm: FakeLlm;
  beforeEach(async () => {
    llm = await startFakeLlm();
  });
  afterEach(async () => {
    await llm.close();
  });

  it('sends the system prompt, the prompt, the model and the output limit as one chat completion', async () => {
    await modelFor(llm).generate({ ...SUMMARY_REQUEST, maxOutputTokens: 500 });
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]).toMatchObject({
      model: 'fake-model',
      max_tokens: 500,
      messages: [
        { role: 'system', content: SUMMARY_REQUEST.system },
        { role: 'user', content: SUMMARY_REQUEST.prompt },
      ],
    });
  });

  it('answers a summarization prompt with the five headings, the identifiers and the last user ask', async () => {
    const result = await modelFor(llm).generate(SUMMARY_REQUEST);
    for (const heading of [
      '## Decisions',
      '## Open TODOs',
      '## Constraints/Rules',
      '## Pending user asks',
      '## Exact identifiers',
    ]) {
      expect(result.text).toContain(heading);
    }
    for (const identifier of [
      'src/app/server.ts',
      'docs/setup.md',
      'call_abc123',
      'https://example.com/spec.html',
      'test/unit/app.test.ts',
    ]) {
      expect(result.text).toContain(`- ${identifier}`);
    }
    expect(result.text).toContain('"now fix the failing test in test/unit/app.test.ts"');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it('answers the same request with the same text', async () => {
    const model = modelFor(llm);
    const first = await model.generate(SUMMARY_REQUEST);
    const second = await model.generate(SUMMARY_REQUEST);
    expect(second.text).toBe(first.text);
    expect(fakeAnswer(llm.calls[0]!)).toBe(first.text);
  });

  it('answers with a custom responder', async () => {
    llm.setBehaviour(respondWith((call) => `seen ${call.messages.length} messages`));
    expect((await modelFor(llm).generate(SUMMARY_REQUEST)).text).toBe('seen 2 messages');
  });

  it('maps a 500 to a retryable server error after exactly one request (no SDK retries)', async () => {
    llm.setBehaviour('fail500');
    const error = await failureOf(modelFor(llm).generate(SUMMARY_REQUEST));
    expect(error).toMatchObject({ kind: 'server', retryable: true, status: 500 });
    expect(llm.calls).toHaveLength(1);
  });

  it('maps a 429 to rate_limited with Retry-After in milliseconds, after one request', async () => {
    llm.enqueue(rateLimit(7));
    const error = await failureOf(modelFor(llm).generate(SUMMARY_REQUEST));
    expect(error).toMatchObject({ kind: 'rate_limited', retryable: true, retryAfterMs: 7_000, status: 429 });
    expect(llm.calls).toHaveLength(1);
  });

  it('maps a context-length 400 to a non-retryable overflow', async () => {
    llm.setBehaviour('overflow');
    const error = await failureOf(modelFor(llm).generate(SUMMARY_REQUEST));
    expect(error).toMatchObject({ kind: 'overflow', retryable: false, status: 400 });
    expect(error.message).toContain('maximum context length is 8192 tokens');
  });

  it('maps a 401 to a non-retryable auth error', async () => {
    llm.setBehaviour('auth');
    const error = await failureOf(modelFor(llm).generate(SUMMARY_REQUEST));
    expect(error).toMatchObject({ kind: 'auth', retryable: false, status: 401 });
  });

  it('maps a 404 that is not an overflow to a non-retryable invalid request', async () => {
    const model = createTextModel({
      provider: 'openai-compatible',
      baseUrl: `${llm.baseUrl}/nowhere`,
      model: 'fake-model',
      concurrency: 1,
      timeoutMs: 10_000,
    });
    const error = await failureOf(model!.generate(SUMMARY_REQUEST));
    expect(error).toMatchObject({ kind: 'invalid_request', retryable: false, status: 404 });
  });

  it('maps a 200 with a body that is not JSON to a retryable bad_response', async () => {
    llm.setBehaviour('garbage');
    const error = await failureOf(modelFor(llm).generate(SUMMARY_REQUEST));
    expect(error).toMatchObject({ kind: 'bad_response', retryable: true, status: 200 });
  });

  it('maps an empty answer to a retryable bad_response', async () => {
    llm.setBehaviour('empty');
    const error = await failureOf(modelFor(llm).generate(SUMMARY_REQUEST));
    expect(error).toMatchObject({ kind: 'bad_response', retryable: true });
  });

  it('maps an abort during a stalled call to a non-retryable cancelled error, promptly', async () => {
    llm.setBehaviour('stall');
    const controller = new AbortController();
    const call = failureOf(modelFor(llm).generate({ ...SUMMARY_REQUEST, abortSignal: controller.signal }));
    await waitFor(() => llm.calls.length === 1);
    const abortedAt = Date.now();
    controller.abort();
    const error = await call;
    expect(Date.now() - abortedAt).toBeLessThan(1_000);
    expect(error).toMatchObject({ kind: 'cancelled', retryable: false });
    // The fake sees the disconnect and lets go of the request.
    await waitFor(async () => (await controlState(llm)).stalled === 0);
  });

  it('fails an already-cancelled call without sending it', async () => {
    const error = await failureOf(
      modelFor(llm).generate({ ...SUMMARY_REQUEST, abortSignal: AbortSignal.abort() }),
    );
    expect(error.kind).toBe('cancelled');
    expect(llm.calls).toHaveLength(0);
  });

  it('maps a call that outlives the configured timeout to a retryable timeout', async () => {
    llm.setBehaviour('stall');
    const error = await failureOf(modelFor(llm, { timeoutMs: 200 }).generate(SUMMARY_REQUEST));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('answers stalled calls when released', async () => {
    llm.setBehaviour('stall');
    const call = modelFor(llm).generate(SUMMARY_REQUEST);
    await waitFor(() => llm.calls.length === 1);
    expect(llm.releaseStalled()).toBe(1);
    expect((await call).text).toContain('## Decisions');
  });

  it('closes while a call is stalled, failing that call as a retryable network error', async () => {
    llm.setBehaviour('stall');
    const call = failureOf(modelFor(llm).generate(SUMMARY_REQUEST));
    await waitFor(() => llm.calls.length === 1);
    await llm.close();
    expect(await call).toMatchObject({ kind: 'network', retryable: true });
  });

  it('maps a refused connection to a retryable network error', async () => {
    const model = modelFor(llm);
    await llm.close();
    const error = await failureOf(model.generate(SUMMARY_REQUEST));
    expect(error).toMatchObject({ kind: 'network', retryable: true });
    expect(error.status).toBeUndefined();
  });

  it('consumes the queue one behaviour per call, then applies the default', async () => {
    llm.enqueue('fail500', 'auth');
    const model = modelFor(llm);
    expect((await failureOf(model.generate(SUMMARY_REQUEST))).kind).toBe('server');
    expect((await failureOf(model.generate(SUMMARY_REQUEST))).kind).toBe('auth');
    expect((await model.generate(SUMMARY_REQUEST)).text).toContain('## Decisions');
  });

  it('waits the configured latency before answering', async () => {
    llm.setLatencyMs(150);
    const startedAt = Date.now();
    await modelFor(llm).generate(SUMMARY_REQUEST);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(145);
  });

  it('applies the latency to concurrent calls side by side, not one after another', async () => {
    llm.setLatencyMs(150);
    const model = modelFor(llm);
    const startedAt = Date.now();
    await Promise.all(Array.from({ length: 8 }, () => model.generate(SUMMARY_REQUEST)));
    expect(llm.calls).toHaveLength(8);
    expect(Date.now() - startedAt).toBeLessThan(8 * 150);
  });

  it('is steered over its control endpoint', async () => {
    const response = await fetch(llm.controlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        behaviour: 'fail500',
        queue: ['overflow', { kind: 'rateLimit', retryAfterSeconds: 3 }],
      }),
    });
    expect(response.status).toBe(200);
    const model = modelFor(llm);
    expect((await failureOf(model.generate(SUMMARY_REQUEST))).kind).toBe('overflow');
    expect(await failureOf(model.generate(SUMMARY_REQUEST))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 3_000,
    });
    expect((await failureOf(model.generate(SUMMARY_REQUEST))).kind).toBe('server');
    expect(await controlState(llm)).toMatchObject({ calls: 3, queueLength: 0 });
  });

  it('rejects a control request with an unknown behaviour', async () => {
    const response = await fetch(llm.controlUrl, {
      method: 'POST',
      body: JSON.stringify({ behaviour: 'explode' }),
    });
    expect(response.status).toBe(400);
  });

  it('answers a streaming request the AI SDK can read', async () => {
    const provider = createOpenAICompatible({ name: 'fake', baseURL: llm.baseUrl, includeUsage: true });
    const result = streamText({ model: provider('fake-model'), prompt: 'user: hello there', maxRetries: 0 });
    expect(await result.text).toBe('Fake answer to: user: hello there');
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
    expect(llm.calls[0]).toMatchObject({ stream: true });
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
