/**
 * Authentication (docs/api.md#authentication-and-tenants): `Authorization: Bearer <key>`. A key belongs to a tenant and has
 * a role; every /v1 route sees `request.auth` and scopes its queries to `auth.tenantId`. Operator
 * routes declare `config: { role: 'operator' }`.
 *
 * Mode `open` (no API key exists at all, e.g. `molt dev` on a laptop) treats every request as the
 * `default` tenant's operator; the process logs that at start-up. Creating any key, or setting
 * MOLT_BOOTSTRAP_API_KEY, makes keys required.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiKeyRole, findApiKey } from '../../db/api-keys.js';
import type { Database } from '../../db/client.js';
import { DEFAULT_TENANT_ID } from '../../db/transcript.js';
import { ApiError } from './errors.js';
import { openModeRefusal, openUntilFirstKey } from './open-mode.js';

/** `open-until-key`: open while no key exists, required from the first key on (api/open-mode.ts). */
export type AuthMode = 'required' | 'open' | 'open-until-key';

export interface RequestAuth {
  tenantId: string;
  role: ApiKeyRole;
  /** The agent an agent key is bound to (api/key-scope.ts); null: not bound (operators, old keys). */
  agentId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
  interface FastifyContextConfig {
    /** The role a route needs; `agent` (the default) admits operators too. */
    role?: ApiKeyRole;
  }
}

const OPEN: RequestAuth = { tenantId: DEFAULT_TENANT_ID, role: 'operator', agentId: null };

/**
 * Whether the route the router matched for this request needs a key: the /v1 API and the MCP
 * endpoint (docs/mcp.md). Decided from the matched route (`routeOptions.url`, the route's pattern),
 * never from the raw URL: the router decodes `%76`, so `/%761/keys` is `/v1/keys` to it, and a
 * check of the raw text let such requests reach their handlers with no identity (issue 33 item 1).
 * An unmatched request has no route and ends in the 404 handler, which runs no handler of molt's.
 */
export function isKeyedRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && (route.startsWith('/v1/') || route === '/mcp');
}

export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function registerAuth(app: FastifyInstance, db: Database, mode: AuthMode): void {
  app.decorateRequest('auth', null as unknown as RequestAuth);
  const stillOpen = mode === 'open-until-key' ? openUntilFirstKey(db) : async () => mode === 'open';
  app.addHook('onRequest', async (request) => {
    if (!isKeyedRoute(request)) return;
    if (await stillOpen()) {
      const refusal = openModeRefusal(request);
      if (refusal) throw new ApiError(403, 'forbidden', refusal);
      request.auth = OPEN;
    } else {
      const key = bearerOf(request);
      if (!key) {
        throw new ApiError(401, 'unauthorized', 'missing API key: send Authorization: Bearer <key>');
      }
      const row = await findApiKey(db, key);
      if (!row) throw new ApiError(401, 'unauthorized', 'unknown or revoked API key');
      request.auth = { tenantId: row.tenantId, role: row.role as ApiKeyRole, agentId: row.agentId ?? null };
    }
    const needed = request.routeOptions.config?.role ?? 'agent';
    if (needed === 'operator' && request.auth.role !== 'operator') {
      throw new ApiError(
        403,
        'forbidden',
        `${request.method} ${request.routeOptions.url} needs an operator key`,
      );
    }
  });
  // Belt and braces: whatever hook order a later change brings, a keyed route's handler never
  // runs without an identity.
  app.addHook('preHandler', async (request) => {
    if (isKeyedRoute(request) && !request.auth) {
      throw new ApiError(401, 'unauthorized', 'missing API key: send Authorization: Bearer <key>');
    }
  });
}
