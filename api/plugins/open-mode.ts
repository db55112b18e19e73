/**
 * An API that started open (no key existed: `molt dev` on a laptop) closes as soon as the first
 * key exists, without a restart (issue 19 item 9): `molt keys create` against the same database
 * used to leave it open until the process was restarted. The key table is checked at most once a
 * second; once a key is seen the API stays closed.
 */
import type { FastifyRequest } from 'fastify';
import { countApiKeys } from '../../db/api-keys.js';
import type { Database } from '../../db/client.js';

const RECHECK_MS = 1_000;

/** A function answering whether the API is still open (no key exists yet). */
export function openUntilFirstKey(db: Database): () => Promise<boolean> {
  let closed = false;
  let checkedAt = 0;
  let pending: Promise<boolean> | null = null;
  return async () => {
    if (closed) return false;
    if (Date.now() - checkedAt < RECHECK_MS) return true;
    pending ??= countApiKeys(db)
      .then((n) => {
        checkedAt = Date.now();
        if (n > 0) closed = true;
        return !closed;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

/** `localhost`, `127.0.0.1` (any 127/8 address) and `[::1]`, with or without a port. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;

/**
 * Why an open API refuses this request, or null (issue 33 item 6). An open API makes every request
 * the operator of the default tenant, so it must be reached only from the machine itself, by a
 * program that means to:
 *
 * - the `Host` must be a loopback name: a page on another site whose DNS name was re-pointed at
 *   127.0.0.1 (DNS rebinding) sends its own name as the Host;
 * - a browser request another site started is refused: `Sec-Fetch-Site: cross-site` (or
 *   `same-site`), or an `Origin` that is not this Host's. A body-less POST (`breaker/reset`,
 *   `replay`) is a "simple" request a foreign page can send without a preflight.
 */
export function openModeRefusal(request: FastifyRequest): string | null {
  const host = request.headers.host ?? '';
  if (!LOOPBACK_HOST.test(host)) {
    return 'headers.host: an API without keys answers loopback hosts only (localhost, 127.0.0.1, [::1]); create a key to serve others';
  }
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    return 'headers.sec-fetch-site: an API without keys refuses requests other sites start';
  }
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (originHost?.toLowerCase() !== host.toLowerCase()) {
      return 'headers.origin: an API without keys refuses requests other sites start';
    }
  }
  return null;
}
