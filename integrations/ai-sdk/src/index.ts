/**
 * molt for the Vercel AI SDK (docs/ai-sdk.md): a language-model middleware that keeps the
 * conversation in molt and hands the model molt's assembled context, and molt's memory tools as
 * AI SDK tools.
 *
 *   const model = wrapLanguageModel({ model: openai('gpt-4o'), middleware: moltMiddleware({ baseUrl, apiKey, sessionId, userId, window: 128_000 }) });
 *   const { text } = await generateText({ model, messages, tools: { ...myTools, ...moltTools({ baseUrl, apiKey, sessionId }) } });
 *
 * Each model call (each step of an agent loop): the messages of the caller's prompt molt has not
 * seen yet are posted as one turn (deduplicated: a message this middleware already posted, or
 * recorded as the model's reply, is not posted again), then the prompt is replaced by molt's
 * context — summary, restored files, recall and live messages — after the caller's own system
 * messages. The model's reply is recorded as a turn when it is complete (generate and stream).
 * When molt is down or slow, the call goes on with the caller's own prompt cut to the window, and
 * a warning says so; the middleware never throws an error of molt's.
 */
import { createHash } from 'node:crypto';
import type {
  LanguageModelV2CallOptions,
  LanguageModelV2Content,
  LanguageModelV2Middleware,
  LanguageModelV2Prompt,
  LanguageModelV2StreamPart,
} from '@ai-sdk/provider';
import { MoltApiError } from '../../../client/index.js';
import { errorText } from '../../../context/error-text.js';
import { clientOf, type MoltConnection } from './connection.js';
import {
  assistantOf,
  type CanonicalMessage,
  hashOf,
  promptOf,
  pruneToWindow,
  splitPrompt,
} from './messages.js';

export type { MoltConnection } from './connection.js';
export { promptOf, pruneToWindow, splitPrompt } from './messages.js';
export { moltTools } from './tools.js';

export interface MoltMiddlewareOptions extends MoltConnection {
  /** The molt session of this conversation (`[A-Za-z0-9._:@-]{1,128}`). */
  sessionId: string;
  /** Whose memories the session reads and writes (docs/memory.md#scopes). */
  userId?: string;
  agentId?: string;
  /** The model's context window in tokens: molt's thresholds (50% / 70%) and the fallback's cut. */
  window: number;
  /** Recall memories into the context (default true). */
  recall?: boolean;
  /** After a failed call, skip molt this long (default 5 000 ms) instead of waiting on it each step. */
  downForMs?: number;
  /** Where warnings go (default `console.warn`). */
  onWarning?: (message: string) => void;
}

/** The most message hashes remembered (the conversation's tail is all the dedupe compares). */
const REMEMBERED = 2_000;

/**
 * How many of `conversation`'s first messages molt has already: the longest head of the
 * conversation that is the tail of what was posted (a caller that sends its whole history each
 * time, and one that sends only the newest messages, both land on the right split).
 */
export function overlapOf(posted: readonly string[], conversation: readonly string[]): number {
  for (let k = Math.min(posted.length, conversation.length); k > 0; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = posted[posted.length - k + i] === conversation[i];
    if (same) return k;
  }
  return 0;
}

const describe = (error: unknown) =>
  error instanceof MoltApiError
    ? `${error.code}${error.status ? ` (${error.status})` : ''}: ${error.message}`
    : errorText(error);

/** A run of messages posted as one turn, under the id it keeps until molt confirms it. */
interface Chunk {
  turnId: string;
  messages: CanonicalMessage[];
  hashes: string[];
}

/** A refusal no retry changes (a bad message, a turn id taken): the chunk is dropped, not retried. */
const refused = (error: unknown) =>
  error instanceof MoltApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![408, 429].includes(error.status);

