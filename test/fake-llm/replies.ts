/** Reading a request and writing the fake LLM's answers (a JSON body, a completion or its SSE stream). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentText } from './answers.js';
import type { FakeToolCall, RecordedCall } from './server.js';

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

/**
 * The prompt's size as a provider reports it: the messages' text, their tool calls, and the tool
 * schemas the request offers (which real providers count too).
 */
export function promptTokensOf(call: RecordedCall): number {
  const parts = call.messages.map(
    (message) =>
      contentText(message.content) + (message.tool_calls ? JSON.stringify(message.tool_calls) : ''),
  );
  if (Array.isArray(call.tools)) parts.push(JSON.stringify(call.tools));
  return tokens(parts.join('\n'));
}

export function sendCompletion(
  response: ServerResponse,
  call: RecordedCall,
  answer: string | { text?: string; toolCalls: FakeToolCall[] },
): void {
  const id = `chatcmpl-fake-${++completionCounter}`;
  const created = Math.floor(Date.now() / 1000);
  const model = call.model ?? 'fake';
  const text = typeof answer === 'string' ? answer : (answer.text ?? '');
  const toolCalls =
    typeof answer === 'string'
      ? []
      : answer.toolCalls.map((toolCall, index) => ({
          index,
          id: `call_fake_${completionCounter}_${index}`,
          type: 'function' as const,
          function: { name: toolCall.name, arguments: JSON.stringify(toolCall.arguments) },
        }));
  const finishReason = toolCalls.length > 0 ? 'tool_calls' : 'stop';
  const promptTokens = promptTokensOf(call);
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
    if (toolCalls.length > 0) {
      response.write(chunk([{ index: 0, delta: { tool_calls: toolCalls }, finish_reason: null }]));
    }
    response.write(chunk([{ index: 0, delta: {}, finish_reason: finishReason }]));
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
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls.map(({ index: _, ...rest }) => rest) } : {}),
        },
        finish_reason: finishReason,
      },
    ],
    usage,
  });
}
