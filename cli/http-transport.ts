/**
 * The agent verbs' transport (docs/cli.md#start-up): client/'s Transport (createMoltClient's
 * `transport`, which its `plain` calls send through) on node:http and node:https, with no Request,
 * Response or Headers. Node's fetch costs a short-lived process more on its first request than the
 * rest of its work, and merely touching one of its classes loads its implementation, undici
 * (bench/README.md#cli-start-up). It sends what client/'s `fetchTransport` sends and answers what
 * that answers; it honours the AbortSignal of the client's deadline; a request that cannot be sent
 * fails as fetch fails (a TypeError whose `cause` is the system error, ECONNREFUSED…), so the client
 * retries and words it alike. No redirects are followed (molt's API answers none) and no proxy is
 * used (nor does fetch).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { PlainRequest, PlainResponse } from '../client/index.js';

/** Node's headers as `Headers.get` reads them: a repeated one's values joined by `, `. */
function headersOf(incoming: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** As `Response.text()` decodes: UTF-8, a leading byte-order mark dropped. */
const utf8 = (bytes: Buffer) => {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
};

export async function nodeTransport(request: PlainRequest): Promise<PlainResponse> {
  const { signal } = request;
  const url = new URL(request.url);
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  const headers = { ...request.headers };
  if (body !== undefined) headers['content-length'] = String(body.length);
  // node:https only for an https URL: it loads TLS and crypto (about 7 ms of CPU) for nothing else.
  const send = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, { method: request.method, headers, signal }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.once('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
      incoming.once('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          headers: headersOf(incoming.headers),
          body: utf8(Buffer.concat(chunks)),
        }),
      );
    });
    outgoing.once('error', (error) =>
      reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
    );
    outgoing.end(body);
  });
}
