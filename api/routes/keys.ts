/**
 * API keys for operators (`molt keys list|revoke`): a tenant's keys without their secrets, and
 * revocation. Keys are created with `molt keys create`, which talks to the database directly:
 * the one who can create the first key has no key yet.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ApiKeyListing, listApiKeys, revokeApiKey } from '../../db/api-keys.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, notFound } from '../plugins/errors.js';
import { type Expect, errorResponses, type SameFields } from '../schemas/common.js';

export const apiKeyListingSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  agentId: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
type _Listing = Expect<SameFields<z.infer<typeof apiKeyListingSchema>, ApiKeyListing>>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeyListingSchema) });

export function keyRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
            `key ${keyId} is the tenant's last operator key: create another operator key first (molt keys create --role operator)`,
          );
        }
        return { id: keyId, revoked: true };
      },
    );
  };
}
