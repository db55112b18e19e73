/**
 * API keys for operators (docs/security.md#api-keys): create one (its secret in the answer, once),
 * list a tenant's keys without their secrets, revoke one. Every route is the operator's and acts
 * on the caller's own tenant only, so a running molt (the default `molt dev` among them) gets its
 * keys without a restart. The secret is never logged: molt's request log holds no bodies.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countApiKeys, createApiKey, listApiKeys, revokeApiKey } from '../../db/api-keys.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, notFound } from '../plugins/errors.js';
import { errorResponses } from '../schemas/common.js';
import { apiKeyListSchema, createApiKeyBodySchema, createdApiKeySchema } from '../schemas/keys.js';

export { apiKeyListingSchema, apiKeyListSchema } from '../schemas/keys.js';

export function keyRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/keys',
      {
        config: { role: 'operator' },
        schema: {
          body: createApiKeyBodySchema,
          response: { 201: createdApiKeySchema, ...errorResponses(400, 403, 409) },
        },
      },
      async (request, reply) => {
        const { tenantId } = request.auth;
        const { role, name, agentId } = request.body;
        if (request.body.tenantId !== undefined && request.body.tenantId !== tenantId) {
          throw new ApiError(
            403,
            'forbidden',
            `tenantId: an operator key creates keys for its own tenant only (this key's tenant is ${JSON.stringify(tenantId)})`,
          );
        }
        // While no key exists the API is open (api/plugins/open-mode.ts) and closes with the first
        // one: an agent key first would leave nobody able to manage keys.
        if (role !== 'operator' && (await countApiKeys(deps.db)) === 0) {
          throw new ApiError(
            409,
            'first_key_operator',
            'no API key exists yet: the first key must be an operator key (role operator); the API requires keys from then on',
          );
        }
        const created = await createApiKey(deps.db, {
          tenantId,
          role,
          ...(name !== undefined ? { name } : {}),
          ...(agentId !== undefined ? { agentId } : {}),
        });
        return reply
          .status(201)
          .header('cache-control', 'no-store')
          .send({ ...created.listing, tenantId, key: created.key });
      },
    );

    app.get(
      '/v1/keys',
      {
        config: { role: 'operator' },
        schema: { response: { 200: apiKeyListSchema, ...errorResponses(403) } },
      },
      async (request) => ({ items: await listApiKeys(deps.db, request.auth.tenantId) }),
    );

    app.delete(
      '/v1/keys/:keyId',
      {
        config: { role: 'operator' },
        schema: {
          params: z.object({ keyId: z.string().min(1).max(200) }),
          response: {
            200: z.object({ id: z.string(), revoked: z.boolean() }),
            ...errorResponses(403, 404, 409),
          },
        },
      },
      async (request) => {
        const { keyId } = request.params;
        const outcome = await revokeApiKey(deps.db, request.auth.tenantId, keyId);
        if (outcome === 'not_found') throw notFound(`key ${keyId}`);
        if (outcome === 'last_operator') {
          throw new ApiError(
            409,
            'last_operator_key',
            `key ${keyId} is the tenant's last operator key: create another operator key first (molt keys create --role operator, or POST /v1/keys)`,
          );
        }
        return { id: keyId, revoked: true };
      },
    );
  };
}
