/**
 * A typed client for molt's HTTP API: request types generated from `/openapi.json`
 * (client/openapi.d.ts, via openapi-typescript), calls made with openapi-fetch, every call bounded
 * by a timeout, and 429/503 retried when the answer's `Retry-After` fits in the time left.
 *
 *   const molt = createMoltClient({ baseUrl: 'http://127.0.0.1:8420', apiKey });
 *   await molt.postTurn('s-1', { turnId: 't-1', messages });
 *   const context = await molt.getContext('s-1', { budget: 100_000 });
 */
import createClient, {
  type Client,
  type ClientPathsWithMethod,
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  type FetchResponse,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import { errorText } from '../context/error-text.js';
import type { paths } from './openapi.js';
import type {
  CompactionView,
  ContextResponse,
  ErrorBody,
  OverflowResponse,
  SessionResponse,
  TurnResponse,
} from './responses.js';

export type { paths } from './openapi.js';
export type * from './responses.js';

export type TurnBody = NonNullable<
  paths['/v1/sessions/{sessionId}/turns']['post']['requestBody']
>['content']['application/json'];
export type OverflowBody = NonNullable<
  paths['/v1/sessions/{sessionId}/overflow']['post']['requestBody']
>['content']['application/json'];
export type CompactBody = NonNullable<
  paths['/v1/sessions/{sessionId}/compact']['post']['requestBody']
>['content']['application/json'];
export type ContextQuery = NonNullable<
  paths['/v1/sessions/{sessionId}/context']['get']['parameters']['query']
>;

export interface MoltClientOptions {
  /** The service's origin, e.g. `http://127.0.0.1:8420` (a trailing `/` is ignored). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`; omit for a service in open mode. */
  apiKey?: string;
  /** Per call, retries included (default 10 000 ms). */
  timeoutMs?: number;
  /** Retries of a 429/503 or a failed connection (default 2). */
  retries?: number;
  /** The wait when a 429/503 has no `Retry-After` (default 250 ms). */
  retryDelayMs?: number;
  fetch?: typeof fetch;
  /**
   * What `plain` sends through (default: `fetch`). A short-lived process gives one that needs no
   * Request, Response or Headers: touching any of them makes Node load its fetch implementation
   * (undici), which costs such a process more than its own work (cli/http-transport.ts, docs/cli.md).
   */
  transport?: Transport;
}

/** One request as `plain` sends it: plain values, no Request object. */
export interface PlainRequest {
  method: string;
  url: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

/** One answer as a transport gives it to `plain`: plain values, no Response object. */
export interface PlainResponse {
  status: number;
  /** Lower-case names; a repeated header's values joined by `, `, as `Headers.get` answers. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one request and answers its response; fails as `fetch` fails when there is no answer (a
 * TypeError whose `cause` is the system error), and at the signal's abort with its reason.
 */
export type Transport = (request: PlainRequest) => Promise<PlainResponse>;

/** A Transport over a `fetch` (the default one in any runtime). */
export function fetchTransport(fetchFn: typeof fetch): Transport {
  return async ({ method, url, headers, body, signal }) => {
    const response = await fetchFn(url, { method, headers, ...(body !== undefined ? { body } : {}), signal });
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: await response.text(),
    };
  };
}

/** A call that molt answered with an error, or that did not finish in time. */
export class MoltApiError extends Error {
  constructor(
    /** The HTTP status; 0 when there was no answer (timeout, connection refused). */
    readonly status: number,
    readonly code: string,
    message: string,
    /** Why there was no answer (`ECONNREFUSED`, …) when status is 0 and code `unreachable`. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'MoltApiError';
  }
}

/** The answer's JSON when 2xx; a MoltApiError naming molt's error code otherwise. */
export function answerOf<T>(result: { data?: unknown; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  const body = (result.error ?? {}) as Partial<ErrorBody>;
  throw new MoltApiError(
    result.response.status,
    body.error?.code ?? `http_${result.response.status}`,
    body.error?.message ?? `molt answered ${result.response.status}`,
  );
}

/** A generated route's call (`molt.api.GET(…)`), answered: its typed JSON, or a MoltApiError. */
export async function answered<D>(
  call: Promise<{ data?: D; error?: unknown; response: Response }>,
): Promise<D> {
  return answerOf<D>(await call);
}

/** Query parameters of a call without a helper; an undefined one is left out. */
export type Query = Record<string, string | number | undefined>;

/** Seconds or an HTTP date, as `Retry-After` carries it; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const RETRIED_STATUSES = new Set([429, 503]);

type RetryOptions = Required<Pick<MoltClientOptions, 'timeoutMs' | 'retries' | 'retryDelayMs'>>;

/**
 * One call bounded by one deadline across attempts, retrying 429/503 (after `Retry-After` when it
 * fits in the time left) and failed connections: the rule of both of the client's ways to send
 * (`retryingFetch` for `api`, the Transport for `plain`).
 */
async function withRetries<A>(
  options: RetryOptions,
  what: { method: string; url: string },
  attempt: (signal: AbortSignal) => Promise<A>,
  answer: (a: A) => { status: number; retryAfter: string | null; discard(): Promise<void> },
): Promise<A> {
  const deadline = Date.now() + options.timeoutMs;
  for (let attempts = 0; ; attempts++) {
    const left = deadline - Date.now();
    let answered: A;
    try {
      answered = await attempt(AbortSignal.timeout(Math.max(1, left)));
    } catch (error) {
      const timedOut = Date.now() >= deadline;
      if (timedOut || attempts >= options.retries) {
        const pathname = new URL(what.url).pathname;
        throw new MoltApiError(
          0,
          timedOut ? 'timeout' : 'unreachable',
          timedOut
            ? `molt did not answer ${what.method} ${pathname} within ${options.timeoutMs} ms`
            : `molt is unreachable (${what.method} ${pathname}): ${causeOf(error)}`,
          timedOut ? undefined : causeOf(error),
        );
      }
      await sleep(Math.min(options.retryDelayMs, Math.max(0, deadline - Date.now())));
      continue;
    }
    const { status, retryAfter, discard } = answer(answered);
    if (!RETRIED_STATUSES.has(status) || attempts >= options.retries) return answered;
    const wait = retryAfterMs(retryAfter) ?? options.retryDelayMs;
    if (Date.now() + wait >= deadline) return answered; // the answer stands: no time to wait
    await discard();
    await sleep(wait);
  }
}

/** A `fetch` bounded by one deadline across attempts, retrying 429/503 and refused connections. */
export function retryingFetch(
  options: RetryOptions & { fetch: typeof fetch },
): (request: Request) => Promise<Response> {
  return (request) =>
    withRetries(
      options,
      request,
      (signal) => options.fetch(request.clone(), { signal }),
      (response) => ({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        discard: async () => {
          await response.body?.cancel();
        },
      }),
    );
}

/** What `plain`'s calls answer: openapi-fetch's `data` or `error`, and the status, without a Response. */
export type PlainAnswer<R> = R extends unknown
  ? Omit<R, 'response'> & { status: number; ok: boolean }
  : never;

/** An operation of the generated paths, as openapi-fetch's FetchResponse reads it. */
// biome-ignore lint/suspicious/noExplicitAny: openapi-fetch's own constraint
type Operation<T> = T extends Record<string | number, any> ? T : never;

type PlainMethod<M extends 'get' | 'post' | 'delete'> = <
  Path extends ClientPathsWithMethod<Client<paths>, M>,
  Init extends MaybeOptionalInit<paths[Path], M>,
>(
  path: Path,
  init: Init,
) => Promise<PlainAnswer<FetchResponse<Operation<paths[Path][M]>, Init, `${string}/${string}`>>>;

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? errorText(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createMoltClient(options: MoltClientOptions) {
  const retry: RetryOptions = {
    timeoutMs: options.timeoutMs ?? 10_000,
    retries: options.retries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 250,
  };
  // Bound: a browser's fetch called as a method of another object throws "Illegal invocation".
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const fetchWithRetries = retryingFetch({ ...retry, fetch: fetchFn });
  const transport = options.transport ?? fetchTransport(fetchFn);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  // Made on first use: openapi-fetch reads globalThis.Request when it makes a client, and in Node
  // that loads undici, which `plain` exists to spare a short-lived process.
  let api: Client<paths> | undefined;
  const typed = () => {
    api ??= createClient<paths>({ baseUrl, headers, fetch: fetchWithRetries });
    return api;
  };
  const querySerializer = createQuerySerializer();

  /**
   * A generated route's call, sent through the Transport: the URL openapi-fetch would build (its own
   * serializers), a JSON body, and `data` or `error` as openapi-fetch reads them.
   */
  const plainCall = <M extends 'get' | 'post' | 'delete'>(method: M): PlainMethod<M> =>
    // biome-ignore lint/suspicious/noExplicitAny: typed by PlainMethod; built from plain values
    (async (path: string, init: { params?: { path?: any; query?: any }; body?: unknown }) => {
      const url = createFinalURL(path, {
        baseUrl,
        params: init.params ?? {},
        querySerializer,
        pathSerializer: defaultPathSerializer,
      });
      const body = init.body === undefined ? undefined : JSON.stringify(init.body);
      const request = {
        method: method.toUpperCase(),
        url,
        headers: body === undefined ? { ...headers } : { 'content-type': 'application/json', ...headers },
        ...(body !== undefined ? { body } : {}),
      };
      const response = await withRetries(
        retry,
        request,
        (signal) => transport({ ...request, signal }),
        (answer) => ({
          status: answer.status,
          retryAfter: answer.headers['retry-after'] ?? null,
          discard: async () => {},
        }),
      );
      // As openapi-fetch reads an answer (its coreFetch): no body to read, the JSON of a success,
      // an error's JSON or else its text.
      const { status, headers: answered, body: text } = response;
      const ok = status >= 200 && status < 300;
      const length = answered['content-length'];
      if (status === 204 || (length === '0' && !answered['transfer-encoding']?.includes('chunked'))) {
        return ok ? { status, ok, data: undefined } : { status, ok, error: undefined };
      }
      if (ok) return { status, ok, data: length || text ? JSON.parse(text) : undefined };
      let error: unknown = text;
      try {
        error = JSON.parse(text);
      } catch {
        // not JSON: the text
      }
      return { status, ok, error };
    }) as unknown as PlainMethod<M>;

  const unwrap = answerOf;
  const path = (sessionId: string) => ({ path: { sessionId } });

  return {
    /** The underlying openapi-fetch client, for routes without a helper. */
    get api(): Client<paths> {
      return typed();
    },
    /**
     * The generated routes as `api` calls them (typed alike), sent through the Transport with no
     * Request, Response or Headers: for a process that makes a call or two and exits (the agent
     * verbs of the CLI), where Node's fetch classes cost more than the rest (docs/cli.md#start-up).
     */
    plain: { GET: plainCall('get'), POST: plainCall('post'), DELETE: plainCall('delete') },
    async postTurn(sessionId: string, body: TurnBody): Promise<TurnResponse> {
      return unwrap(await typed().POST('/v1/sessions/{sessionId}/turns', { params: path(sessionId), body }));
    },
    async getContext(sessionId: string, query: ContextQuery = {}): Promise<ContextResponse> {
      return unwrap(
        await typed().GET('/v1/sessions/{sessionId}/context', { params: { ...path(sessionId), query } }),
      );
    },
    async getSession(sessionId: string): Promise<SessionResponse> {
      return unwrap(await typed().GET('/v1/sessions/{sessionId}', { params: path(sessionId) }));
    },
    async reportOverflow(sessionId: string, body: OverflowBody): Promise<OverflowResponse> {
      return unwrap(
        await typed().POST('/v1/sessions/{sessionId}/overflow', { params: path(sessionId), body }),
      );
    },
    async compact(sessionId: string, body: CompactBody = {}): Promise<CompactionView> {
      return unwrap(
        await typed().POST('/v1/sessions/{sessionId}/compact', { params: path(sessionId), body }),
      );
    },
    /**
     * A call by method and path, for callers that build the path themselves (the memory verbs of
     * the CLI); the answer's JSON. Prefer `api` with the generated paths where the path is fixed.
     */
    async request(method: 'GET' | 'POST' | 'DELETE', pathname: string, query: Query = {}): Promise<unknown> {
      const url = new URL(`${baseUrl}${pathname.startsWith('/') ? '' : '/'}${pathname}`);
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) url.searchParams.set(key, String(value));
      }
      const response = await fetchWithRetries(
        new Request(url, { method, headers: { ...headers, accept: 'application/json' } }),
      );
      const text = await response.text();
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = undefined;
      }
      if (response.ok && data === undefined) {
        throw new MoltApiError(
          response.status,
          'not_json',
          `${method} ${url.pathname} answered without JSON`,
        );
      }
      return answerOf({ data, error: data, response });
    },
    /** `GET /v1/tools` (memory tools, docs/memory.md#api): the definitions, or null when the service has none. */
    async getTools(): Promise<unknown[] | null> {
      const response = await fetchWithRetries(new Request(`${baseUrl}/v1/tools`, { headers }));
      if (response.status !== 200) {
        await response.body?.cancel();
        return null;
      }
      const body = (await response.json()) as { tools?: unknown[] } | unknown[];
      return Array.isArray(body) ? body : (body.tools ?? null);
    },
    /** `POST` a JSON body to a path outside the generated document (memory tools); the answer's JSON. */
    async postJson(pathname: string, body: unknown): Promise<unknown> {
      const response = await fetchWithRetries(
        new Request(`${baseUrl}${pathname}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      const json = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
      if (!response.ok) {
        throw new MoltApiError(
          response.status,
          json.error?.code ?? `http_${response.status}`,
          json.error?.message ?? `molt answered ${response.status}`,
        );
      }
      return json;
    },
  };
}

export type MoltClient = ReturnType<typeof createMoltClient>;
