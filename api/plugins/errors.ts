/**
 * One error shape for every failure: `{ error: { code, message, details? } }` (docs/api.md#errors).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { causeChain } from '../../db/client.js';
import { ScopeBusyError } from '../../db/memory/scope-lock.js';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);

/**
 * A dependency (PostgreSQL, Temporal) did not answer: the client should retry later. The cause is
 * kept for the server log only; it never reaches the client (it may hold SQL or message text).
 */
export const unavailable = (what: string, cause: unknown) => {
  const error = new ApiError(503, 'unavailable', `${what} is unavailable`, undefined, 5);
  error.cause = cause;
  return error;
};

/** PostgreSQL SQLSTATE classes that mean the server or the connection is down (retry will work). */
const OUTAGE_SQLSTATE = /^(08|53|57P0[1-3])/;
/** node-postgres's own outage errors carry no code; recognised by their fixed opening words. */
const DRIVER_OUTAGE_TEXT =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;
const OUTAGE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/** The error code of the error or of the first cause that has one. */
function sqlState(error: unknown): unknown {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (code !== undefined) return code;
  }
  return undefined;
}

/** The server or the connection is down somewhere in the chain: a retry will work. */
function isOutage(error: unknown): boolean {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (OUTAGE_SQLSTATE.test(code) || OUTAGE_NODE_CODES.has(code))) return true;
    if (code === undefined && e instanceof Error && DRIVER_OUTAGE_TEXT.test(e.message)) return true;
  }
  return false;
}

/**
 * Maps a failed database write onto the API's errors: an outage is 503 (retry will work); a data
 * error (SQLSTATE class 22, e.g. a character the column cannot hold) is 422 naming the field; any
 * other database error is a plain 500. The text never carries SQL, parameters or message bodies.
 */
export function databaseError(error: unknown, field: string): ApiError {
  if (error instanceof ApiError) return error;
  if (isOutage(error)) return unavailable('the database', error);
  const code = sqlState(error);
  if (typeof code === 'string' && code.startsWith('22')) {
    const out = new ApiError(422, 'unstorable', `${field}: the database cannot store this value`, [
      { path: field, message: 'the database cannot store this value' },
    ]);
    out.cause = error;
    return out;
  }
  const out = new ApiError(500, 'internal', 'internal error');
  out.cause = error;
  return out;
}

const FASTIFY_REFUSALS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'body: not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body: empty, but content-type is application/json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'headers.content-type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'headers.content-length: does not match the body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body: over the size limit',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route speaks JSON-RPC (POST /mcp): its errors are JSON-RPC error objects. */
    jsonRpc?: boolean;
  }
}

/**
 * An error on a JSON-RPC route (the MCP endpoint) as JSON-RPC says: `{ jsonrpc, error: { code,
 * message, data }, id: null }`, the HTTP status kept (issue 33 item 6). A body that is not JSON is
 * a parse error (-32700), a request molt refuses otherwise an invalid request (-32600), molt's own
 * failure a server error (-32603); `data` carries molt's code and the request id.
 */
function jsonRpcError(status: number, code: string, message: string, requestId: string) {
  const rpcCode = code === 'invalid_json' ? -32700 : status >= 500 ? -32603 : -32600;
  return { jsonrpc: '2.0', error: { code: rpcCode, message, data: { code, requestId } }, id: null };
}

export function registerErrorHandler(app: FastifyInstance): void {
  // Every error body leaves through here: on a JSON-RPC route it is re-shaped (the body was sent
  // as molt's error shape by the handler below, the not-found handler or a plugin).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config?.jsonRpc || reply.statusCode < 400 || typeof payload !== 'string') {
      return payload;
    }
    try {
      const parsed = JSON.parse(payload) as { error?: { code?: string; message?: string }; jsonrpc?: string };
      if (parsed.jsonrpc || !parsed.error) return payload;
      const code = parsed.error.code ?? 'error';
      const own =
        code === 'invalid_request' && parsed.error.message === FASTIFY_REFUSALS.FST_ERR_CTP_INVALID_JSON_BODY;
      return JSON.stringify(
        jsonRpcError(
          reply.statusCode,
          own ? 'invalid_json' : code,
          parsed.error.message ?? 'error',
          request.id,
        ),
      );
    } catch {
      return payload;
    }
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: {
        requestId: request.id,
        code: 'not_found',
        message: `no route ${request.method} ${request.url}`,
      },
    });
  });
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const send = (apiError: ApiError) => {
      if (apiError.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(apiError.retryAfterSeconds));
      if (apiError.statusCode >= 500 || apiError.cause !== undefined) {
        request.log.warn({ err: apiError, cause: apiError.cause }, apiError.message);
      }
      return reply.status(apiError.statusCode).send({
        error: {
          requestId: request.id,
          code: apiError.code,
          message: apiError.message,
          ...(apiError.details === undefined ? {} : { details: apiError.details }),
        },
      });
    };
    if (error instanceof ApiError) return send(error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.flatMap((issue) => {
        const where = error.validationContext ?? 'body';
        const base = [
          where === 'querystring' ? 'query' : where,
          ...issue.instancePath.split('/').filter(Boolean),
        ].join('.');
        const keys = (issue.params as { keys?: unknown }).keys;
        // An unknown key is reported on its parent; name the key itself.
        if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
          return keys.map((key) => ({ path: `${base}.${String(key)}`, message: 'unknown field' }));
        }
        return [{ path: base, message: issue.message ?? 'invalid' }];
      });
      const first = details[0];
      return reply.status(400).send({
        error: {
          requestId: request.id,
          code: 'invalid_request',
          message: first ? `${first.path}: ${first.message}` : 'invalid request',
          details,
        },
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send({ error: { requestId: request.id, code: 'payload_too_large', message: error.message } });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: { requestId: request.id, code: 'rate_limited', message: error.message } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (a body that is not JSON, a bad content type, a URL it cannot
      // decode) name what is wrong in our terms, not with its internal codes.
      const own = FASTIFY_REFUSALS[error.code ?? ''];
      return reply.status(status).send({
        error: {
          requestId: request.id,
          code: own ? 'invalid_request' : (error.code ?? 'bad_request'),
          message: own ?? error.message,
        },
      });
    }
    // A memory scope another writer held for longer than a write waits (db/memory/scope-lock.ts).
    if (error instanceof ScopeBusyError) {
      return send(
        new ApiError(503, 'scope_busy', 'the memory scope is busy with other writes', undefined, 1),
      );
    }
    // A route that did not classify its database error itself: an outage is still a 503 the
    // client can retry, never a 500.
    if (isOutage(error)) return send(unavailable('the database', error));
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { requestId: request.id, code: 'internal', message: 'internal error' } });
  });
}
