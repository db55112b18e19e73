/**
 * The agent verbs' transport (docs/cli.md#start-up): a `fetch` for client/ (createMoltClient's
 * `fetch` option) made on node:http and node:https instead of Node's own fetch, whose first
 * request costs a short-lived process more than the rest of its work (bench/README.md#cli-start-up).
 * It takes the Request openapi-fetch builds and answers a Response, as fetch does; it honours the
 * AbortSignal of the client's deadline; a request that cannot be sent fails as fetch fails (a
 * TypeError whose `cause` is the system error, ECONNREFUSED…), so the client retries and words it
 * alike. No redirects are followed (molt's API answers none) and no proxy is used (nor does fetch).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Statuses whose Response must have no body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function headersOf(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

export async function nodeFetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request && init === undefined ? input : new Request(input, init);
  const signal = init?.signal ?? request.signal;
  const url = new URL(request.url);
  const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  const headers: Record<string, string> = Object.fromEntries(request.headers);
  if (body !== undefined) headers['content-length'] = String(body.length);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, { method: request.method, headers, signal }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.once('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
      incoming.once('end', () => {
        const status = incoming.statusCode ?? 0;
        resolve(
          new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
            status,
            statusText: incoming.statusMessage ?? '',
            headers: headersOf(incoming.headers),
          }),
        );
      });
    });
    outgoing.once('error', (error) =>
      reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
    );
    outgoing.end(body);
  });
}