export function moltMiddleware(options: MoltMiddlewareOptions): LanguageModelV2Middleware {
  const client = clientOf(options);
  const warn = options.onWarning ?? ((message: string) => console.warn(message));
  /** Hashes of the messages molt confirmed, oldest first (the tail the dedupe compares). */
  const posted: string[] = [];
  /**
   * Chunks molt has not confirmed, in order: each is re-posted under its own turn id before
   * anything newer, so one molt stored without its answer reaching us (a lost response, a
   * timeout) is answered by molt's idempotency instead of being stored twice.
   */
  const queue: Chunk[] = [];
  let downUntil = 0;
  /** The recording of the previous reply, awaited before the next call reads molt. */
  let recording: Promise<void> = Promise.resolve();

  const remember = (hashes: readonly string[]) => {
    posted.push(...hashes);
    if (posted.length > REMEMBERED) posted.splice(0, posted.length - REMEMBERED);
  };

  const fail = (what: string, error: unknown) => {
    if (!(error instanceof MoltApiError) || error.status === 0 || error.status >= 500) {
      downUntil = Date.now() + (options.downForMs ?? 5_000);
    }
    warn(
      `[molt] ${what} failed (${describe(error)}); the model gets the caller's own prompt, cut to the window`,
    );
  };

  async function guarded<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
    if (Date.now() < downUntil) return undefined;
    try {
      return await run();
    } catch (error) {
      fail(what, error);
      return undefined;
    }
  }

  /** Queues `messages` as one turn after what is queued (a no-op for none). */
  function enqueue(messages: CanonicalMessage[]): void {
    if (messages.length === 0) return;
    const hashes = messages.map(hashOf);
    const after = queue.at(-1)?.hashes.at(-1) ?? posted.at(-1) ?? '';
    const turnId = `ai-sdk-${createHash('sha256')
      .update(JSON.stringify([options.sessionId, after, hashes]))
      .digest('hex')
      .slice(0, 40)}`;
    queue.push({ turnId, messages, hashes });
    // Bounded while molt is away: the oldest unconfirmed messages go first, with a warning.
    let queued = queue.reduce((n, chunk) => n + chunk.messages.length, 0);
    while (queued > REMEMBERED && queue.length > 1) {
      queued -= queue.shift()!.messages.length;
      warn('[molt] too many messages waiting for molt: the oldest are dropped from what will be posted');
    }
  }

  /** Posts the queued chunks in order; true when molt has them all. */
  async function flush(): Promise<boolean> {
    while (queue.length > 0) {
      if (Date.now() < downUntil) return false;
      const chunk = queue[0]!;
      try {
        await client.postTurn(options.sessionId, {
          turnId: chunk.turnId,
          format: 'openclaw',
          messages: chunk.messages as never,
          contextWindowTokens: options.window,
          ...(options.userId ? { userId: options.userId } : {}),
          ...(options.agentId ? { agentId: options.agentId } : {}),
        });
      } catch (error) {
        fail('posting the turn', error);
        // A turn molt refuses will never be taken: dropped, so what follows does not wait on it.
        if (refused(error)) queue.shift();
        return false;
      }
      remember(chunk.hashes);
      queue.shift();
    }
    return true;
  }

  async function record(content: readonly LanguageModelV2Content[]): Promise<void> {
    const reply = assistantOf(content);
    if (reply) enqueue([reply]);
    await flush();
  }

  async function transformParams({
    params,
  }: {
    params: LanguageModelV2CallOptions;
  }): Promise<LanguageModelV2CallOptions> {
    // The previous reply's recording (a stream the caller abandoned never settles it: bounded).
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      recording,
      new Promise((resolve) => (timer = setTimeout(resolve, options.timeoutMs ?? 3_000))),
    ]);
    clearTimeout(timer);
    const { system, messages } = splitPrompt(params.prompt);
    const fallback = () => ({ ...params, prompt: pruneToWindow(params.prompt, options.window) });
    const known = overlapOf([...posted, ...queue.flatMap((chunk) => chunk.hashes)], messages.map(hashOf));
    enqueue(messages.slice(known));
    if (!(await flush())) return fallback();
    const lastUser = [...messages].reverse().find((m) => m.role === 'user');
    const prompt = lastUser?.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
    const memoryTools = params.tools?.some((t) => t.name === 'search_memories') ?? false;
    const context = await guarded('reading the context', () =>
      client.getContext(options.sessionId, {
        format: 'openclaw',
        ...(options.recall === false ? { recall: 'false' as const } : {}),
        ...(memoryTools ? {} : { memoryTools: 'false' as const }),
        ...(prompt ? { prompt: Array.from(prompt).slice(0, 2_000).join('') } : {}),
      }),
    );
    if (context === undefined) return fallback();
    const addition: LanguageModelV2Prompt = context.systemPromptAddition
      ? [{ role: 'system', content: context.systemPromptAddition }]
      : [];
    return { ...params, prompt: [...system, ...addition, ...promptOf(context.messages)] };
  }

  return {
    middlewareVersion: 'v2',
    transformParams,
    async wrapGenerate({ doGenerate }) {
      const result = await doGenerate();
      recording = record(result.content);
      await recording;
      return result;
    },
    async wrapStream({ doStream }) {
      const { stream, ...rest } = await doStream();
      const content: LanguageModelV2Content[] = [];
      const texts = new Map<string, { type: 'text' | 'reasoning'; text: string }>();
      let finished = false;
      let resolveRecording: () => void = () => {};
      recording = new Promise((resolve) => {
        resolveRecording = resolve;
      });
      const collect = new TransformStream<LanguageModelV2StreamPart, LanguageModelV2StreamPart>({
        transform(
          part: LanguageModelV2StreamPart,
          controller: TransformStreamDefaultController<LanguageModelV2StreamPart>,
        ) {
          if (part.type === 'text-start' || part.type === 'reasoning-start') {
            const entry = {
              type: part.type === 'text-start' ? ('text' as const) : ('reasoning' as const),
              text: '',
            };
            texts.set(`${entry.type}:${part.id}`, entry);
            content.push(entry);
          } else if (part.type === 'text-delta' || part.type === 'reasoning-delta') {
            const entry = texts.get(`${part.type === 'text-delta' ? 'text' : 'reasoning'}:${part.id}`);
            if (entry) entry.text += part.delta;
          } else if (part.type === 'tool-call') {
            content.push(part);
          } else if (part.type === 'finish') {
            finished = true;
          }
          controller.enqueue(part);
        },
        async flush() {
          // Recorded before the stream ends, so the next step's transformParams sees it posted.
          if (finished) await record(content).catch(() => {});
          resolveRecording();
        },
      });
      return { stream: stream.pipeThrough(collect), ...rest };
    },
  };
}
