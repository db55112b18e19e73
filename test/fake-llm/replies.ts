/** Reading a request and writing the fake LLM's answers (a JSON body, a completion or its SSE stream). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentText } from './answers.js';
import type { RecordedCall } from './server.js';

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** A rough, deterministic token count (4 characters a token). */
function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}

let completionCounter = 0;

export function sendCompletion(response: ServerResponse, call: RecordedCall, text: string): void {
  const id = `chatcmpl-fake-${++completionCounter}`;
  const created = Math.floor(Date.now() / 1000);
  const model = call.model ?? 'fake';
  const promptTokens = tokens(call.messages.map((message) => contentText(message.content)).join('\n'));
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: tokens(text),
    total_tokens: promptTokens + tokens(text),
  };
  if (call.stream) {
    // Minimal server-sent events: one content delta, the finish, usage when asked for, [DONE].
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`;
    response.write(chunk([{ index: 0, delta: { role: 'assistant', content: text }, finish_reason: null }]));
    response.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
    const streamOptions = call.stream_options as { include_usage?: boolean } | undefined;
    if (streamOptions?.include_usage) response.write(chunk([], { usage }));
    response.end('data: [DONE]\n\n');
    return;
  }
  sendJson(response, 200, {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage,
  });
}
