/**
 * What every verb of the molt command that talks to a running API shares (the operator verbs,
 * `molt keys`, `molt working-memory`, the memory verbs): the client over molt's typed client, its
 * errors in the operator's words and the --json / table output. Apart from cli/operator.ts, which
 * registers the verbs, so that none of them imports the file that imports it; the environment and
 * the 401 hint are cli/operator-env.ts's (an agent verb loads no operator code).
 */

import { InvalidArgumentError, Option } from 'commander';
import type { z } from 'zod';
import { createMoltClient, MoltApiError, type MoltClient, type Query } from '../client/index.js';
import { KEY_HINT, type OperatorEnv } from './operator-env.js';

/** History of a long session and its compactions can take a while to read from Temporal. */
export const REQUEST_TIMEOUT_MS = 60_000;

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
