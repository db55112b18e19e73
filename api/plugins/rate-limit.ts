/**
 * Per-key rate limiting of the /v1 routes (@fastify/rate-limit): each API key (or, in open mode,
 * each client address) gets `perMinute` requests a minute; more are answered 429 with
 * `Retry-After`. Health, readiness, metrics and docs are never limited.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { hashApiKey } from '../../db/api-keys.js';
import { ApiError } from './errors.js';

export async function registerRateLimit(app: FastifyInstance, perMinute: number | undefined): Promise<void> {
  if (!perMinute) return;
  await app.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    allowList: (request) => !request.url.startsWith('/v1/'),
    // Keyed by the key's hash, not the key: the limiter's store never holds a credential.
    keyGenerator: (request) => {
      const header = request.headers.authorization;
      return header ? `key:${hashApiKey(header)}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1_000));
      return new ApiError(
        429,
        'rate_limited',
        `more than ${context.max} requests a minute; retry in ${seconds} s`,
        undefined,
        seconds,
      );
    },
  });
}
