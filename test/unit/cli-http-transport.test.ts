/**
 * The agent verbs' transport (cli/http-transport.ts): on node:http instead of Node's fetch, it
 * answers what client/'s fetch transport answers — status, headers, body — for any request and
 * answer, sends what it sends, and fails as fetch fails, so the client (client/index.ts) retries and
 * words a failure alike.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeTransport } from '../../cli/http-transport.js';
import { createMoltClient, fetchTransport, MoltApiError, type Transport } from '../../client/index.js';

/** What the server answers next, and what it received last. */
let answer = { status: 200, headers: {} as Record<string, string>, body: '' };
let received = { method: '', url: '', headers: {} as IncomingMessage['headers'], body: '' };
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      response.writeHead(answer.status, answer.headers);
      response.end([204, 304].includes(answer.status) ? undefined : answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What a transport answered, and what the server was sent, for comparing two transports. */
async function exchange(transport: Transport, request: Parameters<Transport>[0]) {
  const response = await transport(request);
  // A map: `Headers` lists its names sorted, node:http in the order received.
  const headers = Object.entries(response.headers)
    .filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name))
    .sort(([a], [b]) => a.localeCompare(b));
  return { status: response.status, headers, body: response.body, sent: sentByClient() };
}

/** What the server was sent, less the headers each client adds of its own. */
function sentByClient() {
  const sent = { ...received, headers: { ...received.headers } };
  for (const name of [
    'connection',
    'host',
    'accept-encoding',
    'accept-language',
    'sec-fetch-mode',
    'user-agent',
    'accept',
  ])
    delete sent.headers[name];
  return sent;
}

const token = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);

describe('the agent verbs’ transport', () => {
  it('answers what fetch answers, and sends what fetch sends', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          status: fc.constantFrom(200, 201, 204, 400, 401, 404, 409, 429, 500, 503),
          headers: fc.dictionary(
            token.map((t) => `x-${t}`),
            fc.stringMatching(/^[\x21-\x7e]{0,20}$/),
            { maxKeys: 3 },
          ),
          body: fc.oneof(fc.json(), fc.string()),
        }),
        fc.constantFrom('GET', 'POST', 'DELETE', 'PATCH'),
        fc.oneof(fc.constant(undefined), fc.json()),
        fc.webPath(),
        async (next, method, body, path) => {
          answer = next;
          const request = {
            method,
            url: `${base}${path}`,
            headers: { 'content-type': 'application/json', authorization: 'Bearer molt_test' },
            ...(body !== undefined && method !== 'GET' ? { body } : {}),
            signal: AbortSignal.timeout(10_000),
          };
          const viaFetch = await exchange(fetchTransport(fetch), request);
          const viaNode = await exchange(nodeTransport, request);
          expect(viaNode).toEqual(viaFetch);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('through the client, `plain` sends what `api` sends and answers what it answers', async () => {
    const clients = (transport?: Transport) =>
      createMoltClient({
        baseUrl: base,
        apiKey: 'molt_test',
        retries: 0,
        ...(transport ? { transport } : {}),
      });
    const viaApi = clients();
    const viaPlain = clients(nodeTransport);
    /** The call's outcome (its answer, or the error it threw) and what the server received. */
    const outcome = async (call: () => Promise<{ data?: unknown; error?: unknown; status?: number }>) => {
      const result = await call().then(
        ({ data, error }) => ({ data, error }),
        (error: Error) => ({ threw: `${error.name}: ${error.message}` }),
      );
      return { result, sent: sentByClient() };
    };
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          status: fc.constantFrom(200, 201, 204, 400, 401, 404, 409, 500),
          headers: fc.constant({ 'content-type': 'application/json' }),
          body: fc.oneof(fc.json(), fc.string()),
        }),
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.integer({ min: 1, max: 50 }),
        fc.option(fc.string(), { nil: undefined }),
        async (next, id, text, limit, cursor) => {
          answer = next;
          const calls = [
            (m: typeof viaApi) =>
              m.api.GET('/v1/sessions/{sessionId}/context', {
                params: { path: { sessionId: id }, query: { recall: 'false' } },
              }),
            (m: typeof viaApi) =>
              m.plain.GET('/v1/sessions/{sessionId}/context', {
                params: { path: { sessionId: id }, query: { recall: 'false' } },
              }),
            (m: typeof viaApi) =>
              m.api.POST('/v1/memories/search', { body: { query: text, limit, userId: id } }),
            (m: typeof viaApi) =>
              m.plain.POST('/v1/memories/search', { body: { query: text, limit, userId: id } }),
            (m: typeof viaApi) =>
              m.api.GET('/v1/memories', {
                params: {
                  query: { status: 'active', limit, userId: id, ...(cursor !== undefined ? { cursor } : {}) },
                },
              }),
            (m: typeof viaApi) =>
              m.plain.GET('/v1/memories', {
                params: {
                  query: { status: 'active', limit, userId: id, ...(cursor !== undefined ? { cursor } : {}) },
                },
              }),
          ];
          for (let i = 0; i < calls.length; i += 2) {
            const api = await outcome(() => calls[i]!(viaApi));
            const plain = await outcome(() => calls[i + 1]!(viaPlain));
            expect(plain).toEqual(api);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('fails as fetch fails when nothing listens: a TypeError whose cause is ECONNREFUSED', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1/memories`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = (request: Promise<unknown>) =>
      request.then(
        () => new TypeError('answered'),
        (error: unknown) => error as TypeError,
      );
    const plain = { method: 'GET', url, headers: {}, signal: AbortSignal.timeout(10_000) };
    const viaFetch = await failure(fetchTransport(fetch)(plain));
    const viaNode = await failure(nodeTransport(plain));
    expect(viaNode).toBeInstanceOf(TypeError);
    expect(viaNode).toMatchObject({ message: viaFetch.message, cause: { code: 'ECONNREFUSED' } });
    // An https URL goes through node:https (loaded for it alone), failing alike.
    const https = { ...plain, url: url.replace('http:', 'https:') };
    expect(await failure(nodeTransport(https))).toMatchObject({
      message: (await failure(fetchTransport(fetch)(https))).message,
      cause: { code: 'ECONNREFUSED' },
    });
    // Through the client: retried, then `unreachable` naming the code, as with fetch.
    const client = createMoltClient({
      baseUrl: url.replace(/\/v1.*/, ''),
      transport: nodeTransport,
      retryDelayMs: 1,
    });
    const error = await client.plain.GET('/v1/memories', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MoltApiError);
    expect(error).toMatchObject({ code: 'unreachable' });
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('stops at the signal’s abort, with its reason', async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`;
      const signal = AbortSignal.timeout(50);
      const error = await nodeTransport({ method: 'GET', url, headers: {}, signal }).catch((e: unknown) => e);
      expect(error).toBe(signal.reason);
      expect((error as Error).name).toBe('TimeoutError');
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });
});
