/**
 * What every verb of the molt command that talks to a running API shares (the operator verbs,
 * `molt keys`, `molt working-memory`, the memory and agent verbs): the environment (MOLT_API_URL,
 * MOLT_API_KEY), the client over molt's typed client, the 401 hint and the --json / table output.
 * Apart from cli/operator.ts, which registers the verbs, so that none of them imports the file
 * that imports it.
 */

import { InvalidArgumentError, Option } from 'commander';
import { z } from 'zod';
import { createMoltClient, MoltApiError, type MoltClient, type Query } from '../client/index.js';
import { emptyAsUndefined, parseEnv } from '../config/env.js';
import { ConfigError } from './config.js';

export const DEFAULT_API_URL = 'http://127.0.0.1:8420';

/** History of a long session and its compactions can take a while to read from Temporal. */
export const REQUEST_TIMEOUT_MS = 60_000;

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

/** The API answered with an error: its message, verbatim, is what the operator sees. */
export class ApiAnswerError extends Error {
  override name = 'ApiAnswerError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export interface OperatorClient {
  /** molt's typed client (client/): the verbs with fixed paths call its generated routes. */
  molt: MoltClient;
  /** Waits for a call and turns a failure into what the operator reads. */
  answer<T>(call: Promise<T>): Promise<T>;
  get(path: string, query?: Query): Promise<unknown>;
  post(path: string): Promise<unknown>;
  delete(path: string, query?: Query): Promise<unknown>;
}

/** The CLI's client: molt's own (client/), one attempt per call, errors in the operator's words. */
export function createOperatorClient(env: OperatorEnv): OperatorClient {
  const molt = createMoltClient({
    baseUrl: env.MOLT_API_URL,
    ...(env.MOLT_API_KEY ? { apiKey: env.MOLT_API_KEY } : {}),
    timeoutMs: REQUEST_TIMEOUT_MS,
    retries: 0,
  });
  const where = env.MOLT_API_URL.replace(/\/+$/, '');
  async function answer<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      throw operatorError(where, error);
    }
  }
  return {
    molt,
    answer,
    // No body on POST or DELETE: every operator action names its resource in the path.
    get: (path, query) => answer(molt.request('GET', path, query)),
    post: (path) => answer(molt.request('POST', path)),
    delete: (path, query) => answer(molt.request('DELETE', path, query)),
  };
}

function operatorError(where: string, error: unknown): Error {
  if (!(error instanceof MoltApiError)) return error instanceof Error ? error : new Error(String(error));
  if (error.code === 'timeout') {
    return new Error(`the molt API at ${where} did not answer within ${REQUEST_TIMEOUT_MS / 1_000} s`);
  }
  if (error.code === 'unreachable') {
    return new Error(
      `cannot reach the molt API at ${where} (${error.reason ?? error.message}); is \`molt dev\` or \`molt api\` running? ` +
        'MOLT_API_URL sets the address',
    );
  }
  return new ApiAnswerError(
    `${error.message} (HTTP ${error.status} ${error.code})${error.status === 401 ? `\n${KEY_HINT}` : ''}`,
    error.status,
    error.code,
  );
}

/** What a 401 tells the operator: where the key goes, in each shell, and how to get one. */
export const KEY_HINT =
  'Pass an API key in MOLT_API_KEY: `export MOLT_API_KEY=molt_…` (sh), `$env:MOLT_API_KEY = "molt_…"` ' +
  '(PowerShell), `set MOLT_API_KEY=molt_…` (cmd). Create one with ' +
  '`npx molt keys create --tenant default --role agent|operator` (printed once), or use MOLT_BOOTSTRAP_API_KEY.';

/** Parses an answer before a table reads it; the message names the field that did not match. */
export function expectAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(
    `unexpected answer for ${what} (is the API another version?): ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
  );
}

export interface OutputOptions {
  json?: boolean;
}

/** Prints the API's JSON as it came, or the table built from the parsed answer. */
export function print<T>(
  body: unknown,
  options: OutputOptions,
  schema: z.ZodType<T>,
  what: string,
  render: (answer: T) => string,
) {
  if (options.json) {
    console.log(JSON.stringify(body, null, 2));
    return;
  }
  console.log(render(expectAnswer(schema, body, what)));
}

export const jsonOption = () => new Option('--json', 'print the API answer as JSON');
export const limitOption = () =>
  new Option('--limit <n>', 'items per page (1–200, default 50)').argParser((value) => {
    if (!/^[1-9]\d*$/.test(value)) throw new InvalidArgumentError('must be a positive integer.');
    return Number.parseInt(value, 10);
  });
export const cursorOption = () =>
  new Option('--cursor <cursor>', 'the page after this cursor (printed under a list)');
