/**
 * Issue 35 item 1: the AI SDK middleware (integrations/ai-sdk) in real `generateText` /
 * `streamText` agent loops with tools, the AI SDK's own mock model and the real molt stack:
 * turns stored exactly once whichever way the caller passes its history, a ~40-turn agent on a
 * small window crossing 50% and 70% with the compaction's summary reaching the model, a memory
 * recalled in a second session, and molt cut off mid-conversation (a proxy) without the agent
 * noticing more than a warning.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  APICallError,
  type LanguageModelV2CallOptions,
  type LanguageModelV2Content,
  type LanguageModelV2StreamPart,
} from '@ai-sdk/provider';
import { generateText, type ModelMessage, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV2 } from 'ai/test';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runExample } from '../../integrations/ai-sdk/examples/agent.js';
import { moltMiddleware, moltTools } from '../../integrations/ai-sdk/src/index.js';
import { type MoltProxy, startProxy } from '../openclaw/proxy.js';
import { scaled } from '../time-scale.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field
type Json = Record<string, any>;

let h: Harness;
let proxy: MoltProxy;
let baseUrl = '';

beforeAll(async () => {
  h = await startHarness();
  baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  proxy = await startProxy(baseUrl);
});

afterAll(async () => {
  await proxy?.close();
  await h?.stop();
});

async function api(url: string): Promise<Json> {
  const response = await h.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

type Prompt = LanguageModelV2CallOptions['prompt'];

const textOfPrompt = (prompt: Prompt) => JSON.stringify(prompt);
/** Every text of a prompt, as the model reads it. */
const plainText = (prompt: Prompt) =>
  prompt
    .flatMap((m) =>
      typeof m.content === 'string'
        ? [m.content]
        : m.content.flatMap((p) => (p.type === 'text' || p.type === 'reasoning' ? [p.text] : [])),
    )
    .join('\n');
const lastOf = (prompt: Prompt) => prompt.at(-1)!;
const lastUserText = (prompt: Prompt) => {
  const user = [...prompt].reverse().find((m) => m.role === 'user');
  return user?.role === 'user' ? user.content.map((p) => (p.type === 'text' ? p.text : '')).join('') : '';
};

let callIds = 0;
/**
 * A scripted agent model: asks for the weather tool when the user mentions the weather, commits
 * a memory when told to remember, answers a tool result, and otherwise answers with `filler`.
 */
function agentReply(prompt: Prompt, filler = ''): LanguageModelV2Content[] {
  const last = lastOf(prompt);
  if (last.role === 'tool')
    return [{ type: 'text', text: `Done with ${last.content.map((p) => p.toolName).join(', ')}.` }];
  const said = lastUserText(prompt);
  const call = (toolName: string, input: unknown): LanguageModelV2Content => ({
    type: 'tool-call',
    toolCallId: `call-${++callIds}`,
    toolName,
    input: JSON.stringify(input),
  });
  if (/weather/i.test(said)) return [call('get_weather', { city: 'Oslo' })];
  const remember = /remember: (.*)$/i.exec(said);
  if (remember) return [call('commit_memory', { content: remember[1], type: 'preference', priority: 4 })];
  return [{ type: 'text', text: `Answer to "${said.slice(0, 40)}". ${filler}` }];
}

const usage = { inputTokens: 10, outputTokens: 10, totalTokens: 20 };
const finishOf = (content: LanguageModelV2Content[]) =>
  content.some((c) => c.type === 'tool-call') ? ('tool-calls' as const) : ('stop' as const);

function streamPartsOf(content: LanguageModelV2Content[]): LanguageModelV2StreamPart[] {
  const parts: LanguageModelV2StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  content.forEach((c, i) => {
    if (c.type === 'text') {
      parts.push({ type: 'text-start', id: `t${i}` });
      for (const word of c.text.split(/(?<= )/)) parts.push({ type: 'text-delta', id: `t${i}`, delta: word });
      parts.push({ type: 'text-end', id: `t${i}` });
    } else if (c.type === 'tool-call') {
      parts.push(c);
    }
  });
  parts.push({ type: 'finish', finishReason: finishOf(content), usage });
  return parts;
}

