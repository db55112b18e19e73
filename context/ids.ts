/**
 * The rules for the ids agents choose, in a module that imports nothing: the API's zod schemas
 * (api/schemas/common.ts) are built from them, and the agent CLI's quick check of its environment
 * (cli/agent-env-quick.ts) reads them without loading zod.
 */

/** Session ids are chosen by agents; kept printable and bounded (they enter workflow ids). */
export const SESSION_ID = {
  maxLength: 128,
  pattern: /^[A-Za-z0-9._:@-]+$/,
  patternText: 'may contain only letters, digits and . _ : @ -',
} as const;

/** A memory scope's user or agent id, chosen by the agent: 1 to this many characters. */
export const SCOPE_ID_MAX_LENGTH = 200;
