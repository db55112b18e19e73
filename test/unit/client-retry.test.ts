/** The client's fetch: one deadline, 429/503 retried after Retry-After, a clear error on no answer. */
import { describe, expect, it } from 'vitest';
import { MoltApiError, retryAfterMs, retryingFetch } from '../../client/index.js';

const request = () =>
  new Request('http://molt.test/v1/sessions/s/turns', { method: 'POST', body: '{"a":1}' });

function scripted(...answers: Array<Response | Error>) {
  const seen: string[] = [];
  const fetchStub = (async (input: Request) => {
    seen.push(await input.text());
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  return { seen, fetchStub };
}

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});

describe('retryingFetch', () => {
  it('retries a 429 after its Retry-After, resending the same body', async () => {
    const { seen, fetchStub } = scripted(
      new Response('{}', { status: 429, headers: { 'retry-after': '0.05' } }),
      new Response('{"ok":true}', { status: 202 }),
    );
    const started = Date.now();
    const response = await retryingFetch({ timeoutMs: 5_000, retries: 2, retryDelayMs: 1, fetch: fetchStub })(
      request(),
    );
    expect(response.status).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(seen).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('returns the 503 when its Retry-After does not fit in the time left', async () => {
    const { seen, fetchStub } = scripted(
      new Response('{}', { status: 503, headers: { 'retry-after': '5' } }),
    );
    const response = await retryingFetch({ timeoutMs: 1_000, retries: 2, retryDelayMs: 1, fetch: fetchStub })(
      request(),
    );
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it('answers a refused connection with MoltApiError status 0 after its retries', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    const { seen, fetchStub } = scripted(refused, refused);
    const call = retryingFetch({ timeoutMs: 5_000, retries: 1, retryDelayMs: 1, fetch: fetchStub })(
      request(),
    );
    await expect(call).rejects.toBeInstanceOf(MoltApiError);
    await expect(call).rejects.toMatchObject({ status: 0, code: 'unreachable' });
    expect(seen).toHaveLength(2);
  });
});
