/**
 * Where the CLI finds molt and with which key (MOLT_API_URL, MOLT_API_KEY), for the operator verbs
 * (cli/operator.ts) and the agent verbs (cli/agent-env.ts) alike, and what a 401 tells the person.
 * Kept apart from the verbs so an agent verb loads no operator code (docs/cli.md#start-up).
 */
import { z } from 'zod';
import { emptyAsUndefined, parseEnv } from '../config/env.js';
import { ConfigError } from './errors.js';

export const DEFAULT_API_URL = 'http://127.0.0.1:8420';

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
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent as a Bearer token)')
      .optional(),
  ),
});

export type OperatorEnv = z.infer<typeof operatorEnvSchema>;

export function loadOperatorEnv(env: NodeJS.ProcessEnv = process.env): OperatorEnv {
  return parseEnv(operatorEnvSchema, env, (report) => new ConfigError(report));
}

/**
 * What a 401 tells the person: where the key goes, in each shell, and how to get one in each
 * setup (docs/security.md#api-keys).
 */
export const KEY_HINT =
  'Pass an API key in MOLT_API_KEY: `export MOLT_API_KEY=molt_…` (sh), `$env:MOLT_API_KEY = "molt_…"` ' +
  '(PowerShell), `set MOLT_API_KEY=molt_…` (cmd). To create one: beside a running `molt dev`, ' +
  '`npx molt keys create --tenant default --role agent|operator` asks it (with an operator key in ' +
  'MOLT_API_KEY once keys exist), as does the API (POST /v1/keys); with PostgreSQL (DATABASE_URL, ' +
  'compose) `molt keys create` writes to the database. No operator key left on `molt dev`: restart it ' +
  'with MOLT_BOOTSTRAP_API_KEY set to a secret of 16 or more characters.';
