/**
 * A bound on each key's work in flight (issue 33 item 2). The per-minute rate limit
 * (rate-limit.ts) bounds how often a key may ask, not how much it holds at once: six MCP batches
 * of 100 searches, or thirty concurrent commits, arrive within one second and held every pooled
 * database connection of the API, so another tenant's requests queued behind them for seconds.
 *
 * Here each key (its hash; in open mode the client address) may have at most `limit` requests in
 * flight on the keyed routes; one more is answered 429 with `Retry-After: 1`, a second later,
 * before any of its work starts and before its key is even looked up in the database. The bound counts requests, not
 * connections: most requests hold one pooled connection at a time, but some read in parallel (a
 * list and its total; GET /context; the timeline), so a key's connections are bounded by `limit`
 * times those reads (docs/limits.md#one-key-cannot-stall-the-other-tenants). MCP batch calls
 * count one by one: `POST /mcp` takes one slot per message of its JSON-RPC batch, all before the
 * MCP layer runs, and a batch larger than the key's free slots is refused whole (429) — cheaply,
 * instead of making each of its calls a request that is refused. The calls a batch makes go
 * through the API in process (api/routes/mcp.ts) marked with this process's `IN_PROCESS_TOKEN`,
 * which never leaves the process: they run on the batch's slots and are not counted again.
 *
 * In memory per API instance, like the rate limiter: N instances admit N × `limit` per key.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KEY_REFUSAL_PAUSE_MS, KEY_REFUSAL_PAUSES_MAX } from '../../config/defaults.js';
import { hashApiKey } from '../../db/api-keys.js';
import { type AuthMode, bearerOf, isKeyedRoute } from './auth.js';
import { rateLimitedError } from './rate-limit.js';

const SLOT = Symbol('molt.keySlot');
const WEIGHT = Symbol('molt.keySlotWeight');

type Counted = FastifyRequest & { [SLOT]?: string; [WEIGHT]?: number };

/** The header an in-process call of `POST /mcp` carries, with this process's secret value. */
export const IN_PROCESS_HEADER = 'x-molt-in-process';
/** Random per process; sent only through `app.inject`, never over a socket, never logged. */
export const IN_PROCESS_TOKEN = randomUUID();

const inProcess = (request: FastifyRequest) => request.headers[IN_PROCESS_HEADER] === IN_PROCESS_TOKEN;

/** The messages of a JSON-RPC body: each may call the API (a batch is an array). */
function messagesIn(body: unknown): number {
  return Array.isArray(body) ? Math.max(1, body.length) : 1;
}

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
    const left = (inFlight.get(holder) ?? 1) - (counted[WEIGHT] ?? 1);
    if (left <= 0) inFlight.delete(holder);
    else inFlight.set(holder, left);
  };
  /** `weight` more slots for the request (its holder's; the slots it holds already count). */
  const take = (request: FastifyRequest, weight: number): boolean => {
    const counted = request as Counted;
    const holder = counted[SLOT] ?? holderOf(request, mode);
    const now = inFlight.get(holder) ?? 0;
    if (now + weight > limit) return false;
    inFlight.set(holder, now + weight);
    counted[SLOT] = holder;
    counted[WEIGHT] = (counted[WEIGHT] ?? 0) + weight;
    return true;
  };
  let pausing = 0;
  /**
   * The 429, after KEY_REFUSAL_PAUSE_MS (its Retry-After) and holding no slot: a client that
   * retries at once instead of waiting gets its next refusal a second later, so a retry loop
   * cannot turn refusals into a busy loop the API pays for (an attacker's thirty requests a round,
   * refused at once, came back at once: over 2,000 refusals in the benchmark's attacked windows).
   * A refusal costs a timer meanwhile; past KEY_REFUSAL_PAUSES_MAX at once they are answered
   * without the pause.
   */
  const refuse = async (request: FastifyRequest, what: string): Promise<never> => {
    await release(request);
    if (pausing < KEY_REFUSAL_PAUSES_MAX) {
      pausing += 1;
      try {
        await sleep(KEY_REFUSAL_PAUSE_MS);
      } finally {
        pausing -= 1;
      }
    }
    throw rateLimitedError(`more than ${limit} ${what} of this key in flight`, KEY_REFUSAL_PAUSE_MS);
  };
  // Before authentication (registered before auth.ts): the key's hash needs no database, and a
  // request over the bound is refused before its key is looked up. Taken after the lookup, every
  // refused request still took a pooled connection for it: thirty concurrent commits of one key
  // filled the pool with lookups, and another tenant's requests queued behind them.
  app.addHook('onRequest', async (request) => {
    if (!isKeyedRoute(request) || inProcess(request)) return;
    if (mode === 'required' && !bearerOf(request)) return; // refused by auth.ts, no work done
    if (!take(request, 1)) await refuse(request, 'requests');
  });
  // POST /mcp once its body is read: one slot per message of the batch (the first was taken
  // above). Its reply is hijacked by the MCP transport, so the slots are given back when the
  // response closes.
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== '/mcp' || request.method !== 'POST') return;
    if ((request as Counted)[SLOT] === undefined) return;
    if (!take(request, messagesIn(request.body) - 1)) await refuse(request, 'MCP calls');
    reply.raw.once('close', () => void release(request));
  });
  // The slot is given back when the answer is ready (onSend: also for errors), not when the
  // client hangs up: a client that aborts its requests does not stop their work.
  app.addHook('onSend', async (request) => release(request));
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onTimeout', async (request) => release(request));
  return { inFlight: () => inFlight };
}