function mockModel(reply: (prompt: Prompt) => LanguageModelV2Content[] = agentReply) {
  return new MockLanguageModelV2({
    doGenerate: async (options) => {
      const content = reply(options.prompt);
      return { content, finishReason: finishOf(content), usage, warnings: [] };
    },
    doStream: async (options) => ({
      stream: convertArrayToReadableStream(streamPartsOf(reply(options.prompt))),
    }),
  });
}

const weather = tool({
  description: 'The weather in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, forecast: 'sunny, 21°C' }),
});

/** One turn of an agent loop that passes its whole history: the question, then what the model answered. */
async function agentTurn(
  model: Parameters<typeof generateText>[0]['model'],
  history: ModelMessage[],
  question: string,
) {
  history.push({ role: 'user', content: question });
  const result = await generateText({
    model,
    messages: history,
    tools: { get_weather: weather },
    stopWhen: stepCountIs(4),
  });
  history.push(...result.response.messages);
  return result;
}

/**
 * An HTTP proxy in front of molt that loses answers: a request `lose` picks is carried to molt
 * (which stores it) and its answer is thrown away (the connection cut), as a network that fails
 * on the way back does.
 */
async function startLossyProxy(target: string, lose: (path: string, body: string) => boolean) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = Object.entries(req.headers).flatMap(([k, v]) =>
      ['host', 'connection', 'content-length'].includes(k) || v === undefined ? [] : [[k, String(v)]],
    ) as Array<[string, string]>;
    const answer = await fetch(new URL(req.url!, target), {
      method: req.method!,
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const text = Buffer.from(await answer.arrayBuffer());
    if (lose(req.url!, body.toString())) {
      req.socket.destroy();
      return;
    }
    const kept = [...answer.headers].filter(
      ([k]) => !['content-encoding', 'transfer-encoding', 'content-length', 'connection'].includes(k),
    );
    res.writeHead(answer.status, Object.fromEntries(kept));
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The session's transcript as stored (every message, compacted or not), one line each. */
async function stored(sessionId: string): Promise<string[]> {
  const result = (await h.database.db.execute(
    sql`select body from messages where tenant_id = 'default' and session_id = ${sessionId} order by seq`,
  )) as unknown as { rows: Array<{ body: Json }> };
  return result.rows.map(({ body: m }) => {
    if (m.role === 'toolResult') return `toolResult:${m.toolName}`;
    const blocks =
      typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content as Json[]);
    return `${m.role}:${blocks.map((b) => (b.type === 'toolCall' ? `call ${b.name}` : b.text)).join('|')}`;
  });
}

describe('the AI SDK middleware on molt', () => {
  it('stores each turn exactly once across agent-loop steps, whole history or newest only, generate or stream', async () => {
    for (const mode of ['generate-whole', 'stream-newest'] as const) {
      const sessionId = uniqueSessionId(`aisdk-${mode}`);
      const model = mockModel();
      const wrapped = wrapLanguageModel({
        model,
        middleware: moltMiddleware({ baseUrl, sessionId, window: 100_000 }),
      });
      const history: ModelMessage[] = [];
      const questions = [
        'What is the weather in Oslo?',
        'Thanks. And what should I wear?',
        'What is the weather tomorrow?',
      ];
      for (const question of questions) {
        history.push({ role: 'user', content: question });
        const messages = mode === 'generate-whole' ? history : [{ role: 'user' as const, content: question }];
        const options = {
          model: wrapped,
          system: 'You help.',
          messages,
          tools: { get_weather: weather },
          stopWhen: stepCountIs(4),
        };
        const response =
          mode === 'generate-whole'
            ? (await generateText(options)).response
            : await (async () => {
                const result = streamText(options);
                await result.consumeStream();
                return result.response;
              })();
        history.push(...response.messages);
      }
      const expected = [
        'user:What is the weather in Oslo?',
        'assistant:call get_weather',
        'toolResult:get_weather',
        'assistant:Done with get_weather.',
        'user:Thanks. And what should I wear?',
        'assistant:Answer to "Thanks. And what should I wear?". ',
        'user:What is the weather tomorrow?',
        'assistant:call get_weather',
        'toolResult:get_weather',
        'assistant:Done with get_weather.',
      ];
      expect(await stored(sessionId), mode).toEqual(expected);
      const calls = mode === 'generate-whole' ? model.doGenerateCalls : model.doStreamCalls;
      // The model saw molt's context: the caller's system prompt first, then the whole
      // conversation even when the caller passed only its newest message.
      const last = calls.at(-1)!.prompt;
      expect(last[0]).toEqual({ role: 'system', content: 'You help.' });
      expect(textOfPrompt(last)).toContain('What is the weather in Oslo?');
      expect(textOfPrompt(last)).toContain('sunny, 21°C');
    }
  });

  it(
    'a ~40-turn agent on a small window crosses 50% and 70%, and the summary reaches the model',
    async () => {
      const sessionId = uniqueSessionId('aisdk-long');
      const userId = `user-${randomUUID()}`;
      const WINDOW = 6_000;
      const model = mockModel((prompt) => agentReply(prompt, 'Here is what I found in the logs. '.repeat(8)));
      const wrapped = wrapLanguageModel({
        model,
        middleware: moltMiddleware({ baseUrl, sessionId, userId, window: WINDOW }),
      });
      // Said once, in passing, early in the session (no tool call, no "remember"): a later
      // session of the same user gets it back from molt's memory of the turns.
      const PASSING =
        'oh and my daughter Maya starts violin lessons at the Riverside music school next Tuesday';
      const history: ModelMessage[] = [];
      const ratios: number[] = [];
      const settled: number[] = [];
      /** Per turn: live tokens before it, the seq it ended at, the compactions it started. */
      const turns: Array<{ before: number; lastSeq: number; started: Json[] }> = [];
      const seen = new Set<string>();
      const TURNS = 40;
      let bigTurn = -1;
      for (let i = 0; i < TURNS; i++) {
        // After the first upload, once the context is back past 42%, the user pastes a log of
        // a third of the window: that one turn takes the context past 70%.
        const last = settled.at(-1) ?? 0;
        const big = bigTurn === -1 && ratios.some((r) => r >= 0.5) && last >= 0.4 && last < 0.5;
        if (big) bigTurn = i;
        const question = big
          ? `Here is the log: ${'ERROR timeout while calling billing; retry 3 of 5. '.repeat(160)}`
          : i === 2
            ? PASSING
            : i % 10 === 5
              ? 'What is the weather now?'
              : `Step ${i}: check service ${i} of the billing migration and tell me what you see in its dashboard.`;
        const before = i === 0 ? 0 : (await api(`/v1/sessions/${sessionId}`)).liveTokens;
        await agentTurn(wrapped, history, question);
        // The ratio once the workflow applied the turn (a compaction it started runs meanwhile) …
        const applied = await eventually(
          () => api(`/v1/sessions/${sessionId}`),
          (v) => v.lastSeq === v.transcript.messages,
          { timeoutMs: 60_000, intervalMs: 100 },
        );
        ratios.push(applied.ratio);
        const { items } = await api(`/v1/compactions?sessionId=${sessionId}`);
        const started = (items as Json[]).filter((c) => !seen.has(c.id));
        for (const c of started) seen.add(c.id);
        turns.push({ before, lastSeq: applied.lastSeq, started });
        // … then the next turn waits for that compaction, as a slower agent would.
        const after = await eventually(
          () => api(`/v1/sessions/${sessionId}`),
          (v) => v.upload?.status !== 'running',
          { timeoutMs: 60_000, intervalMs: 100 },
        );
        settled.push(after.ratio);
      }
      const view = await api(`/v1/sessions/${sessionId}`);
      const { items: compactions } = await api(`/v1/compactions?sessionId=${sessionId}`);
      // The fill each turn reached before any compaction took from it: the live tokens before
      // the turn plus the tokens of the turns molt stored for it (its timeline), over the window.
      const timeline = await api(`/v1/sessions/${sessionId}/timeline?limit=1000`);
      const storedTurns = (timeline.items as Json[]).filter((t) => t.kind === 'turn');
      const peaks = turns.map((turn, i) => {
        const from = i === 0 ? 0 : turns[i - 1]!.lastSeq;
        const added = storedTurns
          .filter((t) => t.fromSeq > from && t.toSeq <= turn.lastSeq)
          .reduce((n, t) => n + t.tokens, 0);
        return (turn.before + added) / WINDOW;
      });
      const crossings = turns.flatMap((turn, i) =>
        turn.started.map((c) => ({
          turn: i + 1,
          trigger: c.trigger as string,
          peak: Number(peaks[i]!.toFixed(3)),
          after: Number(ratios[i]!.toFixed(3)),
        })),
      );
      console.log(
        JSON.stringify({
          bench: 'ai-sdk 40-turn agent',
          window: WINDOW,
          thresholds: view.thresholds,
          crossings,
          peakPerTurn: peaks.map((p) => Number(p.toFixed(2))),
          ratioAfterPerTurn: ratios.map((r) => Number(r.toFixed(2))),
          compactions: compactions.map((c: Json) => `${c.trigger}/${c.status}`),
          final: {
            liveTokens: view.liveTokens,
            summaryTokens: view.summary?.tokens ?? 0,
            keepRecentTokens: view.keepRecentTokens,
            upload: view.upload,
            breaker: view.breaker,
          },
          modelCalls: model.doGenerateCalls.length,
        }),
      );
      expect(view.thresholds).toEqual({ upload: 0.5, force: 0.7 });
      // Past 50% molt uploaded the older turns in the background (a `threshold` compaction,
      // started by a turn that reached 50% but not 70%); the pasted log took the context past
      // 70% in one turn (a `forced` compaction, started by that turn), after which the live
      // context is back under 70% at once.
      expect(bigTurn).toBeGreaterThan(0);
      const threshold = crossings.find((c) => c.trigger === 'threshold');
      const forced = crossings.find((c) => c.trigger === 'forced');
      expect(threshold, JSON.stringify(crossings)).toBeDefined();
      expect(threshold!.peak).toBeGreaterThanOrEqual(0.5);
      expect(threshold!.peak).toBeLessThan(0.7);
      // No turn before the first upload reached 50%.
      expect(Math.max(...peaks.slice(0, threshold!.turn - 1))).toBeLessThan(0.5);
      expect(forced, JSON.stringify(crossings)).toBeDefined();
      expect(forced!.turn).toBe(bigTurn + 1);
      expect(forced!.peak).toBeGreaterThanOrEqual(0.7);
      for (const c of crossings) expect(c.peak, JSON.stringify(c)).toBeGreaterThanOrEqual(0.5);
      expect(compactions.every((c: Json) => c.status === 'succeeded')).toBe(true);
      expect(Math.max(...ratios)).toBeLessThan(0.7);
      expect(view.compactions.total).toBeGreaterThanOrEqual(2);
      // A compaction's summary reached the model, and the model never got the whole history.
      const prompts = model.doGenerateCalls.map((call) => textOfPrompt(call.prompt));
      expect(prompts.filter((p) => p.includes('<molt-summary>')).length).toBeGreaterThan(0);
      // … and it is the summary molt wrote: a line of the latest compaction's summary (the list
      // is newest first) is in a prompt the model received.
      const first = await api(`/v1/compactions/${compactions[0].id}`);
      const line = (first.summary as string)
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l.length >= 30 && !/[<>]/.test(l))!; // the tags are escaped in the prompt
      expect(line).toBeDefined();
      expect(model.doGenerateCalls.some((call) => plainText(call.prompt).includes(line))).toBe(true);
      const lastPrompt = model.doGenerateCalls.at(-1)!.prompt;
      const userTexts = lastPrompt.filter((m) => m.role === 'user').map((m) => lastUserText([m]));
      expect(userTexts.filter((t) => t.startsWith('Step 1: check service 1 '))).toEqual([]);
      expect(userTexts.at(-1)).toMatch(/^Step 39: /);
      // Every turn is stored once: the 40 questions, each once, in order.
      const users = (await stored(sessionId)).filter((m) => m.startsWith('user:'));
      expect(users).toHaveLength(TURNS);
      expect(users.map((m) => m.slice(0, 60))).toEqual(
        history.filter((m) => m.role === 'user').map((m) => `user:${m.content as string}`.slice(0, 60)),
      );
      // A second session of the same user: what was said in passing at turn 3 (long since
      // compacted out of the first session's context) is recalled into the model's prompt.
      await eventually(
        async () => {
          const response = await h.app.inject({
            method: 'POST',
            url: '/v1/memories/search',
            payload: { query: 'Maya violin lessons', userId },
          });
          return JSON.stringify(response.json());
        },
        (body) => body.includes('Riverside music school'),
        { timeoutMs: 120_000, intervalMs: 250 },
      );
      const next = wrapLanguageModel({
        model,
        middleware: moltMiddleware({
          baseUrl,
          sessionId: uniqueSessionId('aisdk-long-2'),
          userId,
          window: WINDOW,
        }),
      });
      const from = model.doGenerateCalls.length;
      await generateText({ model: next, prompt: 'Remind me, when does Maya start her violin lessons?' });
      expect(plainText(model.doGenerateCalls[from]!.prompt)).toContain('Riverside music school');
    },
    scaled(900_000),
  );

  it('stores each turn once when molt stored it but its answer was lost, and when the model call is retried', async () => {
    const sessionId = uniqueSessionId('aisdk-retry');
    // The first two answers to the turn carrying LOSE-ME are lost after molt stored it: the
    // client's own retry, then the middleware's next post of the same turn.
    let lose = 2;
    const lossy = await startLossyProxy(
      baseUrl,
      (path, body) => path.endsWith('/turns') && body.includes('LOSE-ME') && lose-- > 0,
    );
    // The model fails once, retryably, on the FLAKY question: the AI SDK calls it again.
    let flaky = true;
    const model = mockModel((prompt) => {
      if (flaky && lastUserText(prompt).startsWith('FLAKY')) {
        flaky = false;
        throw new APICallError({
          message: 'overloaded',
          url: 'https://model.invalid',
          requestBodyValues: {},
          statusCode: 529,
          isRetryable: true,
        });
      }
      return agentReply(prompt);
    });
    const warnings: string[] = [];
    const wrapped = wrapLanguageModel({
      model,
      middleware: moltMiddleware({
        baseUrl: lossy.url,
        sessionId,
        window: 50_000,
        downForMs: 0,
        onWarning: (w) => warnings.push(w),
      }),
    });
    const history: ModelMessage[] = [];
    try {
      for (const question of [
        'Hello there.',
        'LOSE-ME: what is the weather in Oslo?',
        'FLAKY: and what should I wear?',
      ]) {
        await agentTurn(wrapped, history, question);
      }
    } finally {
      await lossy.close();
    }
    expect(lose).toBeLessThanOrEqual(0);
    expect(flaky).toBe(false);
    expect(warnings.join('\n')).toMatch(/posting the turn failed/);
    expect(await stored(sessionId)).toEqual([
      'user:Hello there.',
      'assistant:Answer to "Hello there.". ',
      'user:LOSE-ME: what is the weather in Oslo?',
      'assistant:call get_weather',
      'toolResult:get_weather',
      'assistant:Done with get_weather.',
      'user:FLAKY: and what should I wear?',
      'assistant:Answer to "FLAKY: and what should I wear?". ',
    ]);
  });

  it('a memory committed in one session is recalled in the next', async () => {
    const userId = `user-${randomUUID()}`;
    const first = uniqueSessionId('aisdk-mem1');
    const model = mockModel();
    const ask = async (sessionId: string, question: string) =>
      generateText({
        model: wrapLanguageModel({
          model,
          middleware: moltMiddleware({ baseUrl, sessionId, userId, window: 50_000 }),
        }),
        messages: [{ role: 'user', content: question }],
        tools: moltTools({ baseUrl, sessionId }),
        stopWhen: stepCountIs(3),
      });
    const committed = await ask(first, 'Please remember: I deploy the billing service on Fridays at 5pm');
    expect(committed.steps[0]!.toolResults[0]).toMatchObject({ toolName: 'commit_memory' });
    expect(JSON.stringify(committed.steps[0]!.toolResults[0]!.output)).toContain('Fridays at 5pm');

    const second = uniqueSessionId('aisdk-mem2');
    const from = model.doGenerateCalls.length;
    await ask(second, 'When do I deploy the billing service?');
    const prompt = textOfPrompt(model.doGenerateCalls[from]!.prompt);
    expect(prompt).toContain('Fridays at 5pm');
    // …and never in another user's session.
    await generateText({
      model: wrapLanguageModel({
        model,
        middleware: moltMiddleware({
          baseUrl,
          sessionId: uniqueSessionId('other'),
          userId: 'someone-else',
          window: 50_000,
        }),
      }),
      prompt: 'When do I deploy the billing service?',
    });
    expect(textOfPrompt(model.doGenerateCalls.at(-1)!.prompt)).not.toContain('Fridays at 5pm');
  });

  it('keeps answering when molt is cut off mid-conversation, then takes molt back', async () => {
    const sessionId = uniqueSessionId('aisdk-down');
    const WINDOW = 2_000;
    const warnings: string[] = [];
    const model = mockModel();
    const wrapped = wrapLanguageModel({
      model,
      middleware: moltMiddleware({
        baseUrl: proxy.url,
        sessionId,
        window: WINDOW,
        timeoutMs: 1_000,
        downForMs: 0,
        onWarning: (w) => warnings.push(w),
      }),
    });
    const history: ModelMessage[] = [];
    const turn = async (question: string, streaming = false) => {
      history.push({ role: 'user', content: question });
      const options = {
        model: wrapped,
        messages: history,
        tools: { get_weather: weather },
        stopWhen: stepCountIs(4),
      };
      if (streaming) {
        const result = streamText(options);
        const text = await result.text;
        history.push(...(await result.response).messages);
        return text;
      }
      const result = await generateText(options);
      history.push(...result.response.messages);
      return result.text;
    };
    expect(await turn('Hello, first question while molt is up.')).toMatch(/^Answer/);
    await proxy.down();
    try {
      for (let i = 0; i < 6; i++) {
        const long = `Question ${i} while molt is down: ${'please look at this long paste. '.repeat(40)}`;
        expect(await turn(long, i % 2 === 1)).toMatch(/^Answer/);
        expect(await turn(`What is the weather now, ${i}?`)).toBe('Done with get_weather.');
      }
      // Slow: molt takes the connections and never answers; each call waits `timeoutMs`.
      await proxy.hang();
      const started = Date.now();
      expect(await turn('Still there? molt hangs now.')).toMatch(/^Answer/);
      expect(Date.now() - started).toBeLessThan(scaled(10_000));
    } finally {
      await proxy.up();
    }
    expect(warnings.join('\n')).toMatch(/did not answer/);
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.join('\n')).toMatch(/caller's own prompt/);
    // Every prompt the model got while molt was down fitted the window (the caller's, cut).
    for (const call of [...model.doGenerateCalls, ...model.doStreamCalls]) {
      expect(Math.ceil(JSON.stringify(call.prompt).length / 4)).toBeLessThanOrEqual(WINDOW + 600);
    }
    // molt back: the next turn posts what it missed, once.
    await turn('Back again: what did we do?');
    const messages = await stored(sessionId);
    expect(messages.filter((m) => m.startsWith('user:Question 3 while molt is down'))).toHaveLength(1);
    expect(messages.filter((m) => m === 'user:Hello, first question while molt is up.')).toHaveLength(1);
    expect(messages.at(-1)).toMatch(/^assistant:Answer to "Back again/);
    // Nothing said while molt was away is lost: every question is stored, once, in order.
    expect(messages.filter((m) => m.startsWith('user:'))).toEqual(
      history.filter((m) => m.role === 'user').map((m) => `user:${m.content as string}`),
    );
  });

  it('keeps answering while molt (API and worker) is killed, and carries on when it is started again', async () => {
    // A molt of this test's own: killed is its API closed and its worker shut down; started
    // again is a new API and worker on the same task queue, database and port.
    const taskQueue = `molt-test-${randomUUID()}`;
    let molt: Harness | undefined = await startHarness({ taskQueue });
    const url = await molt.app.listen({ host: '127.0.0.1', port: 0 });
    const port = Number(new URL(url).port);
    const sessionId = uniqueSessionId('aisdk-killed');
    const WINDOW = 2_000;
    const warnings: string[] = [];
    const model = mockModel();
    const wrapped = wrapLanguageModel({
      model,
      middleware: moltMiddleware({
        baseUrl: url,
        sessionId,
        window: WINDOW,
        timeoutMs: 1_000,
        downForMs: 0,
        onWarning: (w) => warnings.push(w),
      }),
    });
    const history: ModelMessage[] = [];
    const turn = async (question: string) => {
      return (await agentTurn(wrapped, history, question)).text;
    };
    try {
      expect(await turn('First, while molt runs.')).toMatch(/^Answer/);
      await molt.stop();
      molt = undefined;
      for (let i = 0; i < 3; i++) {
        const long = `Question ${i} while molt is dead: ${'please read this long paste. '.repeat(60)}`;
        expect(await turn(long)).toMatch(/^Answer/);
        expect(await turn(`What is the weather now, ${i}?`)).toBe('Done with get_weather.');
      }
      expect(warnings.join('\n')).toMatch(/posting the turn failed \(unreachable/);
      // Every prompt the model got fitted the window: while molt was dead, the caller's, cut.
      for (const call of model.doGenerateCalls) {
        expect(Math.ceil(JSON.stringify(call.prompt).length / 4)).toBeLessThanOrEqual(WINDOW + 600);
      }
      molt = await startHarness({ taskQueue });
      await molt.app.listen({ host: '127.0.0.1', port });
      const before = warnings.length;
      expect(await turn('Back: what did we do?')).toMatch(/^Answer to "Back: what did we do\?"/);
      expect(warnings.length).toBe(before);
      // The model got molt's context again, with what was said while molt was dead.
      expect(plainText(model.doGenerateCalls.at(-1)!.prompt)).toContain('What is the weather now, 2?');
      // Every question is stored once, in order, and the restarted worker applied every turn.
      expect((await stored(sessionId)).filter((m) => m.startsWith('user:'))).toEqual(
        history.filter((m) => m.role === 'user').map((m) => `user:${m.content as string}`),
      );
      const app = molt.app;
      await eventually(
        async () => (await app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json() as Json,
        (v) => v.lastSeq === v.transcript.messages && v.lastSeq > 0,
        { timeoutMs: scaled(60_000), intervalMs: 200 },
      );
    } finally {
      await molt?.stop();
    }
  });

  it('runs the package example', async () => {
    const model = mockModel();
    const answers = await runExample({ baseUrl, model, sessionId: uniqueSessionId('example') });
    expect(answers).toHaveLength(2);
    expect(answers[1]).toMatch(/^Answer to "When do I deploy\?"/);
  });
});
