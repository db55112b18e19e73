/**
 * Per-key rate limiting of the /v1 routes (@fastify/rate-limit): each API key (or, in open mode,
 * each client address) gets `perMinute` requests a minute; more are answered 429 with
 * `Retry-After`. Health, readiness, metrics and docs are never limited.
 *
 * The limiter runs after authentication (`preParsing`: before a body is read) and is keyed by the
 * key the request resolved to — the bearer token `auth.ts` extracts — never the raw header: `bearer
 * KEY`, `Bearer  KEY ` and `BEARER KEY` share one quota (issue 19 item 7). Requests that fail
 * authentication never reach it; `auth-failures.ts` limits those per client address.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { hashApiKey } from '../../db/api-keys.js';
import { type AuthMode, bearerOf, isKeyedRoute } from './auth.js';
import { ApiError } from './errors.js';

export const rateLimitedError = (text: string, ttlMs: number): ApiError => {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1_000));
  return new ApiError(429, 'rate_limited', `${text}; retry in ${seconds} s`, undefined, seconds);
};

export async function registerRateLimit(
  app: FastifyInstance,
  perMinute: number | undefined,
  mode: AuthMode,
): Promise<void> {
  if (!perMinute) return;
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    max: perMinute,
    timeWindow: 60_000,
    allowList: (request) => !isKeyedRoute(request),
    // Keyed by the resolved key's hash, not the key: the limiter's store never holds a credential.
    keyGenerator: (request) => {
      // An open API ignores keys: any token would be a fresh quota, so it counts addresses.
      const key = mode === 'required' ? bearerOf(request) : undefined;
      return key ? `key:${hashApiKey(key)}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      rateLimitedError(`more than ${context.max} requests a minute`, context.ttl),
  });
}
