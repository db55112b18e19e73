/**
 * The tenant matrix (issue 11 item 5): every /v1 route of the live API (read from its OpenAPI
 * document, so a new route cannot escape) × {no key, an unknown key, an agent key on an operator
 * route, another tenant's agent key, another tenant's operator key} → 401 / 403 / 404 (or the
 * other tenant's own, empty view of a collection) and never a byte of tenant A's data: its
 * messages, memories, user id, summaries. Afterwards tenant A's data is all still there.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../db/api-keys.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let app: FastifyInstance;
const keys: Record<'agentA' | 'operatorA' | 'agentB' | 'operatorB', string> = {
  agentA: '',
  operatorA: '',
  agentB: '',
  operatorB: '',
};
/** Strings that exist only in tenant A's data. */
const SECRET = `secret-${randomUUID()}`;
const USER_A = `user-a-${randomUUID()}`;
const ids = { sessionId: '', compactionId: '', memoryId: '', extractionId: '', keyId: '' };

const as = (key: string | undefined) => (key ? { authorization: `Bearer ${key}` } : {});

async function call(key: string | undefined, method: string, url: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: as(key),
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

beforeAll(async () => {
  h = await startHarness({ auth: 'required' });
  app = h.app;
  const tenantA = `tenant-a-${randomUUID()}`;
  const tenantB = `tenant-b-${randomUUID()}`;
  const agentKeyA = await createApiKey(h.database.db, { tenantId: tenantA, role: 'agent' });
  keys.agentA = agentKeyA.key;
  ids.keyId = agentKeyA.id;
  keys.operatorA = (await createApiKey(h.database.db, { tenantId: tenantA, role: 'operator' })).key;
  keys.agentB = (await createApiKey(h.database.db, { tenantId: tenantB, role: 'agent' })).key;
  keys.operatorB = (await createApiKey(h.database.db, { tenantId: tenantB, role: 'operator' })).key;

  // Tenant A: a session with turns, a finished compaction, an extraction, a memory.
  ids.sessionId = uniqueSessionId('tenant-a');
  for (let i = 0; i < 3; i++) {
    const turn = await call(keys.agentA, 'POST', `/v1/sessions/${ids.sessionId}/turns`, {
      turnId: `t${i}`,
      userId: USER_A,
      contextWindowTokens: 50_000,
      messages: [
        { role: 'user', content: `Please remember that ${SECRET} is the vault path ${i}.` },
        { role: 'assistant', content: [{ type: 'text', text: `Noted ${SECRET}.` }], stopReason: 'stop' },
      ],
    });
    expect(turn.statusCode).toBe(202);
  }
  const compacted = await call(keys.agentA, 'POST', `/v1/sessions/${ids.sessionId}/compact`, {
    keepRecentTokens: 0,
  });
  expect(compacted.statusCode, compacted.body).toBeLessThan(300);
  const compactions = await eventually(
    async () => (await call(keys.operatorA, 'GET', `/v1/compactions?sessionId=${ids.sessionId}`)).json(),
    (list) => list.items.length > 0 && list.items[0].status !== 'running',
  );
  ids.compactionId = compactions.items[0].id;
  const extractions = await eventually(
    async () => (await call(keys.agentA, 'GET', `/v1/memory-extractions?sessionId=${ids.sessionId}`)).json(),
    (list) => list.items.length > 0 && list.items.every((x: Json) => x.status !== 'running'),
  );
  ids.extractionId = extractions.items[0].id;
  const memory = await call(keys.operatorA, 'POST', '/v1/memories', {
    content: `The deploy key of ${SECRET} lives in the vault.`,
    userId: USER_A,
  });
  expect(memory.statusCode).toBe(201);
  ids.memoryId = memory.json().memory.id;
});
afterAll(async () => {
  await h?.stop();
});

/** A request that passes validation on each route, naming tenant A's resources. */
function requestFor(method: string, path: string): { url: string; payload?: unknown } | undefined {
  const url = path
    .replace('{sessionId}', ids.sessionId)
    .replace('{compactionId}', ids.compactionId)
    .replace('{memoryId}', ids.memoryId)
    .replace('{extractionId}', ids.extractionId)
    .replace('{userId}', USER_A)
    .replace('{keyId}', ids.keyId);
  const bodies: Record<string, unknown> = {
    'POST /v1/sessions/{sessionId}/turns': {
      turnId: `b-${randomUUID()}`,
      messages: [{ role: 'user', content: 'hello from B' }],
    },
    'POST /v1/sessions/{sessionId}/overflow': { attemptId: 'b1', error: 'prompt is too long' },
    'POST /v1/sessions/{sessionId}/compact': {},
    'POST /v1/sessions/{sessionId}/breaker/reset': undefined,
    'POST /v1/compactions/{compactionId}/replay': undefined,
    'POST /v1/memory-extractions/{extractionId}/replay': undefined,
    'POST /v1/memories': { content: 'a memory of B', userId: 'user-b' },
    'POST /v1/memories/search': { query: `vault ${SECRET}` },
    'PATCH /v1/memories/{memoryId}': { content: 'edited by B' },
    'POST /v1/keys': { role: 'agent', name: 'made by B' },
    'POST /v1/memories/expand': { id: ids.memoryId },
    'POST /v1/memory-tool': { sessionId: ids.sessionId, input: { command: 'view', path: '/memories' } },
    'POST /v1/memory-store': { sessionId: ids.sessionId, ops: [{ op: 'namespaces' }] },
  };
  const queries: Record<string, string> = {
    'GET /v1/memories': `?query=${encodeURIComponent(SECRET)}`,
    'DELETE /v1/memories': `?userId=${USER_A}`,
    'GET /v1/compactions': `?sessionId=${ids.sessionId}`,
    'GET /v1/memory-extractions': `?sessionId=${ids.sessionId}`,
  };
  const key = `${method} ${path}`;
  if (method === 'POST' && !(key in bodies)) return undefined;
  return { url: url + (queries[key] ?? ''), payload: bodies[key] };
}

async function routes(): Promise<Array<{ method: string; path: string; operator: boolean }>> {
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const out: Array<{ method: string; path: string; operator: boolean }> = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    if (!path.startsWith('/v1/')) continue;
    for (const method of Object.keys(item as Json)) {
      out.push({ method: method.toUpperCase(), path, operator: false });
    }
  }
  // Which need an operator key: ask with tenant B's agent key (403 says so before anything runs;
  // otherwise B finds none of A's resources, so nothing of A changes). Posting a turn is an agent's
  // own route, and would create B's session of that id: not asked.
  for (const route of out) {
    const request = requestFor(route.method, route.path);
    if (!request || route.path.endsWith('/turns')) continue;
    const response = await call(keys.agentB, route.method, request.url, request.payload);
    route.operator = response.statusCode === 403;
  }
  return out;
}

