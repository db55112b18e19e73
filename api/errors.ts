/**
 * One error shape for every failure: `{ error: { code, message, details? } }` (CONTRACT.md §2).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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

/** A dependency (PostgreSQL, Temporal) did not answer: the client should retry later. */
export const unavailable = (what: string, cause: unknown) =>
  new ApiError(
    503,
    'unavailable',
    `${what} is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
    undefined,
    5,
  );

export function registerErrorHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ error: { code: 'not_found', message: `no route ${request.method} ${request.url}` } });
  });
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.statusCode >= 500) request.log.warn({ err: error }, error.message);
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.details === undefined ? {} : { details: error.details }),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.flatMap((issue) => {
        const base = [
          error.validationContext ?? 'body',
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
          code: 'invalid_request',
          message: first ? `${first.path}: ${first.message}` : 'invalid request',
          details,
        },
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ error: { code: 'payload_too_large', message: error.message } });
    }
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'rate_limited', message: error.message } });
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: { code: error.code ?? 'bad_request', message: error.message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal', message: 'internal error' } });
  });
}
