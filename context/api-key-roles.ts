/**
 * The roles of an API key (docs/security.md#api-keys): a vocabulary, apart so the CLI and the API's
 * schemas name them without drizzle (db/api-keys.ts stores them).
 */
export const API_KEY_ROLES = ['agent', 'operator'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];
