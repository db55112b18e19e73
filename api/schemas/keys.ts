/** The API keys routes' bodies and answers (api/routes/keys.ts), for the API and the CLI alike. */
import { z } from 'zod';
import { API_KEY_ROLES } from '../../context/api-key-roles.js';
import type { ApiKeyListing } from '../../db/api-keys.js';
import { type Expect, type SameFields, scopeIdSchema } from './common.js';

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

export const createApiKeyBodySchema = z
  .strictObject({
    role: z.enum(API_KEY_ROLES).default('agent'),
    name: z.string().trim().min(1).max(200).optional(),
    /** Binds an agent key to one agent: it touches only that agent's sessions and memories. */
    agentId: scopeIdSchema.optional(),
    /** Optional: when given, it must be the caller's own tenant (a guard against a wrong key). */
    tenantId: z.string().min(1).max(64).optional(),
  })
  .refine((body) => body.agentId === undefined || body.role === 'agent', {
    path: ['agentId'],
    message: 'only an agent key is bound to an agent',
  });

/** The answer to a creation: the listing's fields, the tenant, and the secret — shown this once. */
export const createdApiKeySchema = apiKeyListingSchema.extend({
  tenantId: z.string(),
  key: z.string(),
});
