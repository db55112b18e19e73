/**
 * A local fake of the OpenAI Chat Completions API (`POST /v1/chat/completions`) for tests and
 * benchmarks: it answers deterministically, or fails, stalls or overflows on request.
 *
 *   const llm = await startFakeLlm({ latencyMs: 200 });
 *   // MOLT_LLM_PROVIDER=openai-compatible MOLT_LLM_BASE_URL=${llm.baseUrl} MOLT_LLM_MODEL=fake
 *   llm.enqueue('fail500', rateLimit(2));   // the next two calls; then the default behaviour
 *   await llm.close();
 *
 * OpenClaw's client works too: `GET /v1/models`, then streamed completions (SSE chunks, a usage
 * chunk when `stream_options.include_usage` asks, `[DONE]`); `overflow` answers its 400
 * `context_length_exceeded`.
 *
 * Another process (a worker under test) is steered through `POST /__control` with
 * `{"behaviour": …, "queue": […], "latencyMs": n}`; `GET /__control` reports the state.
 * As a command: `npx tsx test/fake-llm/server.ts --port 8787 [--latency-ms 200] [--behaviour stall]`
 * prints the base URL and serves until interrupted.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { fakeAnswer } from './answers.js';
import { promptTokensOf, readBody, sendCompletion, sendJson } from './replies.js';

export { fakeAnswer, fakeMemoryAnswer } from './answers.js';

export type FakeLlmBehaviourName =
  | 'succeed'
  | 'fail500'
  | 'stall'
  | 'garbage'
  | 'empty'
  | 'overflow'
  | 'auth';

/** A tool call the fake model makes (OpenAI `tool_calls`). */
export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** Builds the answer from the request: its text, or tool calls (with optional text). */
export type FakeLlmResponder = (call: RecordedCall) => string | { text?: string; toolCalls: FakeToolCall[] };

export type FakeLlmBehaviour =
  | FakeLlmBehaviourName
  | { kind: 'rateLimit'; retryAfterSeconds: number }
  | { kind: 'respond'; respond: FakeLlmResponder };

/** 429 with `Retry-After: {seconds}`. */
export function rateLimit(retryAfterSeconds: number): FakeLlmBehaviour {
  return { kind: 'rateLimit', retryAfterSeconds };
}

/** 200 with the responder's text. */
export function respondWith(respond: FakeLlmResponder): FakeLlmBehaviour {
  return { kind: 'respond', respond };
}

export type ChatContent = string | null | Array<{ type?: string; text?: string }>;

/** A parsed request body, as the AI SDK's openai-compatible provider sends it. */
export interface RecordedCall {
  model?: string;
  messages: Array<{ role: string; content?: ChatContent; [key: string]: unknown }>;
  stream?: boolean;
  max_tokens?: number;
  [key: string]: unknown;
}

export interface FakeLlmOptions {
  /** 0 (default): a free port. */
  port?: number;
  /** Applies when the queue is empty; `succeed` unless given. */
  behaviour?: FakeLlmBehaviour;
  /** Added before every answer (the benchmark uses 200 ms). */
  latencyMs?: number;
  /** A model's window: a request whose prompt is larger (as usage counts it) gets `overflow`. */
  maxPromptTokens?: number;
}

export interface FakeLlm {
  /** `http://127.0.0.1:{port}/v1`, the `MOLT_LLM_BASE_URL` to give molt. */
  readonly baseUrl: string;
  readonly controlUrl: string;
  readonly calls: RecordedCall[];
  setBehaviour(behaviour: FakeLlmBehaviour): void;
  /** One behaviour per call, in order, before the default applies again. */
  enqueue(...behaviours: FakeLlmBehaviour[]): void;
  setLatencyMs(ms: number): void;
  /** Answers every stalled request (with `succeed`); returns how many there were. */
  releaseStalled(): number;
  close(): Promise<void>;
}

export const OVERFLOW_ERROR_BODY = {
  error: {
    message:
      "This model's maximum context length is 8192 tokens. However, you requested 12000 tokens (11000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.",
    type: 'invalid_request_error',
    param: 'messages',
    code: 'context_length_exceeded',
  },
};

const behaviourNameSchema = z.enum(['succeed', 'fail500', 'stall', 'garbage', 'empty', 'overflow', 'auth']);
const controlBehaviourSchema = z.union([
  behaviourNameSchema,
  z.object({ kind: z.literal('rateLimit'), retryAfterSeconds: z.number().nonnegative() }),
]);
const controlSchema = z.object({
  behaviour: controlBehaviourSchema.optional(),
  queue: z.array(controlBehaviourSchema).optional(),
  latencyMs: z.number().int().nonnegative().optional(),
});

