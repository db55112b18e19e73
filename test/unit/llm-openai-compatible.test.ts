import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTextModel } from '../../llm/providers.js';
import { type FakeLlm, fakeAnswer, rateLimit, respondWith, startFakeLlm } from '../fake-llm/server.js';
import { controlState, failureOf, modelFor, SUMMARY_REQUEST, waitFor } from './llm-fixtures.js';

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
