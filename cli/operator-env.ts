/**
 * Where the CLI finds molt and with which key (MOLT_API_URL, MOLT_API_KEY), for the operator verbs
 * (cli/operator.ts) and the agent verbs (cli/agent-env.ts) alike, and what a 401 tells the person.
 * Kept apart from the verbs so an agent verb loads no operator code (docs/cli.md#start-up).
 */
import { z } from 'zod';
import { emptyAsUndefined, parseEnv } from '../config/env.js';
import { ConfigError } from './errors.js';
import { API_KEY_PATTERN, DEFAULT_API_URL } from './molt-address.js';

export { DEFAULT_API_URL, KEY_HINT } from './molt-address.js';

export const operatorEnvSchema = z.object({
  MOLT_API_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. http://127.0.0.1:8420' })
      .default(DEFAULT_API_URL),
  ),
  MOLT_API_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(API_KEY_PATTERN, 'must be printable ASCII without spaces (it is sent as a Bearer token)')
      .optional(),
  ),
});

export type OperatorEnv = z.infer<typeof operatorEnvSchema>;

export function loadOperatorEnv(env: NodeJS.ProcessEnv = process.env): OperatorEnv {
  return parseEnv(operatorEnvSchema, env, (report) => new ConfigError(report));
}
