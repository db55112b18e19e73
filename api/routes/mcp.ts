/**
 * The MCP endpoint (docs/mcp.md#http): `POST /mcp`, MCP's streamable-HTTP transport in its
 * stateless form — every request gets a fresh server (mcp/server.ts) and transport, so any API
 * instance behind a load balancer answers any request and nothing is kept between them. `GET` (a
 * server-initiated stream) and `DELETE` (ending a session) have nothing to do here: 405.
 *
 * Authenticated like /v1 (api/plugins/auth.ts: a molt API key as a bearer; 401 otherwise), rate
 * limited per key. The tools reach molt's API only through the typed client (client/), bound to
 * the request's key and served in process by `app.inject` — no socket, no second hop over the
 * network, and every /v1 rule (auth, key scope, validation, limits) applies to each call exactly
 * as it would to the key's holder calling the API.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMoltClient } from '../../client/index.js';
import { scopeOfHeaders } from '../../mcp/scope.js';
import { createMoltMcpServer } from '../../mcp/server.js';
import { bearerOf } from '../plugins/auth.js';
import { ApiError } from '../plugins/errors.js';
import { IN_PROCESS_HEADER, IN_PROCESS_TOKEN } from '../plugins/key-concurrency.js';

/** A `fetch` answered by the API itself through `app.inject` (the typed client's transport here). */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      // Runs on the slots its `POST /mcp` took (api/plugins/key-concurrency.ts).
      headers: { ...Object.fromEntries(request.headers), [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN },
      ...(payload ? { payload } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    const empty = answer.rawPayload.length === 0 || answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  }) as typeof fetch;
}

/** Calls are answered in process: no network wait, only molt's own work (retries would repeat it). */
const IN_PROCESS_TIMEOUT_MS = 30_000;

export function mcpRoutes(root: FastifyInstance): FastifyPluginAsyncZod {
  return async (app) => {
    const fetch = injectFetch(root);

    app.post('/mcp', { schema: { hide: true }, config: { jsonRpc: true } }, async (request, reply) => {
      const configured = scopeOfHeaders(request.headers, request.auth.agentId);
      if ('error' in configured) throw new ApiError(400, 'invalid_request', `headers.${configured.error}`);
      const key = bearerOf(request);
      const client = createMoltClient({
        baseUrl: 'http://molt.in-process',
        ...(key ? { apiKey: key } : {}),
        fetch,
        retries: 0,
        timeoutMs: IN_PROCESS_TIMEOUT_MS,
      });
      const server = createMoltMcpServer({ client, scope: configured.scope });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.hijack();
      reply.raw.setHeader('x-request-id', request.id);
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    });

    const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('allow', 'POST')
        .status(405)
        .send({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'method not allowed: this MCP endpoint is stateless, POST only' },
          id: null,
        });
    app.get('/mcp', { schema: { hide: true }, config: { jsonRpc: true } }, notAllowed);
    app.delete('/mcp', { schema: { hide: true }, config: { jsonRpc: true } }, notAllowed);
  };
}
