/**
 * Where the CLI finds molt and what a key looks like, in a module that imports nothing: the
 * operator verbs' zod schema (cli/operator-env.ts) and the agent verbs' quick check of their
 * environment (cli/agent-env-quick.ts, which must not load zod) both read them from here.
 */

export const DEFAULT_API_URL = 'http://127.0.0.1:8420';

/** MOLT_API_KEY: printable ASCII without spaces (it is sent as a Bearer token). */
export const API_KEY_PATTERN = /^[\x21-\x7e]+$/;

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
