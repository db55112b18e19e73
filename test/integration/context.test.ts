/**
 * GET /v1/sessions/{id}/context: turns posted in one format come back in any other, repaired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const anthropicTurn = {
  turnId: 't1',
  format: 'anthropic',
  contextWindowTokens: 50_000,
  messages: [
    { role: 'user', content: 'List the files.' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Listing.' },
        { type: 'tool_use', id: 'toolu_1', name: 'exec', input: { command: 'ls' } },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.ts\nb.ts' }] },
  ],
};

async function context(sessionId: string, query = '') {
  const response = await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/context${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /v1/sessions/{id}/context', () => {
  it('stores Anthropic messages canonically and answers in OpenAI Chat format', async () => {
    const sessionId = uniqueSessionId();
    const posted = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: anthropicTurn,
    });
    expect(posted.statusCode).toBe(202);
    await eventually(
      async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json(),
      (v) => v.lastSeq === 3,
    );

    const canonical = await context(sessionId);
    expect(canonical.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'toolResult',
    ]);
    expect(canonical.summary).toBeNull();
    expect(canonical.estimatedTokens).toBeGreaterThan(0);

    const openai = await context(sessionId, '?format=openai');
    expect(openai.messages[1].tool_calls[0]).toMatchObject({ id: 'toolu_1', function: { name: 'exec' } });
    expect(openai.messages[2]).toMatchObject({ role: 'tool', tool_call_id: 'toolu_1' });

    const anthropic = await context(sessionId, '?format=anthropic');
    expect(anthropic.messages[2].content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' });
  });

  it('repairs a tool call whose result never arrived', async () => {
    const sessionId = uniqueSessionId();
    await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: {
        turnId: 't1',
        messages: [
          { role: 'user', content: 'Run it.' },
          {
            role: 'assistant',
            content: [{ type: 'toolCall', id: 'call_lost', name: 'exec', arguments: { command: 'make' } }],
            stopReason: 'toolUse',
          },
          { role: 'user', content: 'Still there?' },
        ],
      },
    });
    const answer = await context(sessionId);
    expect(answer.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'toolResult',
      'user',
    ]);
    expect(answer.messages[2]).toMatchObject({ toolCallId: 'call_lost', isError: true });
  });

  it('answers 400 for an unknown format and 404 for an unknown session', async () => {
    const unknownFormat = await h.app.inject({
      method: 'GET',
      url: `/v1/sessions/${uniqueSessionId()}/context?format=xml`,
    });
    expect(unknownFormat.statusCode).toBe(400);
    const unknown = await h.app.inject({ method: 'GET', url: `/v1/sessions/${uniqueSessionId()}/context` });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 400 naming the field for a malformed Anthropic message', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${uniqueSessionId()}/turns`,
      payload: {
        turnId: 't',
        format: 'anthropic',
        messages: [{ role: 'assistant', content: [{ type: 'tool_use' }] }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].path).toMatch(/^body\.messages\.0\.content\.0/);
  });
});

describe('the exact token counter (MOLT_TOKEN_COUNTER=exact)', () => {
  it('stores each message with its o200k count', async () => {
    const { exactTokenCounter } = await import('../../llm/tokenizer.js');
    const { buildApi } = await import('../../api/server.js');
    const { readMessages } = await import('../../db/transcript.js');
    const counter = exactTokenCounter();
    const exact = await buildApi({
      db: h.database.db,
      temporal: h.client,
      taskQueue: h.taskQueue,
      defaultContextWindowTokens: 200_000,
      tokenCounter: counter,
    });
    try {
      const sessionId = uniqueSessionId();
      const message = { role: 'user', content: 'Count these words exactly, please: 上下文 and ünïcödé.' };
      const posted = await exact.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/turns`,
        payload: { turnId: 't1', messages: [message] },
      });
      expect(posted.statusCode).toBe(202);
      const [row] = await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
      expect(row?.tokens).toBe(counter.messageTokens(message as never));
      // The estimator says otherwise for this text (it errs high), so the counter really was used.
      const { createTokenCounter } = await import('../../context/tokens/index.js');
      expect(row?.tokens).not.toBe(createTokenCounter({ mode: 'estimate' }).messageTokens(message as never));
    } finally {
      await exact.close();
    }
  });
});
