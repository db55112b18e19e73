/**
 * Errors Fastify answers without running a route or molt's error handler (issue 19 item 9): a
 * request the HTTP parser refuses (a malformed request line or header, headers over the size
 * limit, a request that timed out). They get molt's error shape and a request id too:
 * `{error: {requestId, code, message}}` and `x-request-id`, instead of Fastify's
 * `{"error": "Bad Request", "message": "Client Error", "statusCode": 400}`.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'timeout', 'the request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'invalid_request', 'headers: over the size limit']
        : [400, 'invalid_request', 'the request is not valid HTTP'];
  const requestId = randomUUID();
  const body = JSON.stringify({ error: { requestId, code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nx-request-id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