/** The answer must not carry tenant A's data (what B itself sent, e.g. an id in the URL, may come back). */
function expectNothingOfA(body: string, what: string, sent: string) {
  for (const marker of [SECRET, USER_A, ids.memoryId, ids.extractionId]) {
    if (!sent.includes(marker)) expect(body, what).not.toContain(marker);
  }
}

describe('the tenant matrix', () => {
  it('answers 401/403/404 on every route and never shows tenant A to anyone else', async () => {
    // B posting a turn under A's session id creates B's own session of that id (ids are per
    // tenant): check it last, so every other route still names a session B does not have.
    const all = (await routes()).sort(
      (a, b) => Number(a.path.endsWith('/turns')) - Number(b.path.endsWith('/turns')),
    );
    expect(all.length).toBeGreaterThanOrEqual(20);
    // The operator routes as the README lists them: a route that lost its role check fails here.
    expect(
      all
        .filter((r) => r.operator)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual([
      'DELETE /v1/keys/{keyId}',
      'DELETE /v1/memories',
      'DELETE /v1/sessions/{sessionId}',
      'DELETE /v1/users/{userId}',
      'GET /v1/compactions',
      'GET /v1/compactions/{compactionId}',
      'GET /v1/keys',
      'GET /v1/sessions',
      'GET /v1/sessions/{sessionId}/history',
      'GET /v1/sessions/{sessionId}/timeline',
      'PATCH /v1/memories/{memoryId}',
      'POST /v1/compactions/{compactionId}/replay',
      'POST /v1/keys',
      'POST /v1/memory-extractions/{extractionId}/replay',
      'POST /v1/sessions/{sessionId}/breaker/reset',
    ]);
    const collections = new Set([
      'GET /v1/memories',
      'POST /v1/memories',
      'POST /v1/memories/search',
      'DELETE /v1/memories',
      'DELETE /v1/users/{userId}',
      'GET /v1/tools',
      'GET /v1/tools/cli-prompt',
      'GET /v1/sessions',
      'GET /v1/compactions',
      'GET /v1/memory-extractions',
      'GET /v1/memory-embeddings',
      'GET /v1/keys',
      'POST /v1/keys',
      'POST /v1/sessions/{sessionId}/turns',
    ]);
    const outcomes: string[] = [];
    for (const route of all) {
      const what = `${route.method} ${route.path}`;
      const request = requestFor(route.method, route.path);
      expect(request, `${what}: add a valid request for this route to the matrix`).toBeDefined();
      const { url, payload } = request!;
      const sent = decodeURIComponent(url) + JSON.stringify(payload ?? null);

      for (const key of [undefined, 'molt_unknown-key-0000000000000000']) {
        const response = await call(key, route.method, url, payload);
        expect(response.statusCode, `${what} without a valid key`).toBe(401);
        expectNothingOfA(response.body, what, sent);
      }
      if (route.operator) {
        for (const key of [keys.agentA, keys.agentB]) {
          const response = await call(key, route.method, url, payload);
          expect(response.statusCode, `${what} with an agent key`).toBe(403);
          expectNothingOfA(response.body, what, sent);
        }
      }
      for (const [name, key] of [
        ['agent B', keys.agentB],
        ['operator B', keys.operatorB],
      ] as const) {
        if (route.operator && name === 'agent B') continue;
        const response = await call(key, route.method, url, payload);
        expect(response.statusCode, `${what} as ${name}: ${response.body}`).toBeLessThan(500);
        if (!collections.has(what)) expect(response.statusCode, `${what} as ${name}`).toBe(404);
        expectNothingOfA(response.body, `${what} as ${name}`, sent);
        outcomes.push(`${what} as ${name}: ${response.statusCode}`);
      }
    }
    expect(outcomes.length).toBeGreaterThan(30);

    // Tenant A is untouched: its memory active, its session and compaction still answer.
    expect((await call(keys.agentA, 'GET', `/v1/memories/${ids.memoryId}`)).json().status).toBe('active');
    expect((await call(keys.agentA, 'GET', `/v1/sessions/${ids.sessionId}`)).statusCode).toBe(200);
    expect((await call(keys.operatorA, 'GET', `/v1/compactions/${ids.compactionId}`)).statusCode).toBe(200);
    const context = await call(keys.agentA, 'GET', `/v1/sessions/${ids.sessionId}/context`);
    expect(context.body).not.toContain('hello from B');
  });
});
