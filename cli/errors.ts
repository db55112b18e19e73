/**
 * The CLI's own error kinds, in a module that imports nothing, so that every verb can throw them
 * without loading the configuration schema. `molt` exits 2 for these (what was asked or set is
 * wrong) and 1 for the rest (cli/main.ts).
 */

/** A setting or an argument is invalid: the message names it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Bad arguments or environment of an agent verb: exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Errors (by name, so their modules need not be loaded to tell) that exit with status 2. */
export const USAGE_ERROR_NAMES: ReadonlySet<string> = new Set([
  'ConfigError',
  'UsageError',
  'LlmConfigError',
  'EmbeddingsConfigError',
]);
