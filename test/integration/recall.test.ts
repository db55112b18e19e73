/**
 * Recall on the real stack (docs/memory.md#recall): memories come back into a later session's context as
 * a simulated search_memories call, the system-prompt addition carries the profile and the
 * session's tool memories, SKILL.md reads carry their skill's memory — and none of it is stored.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../api/server.js';
import { createApiKey } from '../../db/api-keys.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let app: FastifyInstance;
const keys: { agent?: string; operator?: string } = {};
beforeAll(async () => {
  h = await startHarness();
  app = await buildApi({
    db: h.database.db,
    temporal: h.client,
    taskQueue: h.taskQueue,
    defaultContextWindowTokens: 200_000,
    auth: 'required',
  });
  const tenantId = `tenant-recall-${randomUUID()}`;
  keys.agent = (await createApiKey(h.database.db, { tenantId, role: 'agent' })).key;
  keys.operator = (await createApiKey(h.database.db, { tenantId, role: 'operator' })).key;
});
afterAll(async () => {
  await app?.close();
  await h?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field
type Json = Record<string, any>;

async function call(method: 'GET' | 'POST', url: string, payload?: unknown, key = keys.agent): Promise<Json> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

/** A turn of a user asking `text` (and the assistant acknowledging). */
async function ask(sessionId: string, turnId: string, text: string, scope: Json = {}): Promise<void> {
  await call('POST', `/v1/sessions/${sessionId}/turns`, {
    turnId,
    contextWindowTokens: 100_000,
    ...scope,
    messages: [{ role: 'user', content: text }],
  });
}

/** An operator names the scope it writes to (an agent key writes only into its session's). */
const remember = (scope: Json, content: string, extra: Json = {}) =>
  call('POST', '/v1/memories', { content, type: 'preference', ...scope, ...extra }, keys.operator).then(
    (r) => r.memory,
  );

const context = (sessionId: string, query = '', key = keys.agent) =>
  call('GET', `/v1/sessions/${sessionId}/context${query ? `?${query}` : ''}`, undefined, key);

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

    const stored = await h.database.db.execute(
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
    const denied = await app.inject({
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

    const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
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

/** A turn whose tool calls fail as the list says (true: an error). */
function toolTurn(turnId: string, outcomes: boolean[], start: number) {
  const messages: Json[] = [{ role: 'user', content: `Run the checks for ${turnId}.`, timestamp: start }];
  outcomes.forEach((failing, i) => {
    const id = `${turnId}_call_${i}`;
    messages.push(
      {
        role: 'assistant',
        content: [{ type: 'toolCall', id, name: 'exec', arguments: { command: `npm test -- shard ${i}` } }],
        stopReason: 'toolUse',
        timestamp: start + 1_000 * i,
      },
      {
        role: 'toolResult',
        toolCallId: id,
        toolName: 'exec',
        isError: failing,
        content: [
          { type: 'text', text: failing ? `Error: ENOENT: no such file /tmp/run-${i}/out.json` : 'ok' },
        ],
        timestamp: start + 1_000 * i + 250 * (i + 1),
      },
    );
  });
  return { turnId, messages };
}

describe('tool and skill memories', () => {
  it('describes the tools a session uses with counts equal to the rows in PostgreSQL', async () => {
    const userId = `u-${randomUUID()}`;
    const earlier = uniqueSessionId('tools-earlier');
    const now = uniqueSessionId('tools-now');
    await call('POST', `/v1/sessions/${earlier}/turns`, {
      ...toolTurn('a', [false, true, false, true], 1_700_000_000_000),
      userId,
    });
    await call('POST', `/v1/sessions/${now}/turns`, {
      ...toolTurn('b', [false, true, false], 1_700_000_100_000),
      userId,
    });
    await remember({ userId }, 'Ada Lovelace, maintainer of the parser.', { type: 'profile' });

    const ctx = await context(now);
    const counted = await h.database.db.execute(sql`
      select count(*)::int as calls,
        (select count(*)::int from messages r where r.session_id in (${earlier}, ${now})
           and r.role = 'toolResult' and r.body->>'toolName' = 'exec' and r.body->'isError' = 'true'::jsonb) as errors
      from messages m, jsonb_array_elements(m.body->'content') b
      where m.session_id in (${earlier}, ${now}) and m.role = 'assistant'
        and b->>'type' = 'toolCall' and b->>'name' = 'exec'`);
    const { calls, errors } = (counted as unknown as { rows: Json[] }).rows[0]!;
    expect([calls, errors]).toEqual([7, 3]);
    const addition: string = ctx.systemPromptAddition;
    expect(addition).toContain(`- "exec": ${calls} calls; ${errors} errors (57% ok)`);
    expect(addition).toMatch(/median \d+ ms, p95 \d+ ms/);
    // Quoted data (docs/security.md): molt's placeholders are escaped like the rest of the text.
    expect(addition).toContain('"Error: ENOENT: no such file \\u003cpath\\u003e" ×3');
    expect(addition).toContain('Ada Lovelace');
    expect(addition).toMatch(/molt holds 1 memory for this user \(1 profile\)/);

    const again = await context(now);
    expect(again.systemPromptAddition).toBe(addition);
  });

  it('follows a SKILL.md read with the skill memory, the file text byte-identical inside', async () => {
    const userId = `u-${randomUUID()}`;
    const sessionId = uniqueSessionId('skill');
    const skillText =
      '---\nname: deploy\ndescription: Ship a service\n---\n# Deploy\n\n1. Run `make ship`.\n\u00a0Ünïcödé ✓\n';
    await remember({ userId }, 'Run make ship from the repo root, never from a subfolder.', {
      type: 'skill',
      category: 'deploy',
    });
    await call('POST', `/v1/sessions/${sessionId}/turns`, {
      turnId: 't1',
      userId,
      messages: [
        { role: 'user', content: 'Ship it using the deploy skill.' },
        {
          role: 'assistant',
          content: [
            {
              type: 'toolCall',
              id: 'read_skill',
              name: 'read',
              arguments: { path: '/work/skills/deploy/SKILL.md' },
            },
          ],
          stopReason: 'toolUse',
        },
        {
          role: 'toolResult',
          toolCallId: 'read_skill',
          toolName: 'read',
          content: [{ type: 'text', text: skillText }],
        },
      ],
    });
    const ctx = await context(sessionId);
    expect(ctx.recall.skills).toEqual(['deploy']);
    const result = ctx.messages.find((m: Json) => m.role === 'toolResult' && m.toolCallId === 'read_skill');
    expect(result.content[0].text).toBe(skillText);
    expect(result.content).toHaveLength(2);
    expect(result.content[1].text).toMatch(/^<molt-skill-memory skill="deploy">/);
    expect(result.content[1].text).toContain(
      'used 1 time in 1 session; 100% of those turns ended without a tool error',
    );
    expect(result.content[1].text).toContain('never from a subfolder');
    const anthropic = await context(sessionId, 'format=anthropic');
    const block = anthropic.messages
      .flatMap((m: Json) => (Array.isArray(m.content) ? m.content : []))
      .find((b: Json) => b.type === 'tool_result' && b.tool_use_id === 'read_skill');
    expect(JSON.stringify(block)).toContain(JSON.stringify(skillText).slice(1, -1));
  });
});
