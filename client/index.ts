/**
 * A typed client for molt's HTTP API: request types generated from `/openapi.json`
 * (client/openapi.d.ts, via openapi-typescript), calls made with openapi-fetch, every call bounded
 * by a timeout, and 429/503 retried when the answer's `Retry-After` fits in the time left.
 *
 *   const molt = createMoltClient({ baseUrl: 'http://127.0.0.1:8420', apiKey });
 *   await molt.postTurn('s-1', { turnId: 't-1', messages });
 *   const context = await molt.getContext('s-1', { budget: 100_000 });
 */
import createClient from 'openapi-fetch';
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

/** A `fetch` bounded by one deadline across attempts, retrying 429/503 and refused connections. */
export function retryingFetch(
  options: Required<Pick<MoltClientOptions, 'timeoutMs' | 'retries' | 'retryDelayMs'>> & {
    fetch: typeof fetch;
  },
): (request: Request) => Promise<Response> {
  return async (request) => {
    const deadline = Date.now() + options.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      const left = deadline - Date.now();
      let response: Response;
      try {
        response = await options.fetch(request.clone(), { signal: AbortSignal.timeout(Math.max(1, left)) });
      } catch (error) {
        const timedOut = Date.now() >= deadline;
        if (timedOut || attempt >= options.retries) {
          throw new MoltApiError(
            0,
            timedOut ? 'timeout' : 'unreachable',
            timedOut
              ? `molt did not answer ${request.method} ${new URL(request.url).pathname} within ${options.timeoutMs} ms`
              : `molt is unreachable (${request.method} ${new URL(request.url).pathname}): ${causeOf(error)}`,
            timedOut ? undefined : causeOf(error),
          );
        }
        await sleep(Math.min(options.retryDelayMs, Math.max(0, deadline - Date.now())));
        continue;
      }
      if (!RETRIED_STATUSES.has(response.status) || attempt >= options.retries) return response;
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? options.retryDelayMs;
      if (Date.now() + wait >= deadline) return response; // the answer stands: no time to wait
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? errorText(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createMoltClient(options: MoltClientOptions) {
  const fetchWithRetries = retryingFetch({
    timeoutMs: options.timeoutMs ?? 10_000,
    retries: options.retries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 250,
    // Bound: a browser's fetch called as a method of another object throws "Illegal invocation".
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
  });
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  const api = createClient<paths>({ baseUrl, headers, fetch: fetchWithRetries });

  const unwrap = answerOf;
  const path = (sessionId: string) => ({ path: { sessionId } });

  return {
    /** The underlying openapi-fetch client, for routes without a helper. */
    api,
    async postTurn(sessionId: string, body: TurnBody): Promise<TurnResponse> {
      return unwrap(await api.POST('/v1/sessions/{sessionId}/turns', { params: path(sessionId), body }));
    },
    async getContext(sessionId: string, query: ContextQuery = {}): Promise<ContextResponse> {
      return unwrap(
        await api.GET('/v1/sessions/{sessionId}/context', { params: { ...path(sessionId), query } }),
      );
    },
    async getSession(sessionId: string): Promise<SessionResponse> {
      return unwrap(await api.GET('/v1/sessions/{sessionId}', { params: path(sessionId) }));
    },
    async reportOverflow(sessionId: string, body: OverflowBody): Promise<OverflowResponse> {
      return unwrap(await api.POST('/v1/sessions/{sessionId}/overflow', { params: path(sessionId), body }));
    },
    async compact(sessionId: string, body: CompactBody = {}): Promise<CompactionView> {
      return unwrap(await api.POST('/v1/sessions/{sessionId}/compact', { params: path(sessionId), body }));
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
