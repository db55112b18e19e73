/**
 * Issue 19 item 10: agent keys inside a tenant. An agent key bound to agent A, on every /v1 route
 * of the live API (read from its OpenAPI document, so a new route cannot escape), naming agent
 * B's session, compaction, memory, extraction and user: 403 or 404 (or its own, empty view of a
 * collection), never a byte of B's data, and B's data is all still there afterwards. On its own
 * session and memories the same key works.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../db/api-keys.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let app: FastifyInstance;
const keys = { agentA: '', agentB: '', operator: '' };
const SECRET = `secret-${randomUUID()}`;
const USER_B = `user-b-${randomUUID()}`;
const ids = { sessionId: '', compactionId: '', memoryId: '', extractionId: '' };

async function call(key: string, method: string, url: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

beforeAll(async () => {
  h = await startHarness({ auth: 'required' });
  app = h.app;
  const tenantId = `tenant-agents-${randomUUID()}`;
  keys.agentA = (await createApiKey(h.database.db, { tenantId, role: 'agent', agentId: 'agent-a' })).key;
  keys.agentB = (await createApiKey(h.database.db, { tenantId, role: 'agent', agentId: 'agent-b' })).key;
  keys.operator = (await createApiKey(h.database.db, { tenantId, role: 'operator' })).key;

  // Agent B: a session (its agent from the key) with turns, a compaction, an extraction, a memory.
  ids.sessionId = uniqueSessionId('agent-b');
  for (let i = 0; i < 3; i++) {
    const turn = await call(keys.agentB, 'POST', `/v1/sessions/${ids.sessionId}/turns`, {
      turnId: `t${i}`,
      userId: USER_B,
      contextWindowTokens: 50_000,
      messages: [
        { role: 'user', content: `Please remember that ${SECRET} is the vault path ${i}.` },
        { role: 'assistant', content: [{ type: 'text', text: `Noted ${SECRET}.` }], stopReason: 'stop' },
      ],
    });
    expect(turn.statusCode, turn.body).toBe(202);
  }
  const view = await call(keys.agentB, 'GET', `/v1/sessions/${ids.sessionId}`);
  expect(view.json().agentId).toBe('agent-b');
  const compacted = await call(keys.agentB, 'POST', `/v1/sessions/${ids.sessionId}/compact`, {
    keepRecentTokens: 0,
  });
  expect(compacted.statusCode, compacted.body).toBe(200);
  ids.compactionId = compacted.json().compactionId ?? compacted.json().compaction?.id;
  const extractions = await eventually(
    async () => (await call(keys.agentB, 'GET', `/v1/memory-extractions?sessionId=${ids.sessionId}`)).json(),
    (list) => list.items?.length > 0 && list.items.every((x: Json) => x.status !== 'running'),
  );
  ids.extractionId = extractions.items[0].id;
  const memory = await call(keys.agentB, 'POST', '/v1/memories', {
    sessionId: ids.sessionId,
    content: `The deploy key of ${SECRET} lives in the vault.`,
  });
  expect(memory.statusCode, memory.body).toBe(201);
  ids.memoryId = memory.json().memory.id;
  if (!ids.compactionId) {
    const list = await call(keys.operator, 'GET', `/v1/compactions?sessionId=${ids.sessionId}`);
    ids.compactionId = list.json().items[0].id;
  }
});
afterAll(async () => {
  await h?.stop();
});

function requestFor(method: string, path: string): { url: string; payload?: unknown } {
  const url = path
    .replace('{sessionId}', ids.sessionId)
    .replace('{compactionId}', encodeURIComponent(ids.compactionId))
    .replace('{memoryId}', ids.memoryId)
    .replace('{extractionId}', encodeURIComponent(ids.extractionId))
    .replace('{userId}', USER_B);
  const bodies: Record<string, unknown> = {
    'POST /v1/sessions/{sessionId}/turns': {
      turnId: `a-${randomUUID()}`,
      messages: [{ role: 'user', content: 'hi from A' }],
    },
    'POST /v1/sessions/{sessionId}/overflow': { attemptId: 'a1', error: 'prompt is too long' },
    'POST /v1/sessions/{sessionId}/compact': {},
    'POST /v1/memories': { content: 'a memory of A', sessionId: ids.sessionId },
    'POST /v1/memories/search': { query: `vault ${SECRET}` },
    'POST /v1/memory-tool': { sessionId: ids.sessionId, input: { command: 'view', path: '/memories' } },
    'POST /v1/memory-store': { sessionId: ids.sessionId, ops: [{ op: 'namespaces' }] },
    'POST /v1/memories/expand': { id: ids.memoryId },
  };
  const queries: Record<string, string> = {
    'GET /v1/memories': `?userId=${USER_B}`,
    'DELETE /v1/memories': `?userId=${USER_B}`,
    'GET /v1/compactions': `?sessionId=${ids.sessionId}`,
    'GET /v1/memory-extractions': `?sessionId=${ids.sessionId}`,
  };
  const key = `${method} ${path}`;
  return { url: url + (queries[key] ?? ''), payload: bodies[key] };
}

describe("an agent key bound to agent A and agent B's data", () => {
  it('answers 403/404 on every route and never shows B to A', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const routes: Array<{ method: string; path: string }> = [];
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      if (!path.startsWith('/v1/')) continue;
      for (const method of Object.keys(item as Json)) routes.push({ method: method.toUpperCase(), path });
    }
    expect(routes.length).toBeGreaterThanOrEqual(22);
    const collections = new Set([
      'GET /v1/memories',
      'POST /v1/memories/search',
      'GET /v1/tools',
      'GET /v1/tools/cli-prompt',
      'GET /v1/memory-embeddings',
    ]);
    for (const route of routes) {
      const what = `${route.method} ${route.path}`;
      const { url, payload } = requestFor(route.method, route.path);
      const response = await call(keys.agentA, route.method, url, payload);
      if (collections.has(what)) expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500);
      else expect([403, 404], `${what}: ${response.body}`).toContain(response.statusCode);
      expect(response.body, what).not.toContain(SECRET);
      // What A itself sent (an id in the URL or the body) may come back in the error; nothing else of B.
      const sent = url + JSON.stringify(payload ?? null);
      if (!sent.includes(ids.memoryId)) expect(response.body, what).not.toContain(ids.memoryId);
    }
    // B's data is all still there.
    expect((await call(keys.agentB, 'GET', `/v1/memories/${ids.memoryId}`)).json().status).toBe('active');
    const context = await call(keys.agentB, 'GET', `/v1/sessions/${ids.sessionId}/context`);
    expect(context.statusCode).toBe(200);
    expect(context.body).not.toContain('hi from A');
  });

  it('works on its own session and memories, and cannot name another agent', async () => {
    const own = uniqueSessionId('agent-a');
    const turn = await call(keys.agentA, 'POST', `/v1/sessions/${own}/turns`, {
      turnId: 't1',
      messages: [{ role: 'user', content: 'I prefer tea.' }],
    });
    expect(turn.statusCode, turn.body).toBe(202);
    expect((await call(keys.agentA, 'GET', `/v1/sessions/${own}`)).json().agentId).toBe('agent-a');
    expect((await call(keys.agentA, 'GET', `/v1/sessions/${own}/context`)).statusCode).toBe(200);
    const named = await call(keys.agentA, 'POST', `/v1/sessions/${uniqueSessionId('x')}/turns`, {
      turnId: 't1',
      agentId: 'agent-b',
      messages: [{ role: 'user', content: 'hello' }],
    });
    expect(named.statusCode).toBe(403);
    const memory = await call(keys.agentA, 'POST', '/v1/memories', {
      sessionId: own,
      type: 'tool',
      content: 'grep is fast',
    });
    expect(memory.statusCode, memory.body).toBe(201);
    const id = memory.json().memory.id;
    expect((await call(keys.agentA, 'GET', `/v1/memories/${id}`)).statusCode).toBe(200);
    expect((await call(keys.agentB, 'GET', `/v1/memories/${id}`)).statusCode).toBe(404);
    expect((await call(keys.agentB, 'DELETE', `/v1/memories/${id}`)).statusCode).toBe(404);
    expect((await call(keys.agentA, 'DELETE', `/v1/memories/${id}`)).statusCode).toBe(200);
  });
});
