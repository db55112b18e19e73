/**
 * Failed authentication limited per client address (issue 19 item 7): the per-key rate limit
 * (rate-limit.ts) only sees requests that authenticated, so a client guessing keys was never
 * limited. Past `perMinute` 401s from one address in a minute, its /v1 and /mcp requests are answered 429
 * with `Retry-After` before any key is looked up, until the minute is over. In memory per API
 * instance, like the per-key limiter; the table is swept when it grows.
 */
import type { FastifyInstance } from 'fastify';
import { isKeyedRoute } from './auth.js';
import { rateLimitedError } from './rate-limit.js';

const WINDOW_MS = 60_000;
/** Addresses tracked before expired entries are swept. */
const SWEEP_AT = 10_000;

export function registerAuthFailureLimit(app: FastifyInstance, perMinute: number | undefined): void {
  if (!perMinute) return;
  const failures = new Map<string, { count: number; resetAt: number }>();
  // Before the authentication hook: a blocked address costs no key lookup.
  app.addHook('onRequest', async (request) => {
    if (!isKeyedRoute(request)) return;
    const entry = failures.get(request.ip);
    if (!entry) return;
    const now = Date.now();
    if (now >= entry.resetAt) {
      failures.delete(request.ip);
      return;
    }
    if (entry.count >= perMinute) {
      throw rateLimitedError(
        `more than ${perMinute} failed authentications a minute from this client`,
        entry.resetAt - now,
      );
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 401) return;
    const now = Date.now();
    const entry = failures.get(request.ip);
    if (entry && now < entry.resetAt) {
      entry.count += 1;
      return;
    }
    if (failures.size >= SWEEP_AT) {
      for (const [ip, e] of failures) if (now >= e.resetAt) failures.delete(ip);
    }
    failures.set(request.ip, { count: 1, resetAt: now + WINDOW_MS });
  });
}
