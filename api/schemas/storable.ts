/**
 * Strings outside a turn's messages (ids, settings, memory texts, queries, path and query
 * parameters) must be storable as they are: one holding NUL or an unpaired UTF-16 surrogate
 * (context/storable.ts) is a 400 naming its field, before any route runs — never a database
 * error. A turn's messages are exempt: they are stored verbatim (db/transcript.ts).
 */
import type { FastifyInstance } from 'fastify';
import { hasUnstorable, UNSTORABLE_MESSAGE } from '../../context/storable.js';
import { ApiError } from '../plugins/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Top-level body fields stored verbatim, whatever characters they hold. */
    verbatimBody?: readonly string[];
  }
}

/** The path of the first unstorable string (or key) in a value, or null. */
function unstorablePath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasUnstorable(value) ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (hasUnstorable(key)) return at;
    const found = unstorablePath(child, at, depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerStorableCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // A JSON-RPC body (POST /mcp) is not stored: each tool call it makes is checked as the /v1
    // request it becomes, and refused there as a tool error the model reads (issue 33 item 6).
    if (request.routeOptions.config?.jsonRpc) return;
    const verbatim = new Set(request.routeOptions.config?.verbatimBody ?? []);
    const body =
      request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body)
        ? Object.fromEntries(Object.entries(request.body).filter(([key]) => !verbatim.has(key)))
        : request.body;
    const path =
      unstorablePath(request.params, 'params') ??
      unstorablePath(request.query, 'query') ??
      unstorablePath(body, 'body');
    if (path) {
      throw new ApiError(400, 'invalid_request', `${path}: ${UNSTORABLE_MESSAGE}`, [
        { path, message: UNSTORABLE_MESSAGE },
      ]);
    }
  });
}
