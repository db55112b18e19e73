/**
 * The AI SDK middleware's pure parts (integrations/ai-sdk): what it posts (the overlap with what
 * molt has), the prompt ↔ molt message conversion, and the fallback's cut to the window.
 */
import type { LanguageModelV2CallOptions, LanguageModelV2Prompt } from '@ai-sdk/provider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoltApiError, type MoltClient } from '../../client/index.js';
import { moltMiddleware, overlapOf } from '../../integrations/ai-sdk/src/index.js';
import {
  assistantOf,
  hashOf,
  promptOf,
  pruneToWindow,
  roughTokens,
  splitPrompt,
} from '../../integrations/ai-sdk/src/messages.js';

describe('overlapOf', () => {
  it('finds what molt already has, whether the caller sends all its history or its newest messages', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('u1', 'a1', 't1', 'u2', 'a2'), { maxLength: 12 }),
        fc.array(fc.constantFrom('u3', 'a3', 't3'), { maxLength: 4 }),
        fc.nat(12),
        (posted, fresh, keep) => {
          const unique = posted.map((p, i) => `${p}#${i}`);
          const newOnes = fresh.map((f, i) => `${f}#new${i}`);
          // Whole history: everything posted is recognised, only the new messages remain.
          expect(overlapOf(unique, [...unique, ...newOnes])).toBe(unique.length);
          // Newest only: a tail of what was posted, then new messages.
          const tail = unique.slice(Math.max(0, unique.length - keep));
          expect(overlapOf(unique, [...tail, ...newOnes])).toBe(tail.length);
          // Nothing in common: all is new.
          expect(overlapOf(unique, newOnes)).toBe(0);
        },
      ),
    );
  });
});

describe('the prompt and molt messages', () => {
  const prompt: LanguageModelV2Prompt = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Need the tool.' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Oslo' } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'get_weather',
          output: { type: 'json', value: { t: 21 } },
        },
        {
          type: 'tool-result',
          toolCallId: 'c2',
          toolName: 'x',
          output: { type: 'error-text', value: 'boom' },
        },
      ],
    },
  ];

  it('splits system messages off and maps tool calls and results both ways', () => {
    const { system, messages } = splitPrompt(prompt);
    expect(system).toEqual([prompt[0]]);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'toolResult']);
    expect(messages[3]).toMatchObject({ isError: true, content: [{ text: 'boom' }] });
    const back = promptOf(messages);
    expect(back[1]).toEqual(prompt[2]);
    expect(back[2]).toMatchObject({
      role: 'tool',
      content: [
        { toolCallId: 'c1', output: { type: 'text', value: '{"t":21}' } },
        { toolCallId: 'c2', output: { type: 'error-text', value: 'boom' } },
      ],
    });
  });

  it("a model's reply hashes as the AI SDK's own message of it does (so it is not posted twice)", () => {
    const reply = assistantOf([
      { type: 'reasoning', text: 'Need the tool.' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: '{"city":"Oslo"}' },
    ]);
    expect(hashOf(reply!)).toBe(hashOf(splitPrompt([prompt[2]!]).messages[0]!));
  });
});

describe('pruneToWindow', () => {
  it('keeps the system prompt and the latest message, fits the window, starts at a user message', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('user', 'assistant', 'tool'), fc.integer({ min: 1, max: 400 })), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 200, max: 3_000 }),
        (shape, window) => {
          const prompt: LanguageModelV2Prompt = [
            { role: 'system', content: 'sys' },
            ...shape.map(([role, size], i): LanguageModelV2Prompt[number] =>
              role === 'tool'
                ? {
                    role: 'tool',
                    content: [
                      {
                        type: 'tool-result',
                        toolCallId: `c${i}`,
                        toolName: 't',
                        output: { type: 'text', value: 'x'.repeat(size) },
                      },
                    ],
                  }
                : { role, content: [{ type: 'text', text: 'x'.repeat(size) }] },
            ),
          ];
          const cut = pruneToWindow(prompt, window);
          expect(cut[0]).toEqual(prompt[0]);
          expect(cut.at(-1)).toBe(prompt.at(-1));
          if (cut.length > 2) expect(roughTokens(cut)).toBeLessThanOrEqual(window + 10);
          const rest = cut.slice(1);
          if (rest.some((m) => m.role === 'user')) expect(rest[0]!.role).toBe('user');
          else if (rest.length > 1) expect(rest[0]!.role).not.toBe('tool');
        },
      ),
    );
  });
});

describe('moltMiddleware against a molt that loses answers', () => {
  type Fate = 'ok' | 'unreachable' | 'lost';
  /**
   * A fake molt that stores a turn once per turn id (as molt's idempotency does) and, per call,
   * answers, is unreachable (nothing stored) or stores the turn and loses the answer.
   */
  function fakeMolt(fates: Fate[]) {
    const turns = new Set<string>();
    const log: unknown[] = [];
    let call = 0;
    const client = {
      async postTurn(_session: string, body: { turnId: string; messages: unknown[] }) {
        const fate = fates[call++] ?? 'ok';
        if (fate === 'unreachable') throw new MoltApiError(0, 'unreachable', 'connection refused');
        if (!turns.has(body.turnId)) {
          turns.add(body.turnId);
          log.push(...body.messages);
        }
        if (fate === 'lost') throw new MoltApiError(0, 'unreachable', 'socket hang up');
        return {};
      },
      async getContext() {
        return { messages: log, systemPromptAddition: '' };
      },
    };
    return { client: client as unknown as MoltClient, log };
  }

  it('stores every message once, in order, whatever answers are lost, whole history or newest only', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Fate>('ok', 'ok', 'unreachable', 'lost'), { maxLength: 30 }),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        async (fates, turns, whole) => {
          const molt = fakeMolt(fates);
          const middleware = moltMiddleware({
            client: molt.client,
            sessionId: 's',
            window: 100_000,
            downForMs: 0,
            onWarning: () => {},
          });
          const history: LanguageModelV2Prompt = [];
          // One more turn after the fates run out, so every queued chunk gets its chance.
          for (let i = 0; i <= turns + fates.length; i++) {
            const user: LanguageModelV2Prompt[number] = {
              role: 'user',
              content: [{ type: 'text', text: `question ${i}` }],
            };
            history.push(user);
            const prompt = whole ? [...history] : [user];
            await middleware.transformParams!({
              type: 'generate',
              params: { prompt } as LanguageModelV2CallOptions,
              model: {} as never,
            });
            const content = [{ type: 'text' as const, text: `answer ${i}` }];
            await middleware.wrapGenerate!({
              doGenerate: async () => ({ content, finishReason: 'stop', usage: {} as never, warnings: [] }),
              doStream: async () => ({}) as never,
              params: { prompt } as LanguageModelV2CallOptions,
              model: {} as never,
            });
            history.push({ role: 'assistant', content });
          }
          expect(molt.log).toEqual(splitPrompt(history).messages);
        },
      ),
      { numRuns: 200 },
    );
  });
});
