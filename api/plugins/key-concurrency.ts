/**
 * A bound on each key's work in flight (issue 33 item 2). The per-minute rate limit
 * (rate-limit.ts) bounds how often a key may ask, not how much it holds at once: six MCP batches
 * of 100 searches, or thirty concurrent commits, arrive within one second and held every pooled
 * database connection of the API, so another tenant's requests queued behind them for seconds.
 *
 * Here each key (its hash; in open mode the client address) may have at most `limit` requests in
 * flight on the keyed routes; one more is answered 429 with `Retry-After: 1` before any of its
 * work starts. A request holds at most one pooled connection at a time, so a key holds at most
 * `limit` of them, and the pool's other connections stay free for everyone else. MCP batch calls
 * count one by one: `POST /mcp` itself is not counted, each tool call it makes goes through the API
 * in process with the caller's key (api/routes/mcp.ts) and takes a slot of its own, so a batch of
 * 100 runs `limit` at a time and its other calls are answered as tool errors (429).
 *
 * In memory per API instance, like the rate limiter: N instances admit N × `limit` per key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashApiKey } from '../../db/api-keys.js';
import { type AuthMode, bearerOf, isKeyedRoute } from './auth.js';
import { rateLimitedError } from './rate-limit.js';

const SLOT = Symbol('molt.keySlot');

type Counted = FastifyRequest & { [SLOT]?: string };

/** Whose slot a request takes: the key's hash (never the key), or the address in open mode. */
function holderOf(request: FastifyRequest, mode: AuthMode): string {
  const key = mode === 'required' ? bearerOf(request) : undefined;
  return key ? `key:${hashApiKey(key)}` : `ip:${request.ip}`;
}

export interface KeyConcurrency {
  /** Requests in flight per holder (tests and metrics). */
  inFlight(): ReadonlyMap<string, number>;
}

export function registerKeyConcurrency(
  app: FastifyInstance,
  limit: number | undefined,
  mode: AuthMode,
): KeyConcurrency {
  const inFlight = new Map<string, number>();
  if (!limit) return { inFlight: () => inFlight };
  const release = async (request: FastifyRequest) => {
    const counted = request as Counted;
    const holder = counted[SLOT];
    if (holder === undefined) return;
    counted[SLOT] = undefined;
    const left = (inFlight.get(holder) ?? 1) - 1;
    if (left <= 0) inFlight.delete(holder);
    else inFlight.set(holder, left);
  };
  // After authentication (registered after auth.ts): only requests with an identity count.
  app.addHook('onRequest', async (request) => {
    if (!isKeyedRoute(request) || request.routeOptions.url === '/mcp' || !request.auth) return;
    const holder = holderOf(request, mode);
    const now = inFlight.get(holder) ?? 0;
    if (now >= limit) {
      throw rateLimitedError(`more than ${limit} requests of this key in flight`, 1_000);
    }
    inFlight.set(holder, now + 1);
    (request as Counted)[SLOT] = holder;
  });
  // The slot is given back when the answer is ready (onSend: also for errors), not when the
  // client hangs up: a client that aborts its requests does not stop their work.
  app.addHook('onSend', async (request) => release(request));
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onTimeout', async (request) => release(request));
  return { inFlight: () => inFlight };
}