export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  let defaultBehaviour: FakeLlmBehaviour = options.behaviour ?? 'succeed';
  let latencyMs = options.latencyMs ?? 0;
  const queue: FakeLlmBehaviour[] = [];
  const calls: RecordedCall[] = [];
  const stalled = new Map<ServerResponse, RecordedCall>();
  const pendingTimers = new Set<NodeJS.Timeout>();

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/__control') return control(request, response);
    // OpenClaw lists the models once before streaming chat completions.
    if (request.method === 'GET' && path === '/v1/models') {
      const data = [...new Set(['fake', ...calls.map((call) => call.model ?? 'fake')])];
      return sendJson(response, 200, {
        object: 'list',
        data: data.map((id) => ({ id, object: 'model', created: 0, owned_by: 'molt-fake-llm' })),
      });
    }
    if (request.method !== 'POST' || path !== '/v1/chat/completions') {
      return sendJson(response, 404, { error: { message: `no route ${request.method} ${path}` } });
    }
    let call: RecordedCall;
    try {
      call = JSON.parse(await readBody(request)) as RecordedCall;
    } catch {
      return sendJson(response, 400, { error: { message: 'request body is not JSON' } });
    }
    calls.push(call);
    const tooLong = options.maxPromptTokens !== undefined && promptTokensOf(call) > options.maxPromptTokens;
    const behaviour = tooLong ? 'overflow' : (queue.shift() ?? defaultBehaviour);
    if (latencyMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pendingTimers.delete(timer);
          resolve();
        }, latencyMs);
        pendingTimers.add(timer);
      });
    }
    if (response.destroyed) return; // the client gave up during the latency
    answer(response, call, behaviour);
  }

  function answer(response: ServerResponse, call: RecordedCall, behaviour: FakeLlmBehaviour): void {
    if (typeof behaviour === 'object') {
      if (behaviour.kind === 'rateLimit') {
        const error = {
          message: 'Rate limit reached for requests',
          type: 'requests',
          code: 'rate_limit_exceeded',
        };
        sendJson(response, 429, { error }, { 'retry-after': String(behaviour.retryAfterSeconds) });
      } else {
        sendCompletion(response, call, behaviour.respond(call));
      }
      return;
    }
    switch (behaviour) {
      case 'succeed':
        sendCompletion(response, call, fakeAnswer(call));
        break;
      case 'empty':
        sendCompletion(response, call, '');
        break;
      case 'fail500':
        sendJson(response, 500, { error: { message: 'The server had an error processing your request.' } });
        break;
      case 'garbage':
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html><body>502 Bad Gateway (but with status 200)</body></html>');
        break;
      case 'overflow':
        sendJson(response, 400, OVERFLOW_ERROR_BODY);
        break;
      case 'auth': {
        const error = {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        };
        sendJson(response, 401, { error });
        break;
      }
      case 'stall':
        stalled.set(response, call);
        response.once('close', () => stalled.delete(response));
        break;
    }
  }

  async function control(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'POST') {
      let parsed: z.infer<typeof controlSchema>;
      try {
        parsed = controlSchema.parse(JSON.parse((await readBody(request)) || '{}'));
      } catch (error) {
        return sendJson(response, 400, { error: { message: `bad control request: ${String(error)}` } });
      }
      if (parsed.behaviour !== undefined) defaultBehaviour = parsed.behaviour;
      if (parsed.queue !== undefined) queue.push(...parsed.queue);
      if (parsed.latencyMs !== undefined) latencyMs = parsed.latencyMs;
    } else if (request.method !== 'GET') {
      return sendJson(response, 405, { error: { message: 'GET or POST' } });
    }
    sendJson(response, 200, {
      behaviour: typeof defaultBehaviour === 'object' ? defaultBehaviour.kind : defaultBehaviour,
      queueLength: queue.length,
      latencyMs,
      calls: calls.length,
      stalled: stalled.size,
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    baseUrl: `${origin}/v1`,
    controlUrl: `${origin}/__control`,
    calls,
    setBehaviour(behaviour) {
      defaultBehaviour = behaviour;
    },
    enqueue(...behaviours) {
      queue.push(...behaviours);
    },
    setLatencyMs(ms) {
      latencyMs = ms;
    },
    releaseStalled() {
      const released = [...stalled];
      stalled.clear();
      for (const [response, call] of released) {
        if (!response.destroyed) sendCompletion(response, call, fakeAnswer(call));
      }
      return released.length;
    },
    async close() {
      for (const timer of pendingTimers) clearTimeout(timer);
      pendingTimers.clear();
      for (const response of stalled.keys()) response.destroy();
      stalled.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive sockets of clients (undici pools them) would hold close() open otherwise.
      server.closeAllConnections();
      await closed;
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'latency-ms': { type: 'string', default: '0' },
      behaviour: { type: 'string', default: 'succeed' },
    },
  });
  const behaviour = behaviourNameSchema.parse(values.behaviour);
  const llm = await startFakeLlm({
    port: Number(values.port),
    latencyMs: Number(values['latency-ms']),
    behaviour,
  });
  console.log(llm.baseUrl);
  const stop = () => {
    void llm.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
