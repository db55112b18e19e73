/**
 * Recall on the real stack (docs/memory.md#recall): memories come back into a later session's context as
 * a simulated search_memories call and the system-prompt addition carries the profile — and none
 * of it is stored. Tool and skill memories: recall-tools.test.ts.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually, uniqueSessionId } from './harness.js';
import { type Json, useRecallStack } from './recall-stack.js';

const { stack, keys, call, ask, remember, context } = useRecallStack();

describe('per-turn recall', () => {
  it("recalls a preference a user stated in an earlier session; another user's session gets none", async () => {
    const userId = `u-${randomUUID()}`;
    const first = uniqueSessionId('recall-first');
    await ask(first, 't1', 'Please remember that I prefer PostgreSQL for every new service.', { userId });
    await call('POST', `/v1/sessions/${first}/compact`, { keepRecentTokens: 0 });
    const memory = await eventually(
      () => call('GET', `/v1/memories?userId=${userId}&status=active`),
      (list) => list.items.some((m: Json) => /PostgreSQL/.test(m.content)),
    ).then((list) => list.items.find((m: Json) => /PostgreSQL/.test(m.content)));

    const second = uniqueSessionId('recall-second');
    await ask(second, 't1', 'Which database should the billing service use?', { userId });
    const ctx = await context(second);
    expect(ctx.recall.memoryIds).toContain(memory.id);
    const result = ctx.messages.find(
      (m: Json) => m.role === 'toolResult' && m.toolName === 'search_memories',
    );
    const recalled = JSON.parse(result.content[0].text);
    expect(recalled.success).toBe(true);
    expect(recalled.memories[0]).toMatchObject({ id: memory.id, content: memory.content });
    expect(recalled.memories[0].recordedAt).toBe(memory.recordedAt);

    const stranger = uniqueSessionId('recall-stranger');
    await ask(stranger, 't1', 'Which database should the billing service use?', {
      userId: `u-${randomUUID()}`,
    });
    const other = await context(stranger);
    expect(other.recall.memoryIds).toEqual([]);
    expect(JSON.stringify(other.messages)).not.toContain('PostgreSQL');
  });

  it('recalls a Chinese memory for a Chinese question', async () => {
    const userId = `u-${randomUUID()}`;
    const memory = await remember({ userId }, '用户喜欢喝乌龙茶，不加糖。');
    await remember({ userId }, '用户的生日是三月五日。', { type: 'profile' });
    const sessionId = uniqueSessionId('recall-zh');
    await ask(sessionId, 't1', '你知道我喜欢什么茶吗？', { userId });
    const ctx = await context(sessionId);
    expect(ctx.recall.memoryIds).toEqual([memory.id]);
  });

  it('skips greetings and messages of three characters or fewer', async () => {
    const userId = `u-${randomUUID()}`;
    await remember({ userId }, 'Hello world programs go in the examples folder.');
    for (const [text, reason] of [
      ['Hello!', 'greeting'],
      ['你好', 'greeting'],
      ['こんにちは', 'greeting'],
      ['안녕하세요', 'greeting'],
      ['why', 'short'],
    ]) {
      const sessionId = uniqueSessionId('recall-skip');
      await ask(sessionId, 't1', text!, { userId });
      const ctx = await context(sessionId);
      expect(ctx.recall, text).toMatchObject({ skipped: reason, memoryIds: [] });
      expect(ctx.messages.some((m: Json) => m.role === 'toolResult')).toBe(false);
    }
  });

  it('never recalls a superseded preference, only its successor', async () => {
    const userId = `u-${randomUUID()}`;
    const old = await remember({ userId }, 'I use Vim as my editor.', { key: 'preference:editor' });
    const successor = await remember({ userId }, 'I use Helix as my editor now.', {
      key: 'preference:editor',
    });
    expect((await call('GET', `/v1/memories/${old.id}`)).status).toBe('superseded');
    const sessionId = uniqueSessionId('recall-superseded');
    await ask(sessionId, 't1', 'Open the config file in my editor please.', { userId });
    const ctx = await context(sessionId);
    expect(ctx.recall.memoryIds).toEqual([successor.id]);
    expect(JSON.stringify(ctx.messages)).not.toContain('Vim');
  });

  it('injects a valid pair in all three formats, for this call only', async () => {
    const userId = `u-${randomUUID()}`;
    const memory = await remember({ userId }, 'The staging database is pg-staging.internal on port 6543.');
    const sessionId = uniqueSessionId('recall-formats');
    await ask(sessionId, 't1', 'Connect to the staging database and list the tables.', { userId });

    const openclaw = await context(sessionId, 'format=openclaw');
    expect(openclaw.recall.memoryIds).toEqual([memory.id]);
    const [user, callMessage, result] = openclaw.messages;
    expect(user.role).toBe('user');
    expect(callMessage.content[0]).toMatchObject({
      type: 'toolCall',
      name: 'search_memories',
      arguments: { query: 'Connect to the staging database and list the tables.', max_results: 5 },
    });
    expect(result).toMatchObject({ role: 'toolResult', toolCallId: callMessage.content[0].id });

    const anthropic = await context(sessionId, 'format=anthropic');
    const [, toolUse, toolResult] = anthropic.messages;
    expect(toolUse.role).toBe('assistant');
    expect(toolUse.content[0]).toMatchObject({ type: 'tool_use', name: 'search_memories' });
    expect(toolResult.role).toBe('user');
    expect(toolResult.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: toolUse.content[0].id });

    const openai = await context(sessionId, 'format=openai');
    const assistant = openai.messages.find((m: Json) => m.role === 'assistant');
    const tool = openai.messages.find((m: Json) => m.role === 'tool');
    expect(assistant.tool_calls[0].function.name).toBe('search_memories');
    expect(JSON.parse(assistant.tool_calls[0].function.arguments)).toMatchObject({ max_results: 5 });
    expect(tool.tool_call_id).toBe(assistant.tool_calls[0].id);
    expect(JSON.parse(tool.content).memories[0].id).toBe(memory.id);

    const stored = await stack.h.database.db.execute(
      sql`select count(*)::int as n from messages where session_id = ${sessionId}`,
    );
    expect((stored as unknown as { rows: Json[] }).rows[0]!.n).toBe(1);
    const off = await context(sessionId, 'recall=false');
    expect(off.recall).toMatchObject({ skipped: 'disabled', memoryIds: [] });
    expect(off.messages).toHaveLength(1);
    expect(off.systemPromptAddition).toBeNull();
  });

  it('answers search_memories with the same memories the automatic recall injects', async () => {
    const userId = `u-${randomUUID()}`;
    const sessionId = uniqueSessionId('recall-search');
    for (const content of [
      'Deploys go to fly.io in region ams.',
      'The deploy pipeline runs on GitHub Actions.',
      'Production deploys need a change ticket.',
    ]) {
      await remember({ userId }, content, { type: 'decision' });
    }
    await ask(sessionId, 't1', 'How do I deploy the parser change?', { userId });
    const ctx = await context(sessionId);
    expect(ctx.recall.memoryIds.length).toBeGreaterThan(1);
    const found = await call('POST', '/v1/memories/search', {
      query: ctx.recall.query,
      max_results: 5,
      sessionId,
    });
    expect(found.items.map((m: Json) => m.id)).toEqual(ctx.recall.memoryIds);
  });

  it('explains scores to operators only, and molt recall prints them', async () => {
    const userId = `u-${randomUUID()}`;
    const memory = await remember({ userId }, 'The nightly backup job writes to bucket molt-backups.');
    const sessionId = uniqueSessionId('recall-explain');
    await ask(sessionId, 't1', 'Where does the nightly backup go?', { userId });
    const denied = await stack.app.inject({
      method: 'GET',
      url: `/v1/sessions/${sessionId}/context?explain=true`,
      headers: { authorization: `Bearer ${keys.agent}` },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toContain('explain');
    const explained = await context(sessionId, 'explain=true', keys.operator);
    const entry = explained.recall.explain.find((e: Json) => e.id === memory.id);
    expect(entry).toMatchObject({ injected: true });
    expect(entry.matchedTerms).toEqual(expect.arrayContaining(['nightly', 'backup']));
    expect(entry.score).toBeGreaterThanOrEqual(0.45);
    // No embedder in this stack: recall says it ranked lexically, and why.
    expect(explained.recall.retrieval).toEqual({ mode: 'lexical', reason: 'embeddings_off' });
    expect(entry.cosine).toBeNull();

    const apiUrl = await stack.app.listen({ port: 0, host: '127.0.0.1' });
    const out = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        ['bin/molt.mjs', 'recall', sessionId],
        {
          cwd: fileURLToPath(new URL('../..', import.meta.url)),
          env: { ...process.env, MOLT_API_URL: apiUrl, MOLT_API_KEY: keys.operator },
          timeout: 60_000,
        },
        (error, stdout) => resolve({ code: error ? 1 : 0, stdout }),
      );
    });
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(memory.id);
    expect(out.stdout).toContain('nightly');
    expect(out.stdout).toContain('bucket molt-backups');
    expect(out.stdout).toContain('ranking: lexical (vectors not used: embeddings_off)');
  });
});
