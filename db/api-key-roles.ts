/** The roles of an API key (docs/security.md#api-keys), apart so the CLI names them without drizzle. */
export const API_KEY_ROLES = ['agent', 'operator'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];
