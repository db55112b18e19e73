/**
 * Trust inside a tenant (issue 33): one key cannot stall the others (items 2), a new session is
 * claimed by its first turn's agent across two API processes (item 4), PATCH obeys the scope
 * rules (item 6), and the MCP endpoint answers in JSON-RPC, a NUL in an argument included.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApi } from '../../api/server.js';
import { KEY_REFUSAL_PAUSE_MS } from '../../config/defaults.js';
import { createApiKey } from '../../db/api-keys.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { scopeLockName } from '../../db/memory/memories.js';
import { scaled } from '../time-scale.js';
import { type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
const handles: DatabaseHandle[] = [];
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  h = await startHarness({ auth: 'required' });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.close();
  await h?.stop();
});

/** A second API process's view: its own app and its own connection pool of `poolSize`. */
async function secondApi(options: { poolSize: number; keyConcurrency?: number }): Promise<FastifyInstance> {
  const database = await openDatabase({ url: inject('databaseUrl') }, { poolSize: options.poolSize });
  handles.push(database);
  const app = await buildApi({
    db: database.db,
    temporal: h.client,
    taskQueue: h.taskQueue,
    defaultContextWindowTokens: 200_000,
    auth: 'required',
    ...(options.keyConcurrency ? { keyConcurrency: options.keyConcurrency } : {}),
  });
  apps.push(app);
  return app;
}

const send = (app: FastifyInstance, key: string, method: string, url: string, payload?: unknown) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

const searchCall = (id: number, query: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search_memories', arguments: { query } },
});

/**
 * Runs `statement` (a lock) in a transaction of the harness's own pool and keeps it open until
 * the returned `release()`; resolves once the lock is held.
 */
async function holding(statement: ReturnType<typeof sql>): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = h.database.db.transaction(async (tx) => {
    await tx.execute(statement);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await holder;
  };
}

describe('one key cannot stall the others (item 2)', () => {
  it('bounds a key’s requests in flight, MCP batch calls one by one (a batch over the bound is refused whole); 429 with Retry-After', async () => {
    const LIMIT = 3;
    const app = await secondApi({ poolSize: 6, keyConcurrency: LIMIT });
    const hostile = (
      await createApiKey(h.database.db, {
        tenantId: `hostile-${randomUUID()}`,
        role: 'agent',
        agentId: 'bot',
      })
    ).key;
    const other = (await createApiKey(h.database.db, { tenantId: `other-${randomUUID()}`, role: 'operator' }))
      .key;
    // 40 searches at once from one key: at most LIMIT run, the rest are 429 with Retry-After.
    const flood = await Promise.all(
      Array.from({ length: 40 }, () =>
        send(app, hostile, 'POST', '/v1/memories/search', { query: 'anything at all' }),
      ),
    );
    const statuses = flood.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 429),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - LIMIT - 10);
    for (const r of flood.filter((x) => x.statusCode === 429)) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.json().error.code).toBe('rate_limited');
    }
    // An MCP batch counts one slot per call: a batch of 30 is refused whole (a JSON-RPC error,
    // 429 with Retry-After) before any of its calls runs; a batch within the bound is answered.
    const batch = await send(
      app,
      hostile,
      'POST',
      '/mcp',
      Array.from({ length: 30 }, (_, i) => searchCall(i + 1, `query ${i}`)),
    );
    expect(batch.statusCode, batch.body).toBe(429);
    expect(Number(batch.headers['retry-after'])).toBeGreaterThan(0);
    expect(batch.json()).toMatchObject({ jsonrpc: '2.0', error: { data: { code: 'rate_limited' } } });
    const small = await send(
      app,
      hostile,
      'POST',
      '/mcp',
      Array.from({ length: LIMIT }, (_, i) => searchCall(i + 1, `query ${i}`)),
    );
    expect(small.statusCode, small.body).toBe(200);
    const answers = small.json() as Json[];
    expect(answers).toHaveLength(LIMIT);
    for (const answer of answers) expect(answer.result?.isError, JSON.stringify(answer)).toBeFalsy();
    // Meanwhile (and after) another tenant's requests are served.
    const [otherDuring] = await Promise.all([
      send(app, other, 'GET', '/v1/memories?limit=5'),
      ...Array.from({ length: 20 }, () =>
        send(app, hostile, 'POST', '/v1/memories/search', { query: 'more' }),
      ),
    ]);
    expect(otherDuring.statusCode).toBe(200);
    // Every slot is given back: the key works again once its requests are answered.
    expect((await send(app, hostile, 'POST', '/v1/memories/search', { query: 'again' })).statusCode).toBe(
      200,
    );
  });

  it('a request over its key’s bound is refused before its key is looked up (no pooled connection), after its Retry-After', async () => {
    const LIMIT = 2;
    const app = await secondApi({ poolSize: LIMIT + 1, keyConcurrency: LIMIT });
    const hostile = (
      await createApiKey(h.database.db, { tenantId: `lookup-${randomUUID()}`, role: 'operator' })
    ).key;
    /** The answer's status, or 'waiting' when it is not there within a bounded time. */
    const statusWithin = (answer: ReturnType<typeof send>) =>
      Promise.race([answer.then((r) => r.statusCode), sleep(scaled(3_000), 'waiting' as const)]);
    // While the key table is locked every key lookup waits, holding a pooled connection.
    const release = await holding(sql`lock table api_keys in access exclusive mode`);
    const sentAt = Date.now();
    const refusedAfter: number[] = [];
    const requests = Array.from({ length: LIMIT + 20 }, () =>
      send(app, hostile, 'GET', '/v1/memories?limit=1').then((answer) => {
        if (answer.statusCode === 429) refusedAfter.push(Date.now() - sentAt);
        return answer;
      }),
    );
    try {
      // LIMIT of the key's requests wait in their lookups; every other one is a 429 after the
      // refusal's pause, its Retry-After (before: each looked its key up first, and waited for a
      // connection or for the lock).
      const statuses = await Promise.all(requests.map(statusWithin));
      expect(statuses.filter((s) => s === 'waiting')).toHaveLength(LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      // A client retrying at once gets its refusals no faster than Retry-After allows.
      expect(Math.min(...refusedAfter)).toBeGreaterThanOrEqual(KEY_REFUSAL_PAUSE_MS - 50);
    } finally {
      await release();
    }
    const answered = (await Promise.all(requests)).map((r) => r.statusCode);
    expect(answered.filter((s) => s === 200)).toHaveLength(LIMIT);
  });

  // Every API write that takes a scope's lock: a commit, a memory-tool command, a store batch.
  const scopeWriters: Record<string, (userId: string, i: number) => { url: string; body: Json }> = {
    'a commit': (userId, i) => ({
      url: '/v1/memories',
      body: { userId, content: `fact number ${i} about the ${randomUUID()}` },
    }),
    'a memory-tool command': (userId, i) => ({
      url: '/v1/memory-tool',
      body: { userId, input: { command: 'create', path: `/memories/note-${i}.md`, file_text: `note ${i}` } },
    }),
    'a store batch': (userId, i) => ({
      url: '/v1/memory-store',
      body: {
        userId,
        ops: [
          { op: 'put', namespace: ['notes'], key: `k${i}`, value: { i } },
          { op: 'search', namespacePrefix: ['notes'], query: `note ${i}` },
        ],
      },
    }),
  };

  for (const [writer, request] of Object.entries(scopeWriters)) {
    it(`${writer} waiting for its scope’s lock holds no pooled connection`, async () => {
      const POOL = 3;
      const app = await secondApi({ poolSize: POOL });
      const tenantId = `locked-${randomUUID()}`;
      const operator = (await createApiKey(h.database.db, { tenantId, role: 'operator' })).key;
      const other = (
        await createApiKey(h.database.db, { tenantId: `free-${randomUUID()}`, role: 'operator' })
      ).key;
      const userId = `user-${randomUUID()}`;
      // Another process (a worker's extraction, say) holds the scope's lock.
      const name = scopeLockName({ tenantId, userId, agentId: null, sessionScope: null });
      const release = await holding(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
      // Three times the pool's writes into that scope, all waiting for the lock.
      const writes = Array.from({ length: 3 * POOL }, (_, i) => {
        const { url, body } = request(userId, i);
        return send(app, operator, 'POST', url, body);
      });
      try {
        // Another tenant's requests are answered while they wait, one after another (before: the
        // waiting writes held every connection, and the next request waited for one until the
        // pool's connect timeout and got 503).
        for (let i = 0; i < 10; i++) {
          const started = Date.now();
          const answer = await send(app, other, 'GET', '/v1/memories?limit=5');
          expect(answer.statusCode, answer.body).toBe(200);
          expect(Date.now() - started).toBeLessThan(scaled(1_500));
        }
      } finally {
        await release();
      }
      const done = await Promise.all(writes);
      for (const answer of done) expect(answer.statusCode, answer.body).toBeLessThan(300);
    });
  }
});

describe('a new session id is claimed by its first turn (item 4)', () => {
  it(
    'two agents racing one new id on two API processes: one 202, the other 404/409, nothing of it stored',
    async () => {
      const tenantId = `race-${randomUUID()}`;
      const keyA = (await createApiKey(h.database.db, { tenantId, role: 'agent', agentId: 'bot-a' })).key;
      const keyB = (await createApiKey(h.database.db, { tenantId, role: 'agent', agentId: 'bot-b' })).key;
      const operator = (await createApiKey(h.database.db, { tenantId, role: 'operator' })).key;
      const other = await secondApi({ poolSize: 4 });
      const outcomes = { aWon: 0, bWon: 0 };
      const MESSAGES = 200;
      for (let round = 0; round < 25; round++) {
        const sessionId = uniqueSessionId(`race-${round}`);
        // Turns of some size: the work between the key's check and the insert is what a racing
        // first turn of another agent slips into.
        const turnOf = (who: string) => ({
          // Different turn ids: the same id with other content would be a conflict anyway.
          turnId: `t-${who}`,
          userId: 'shared-user',
          messages: Array.from({ length: MESSAGES }, (_, i) => ({
            role: 'user',
            content: `secret of ${who} in round ${round}, line ${i}: ${'lorem ipsum dolor '.repeat(20)}`,
          })),
        });
        const [a, b] = await Promise.all([
          send(h.app, keyA, 'POST', `/v1/sessions/${sessionId}/turns`, turnOf('bot-a')),
          send(other, keyB, 'POST', `/v1/sessions/${sessionId}/turns`, turnOf('bot-b')),
        ]);
        const statuses = [a.statusCode, b.statusCode].sort();
        expect(
          [
            [202, 404],
            [202, 409],
          ],
          `round ${round}: ${a.body} ${b.body}`,
        ).toContainEqual(statuses);
        const winner = a.statusCode === 202 ? 'bot-a' : 'bot-b';
        const loser = winner === 'bot-a' ? 'bot-b' : 'bot-a';
        if (winner === 'bot-a') outcomes.aWon++;
        else outcomes.bWon++;
        const view = (await send(h.app, operator, 'GET', `/v1/sessions/${sessionId}`)).json();
        expect(view.agentId).toBe(winner);
        const result = await h.database.db.execute(
          sql`select body_raw from messages where session_id = ${sessionId}`,
        );
        const stored = (result as unknown as { rows: Array<{ body_raw: string }> }).rows;
        expect(stored.map((r) => r.body_raw).join('\n')).not.toContain(`secret of ${loser}`);
        expect(stored).toHaveLength(MESSAGES);
      }
      expect(outcomes.aWon + outcomes.bWon).toBe(25);
    },
    scaled(300_000),
  );
});

describe('PATCH obeys the scope rules (item 6)', () => {
  it('refuses a type the memory’s scope may not hold, as POST does', async () => {
    const operator = (
      await createApiKey(h.database.db, { tenantId: `patch-${randomUUID()}`, role: 'operator' })
    ).key;
    const tool = await send(h.app, operator, 'POST', '/v1/memories', {
      agentId: 'bot',
      type: 'tool',
      category: 'grep',
      content: 'grep -r is slow on the monorepo; use rg',
    });
    expect(tool.statusCode, tool.body).toBe(201);
    const id = tool.json().memory.id;
    for (const type of ['profile', 'preference', 'entity', 'event', 'decision']) {
      const edited = await send(h.app, operator, 'PATCH', `/v1/memories/${id}`, {
        content: 'I am Ada',
        type,
      });
      expect(edited.statusCode, edited.body).toBe(400);
      expect(edited.json().error.message).toMatch(/^body\.type: /);
      // POST refuses the same.
      const posted = await send(h.app, operator, 'POST', '/v1/memories', {
        agentId: 'bot',
        type,
        content: 'I am Ada',
      });
      expect(posted.statusCode).toBe(400);
    }
    // The memory is untouched and still the agent's knowledge; an admissible type is an edit.
    expect((await send(h.app, operator, 'GET', `/v1/memories/${id}`)).json().status).toBe('active');
    const skill = await send(h.app, operator, 'PATCH', `/v1/memories/${id}`, {
      content: 'use rg',
      type: 'skill',
    });
    expect(skill.statusCode, skill.body).toBe(200);
    const user = await send(h.app, operator, 'POST', '/v1/memories', {
      userId: 'ada',
      type: 'tool',
      content: 'x y z',
    });
    const toProfile = await send(h.app, operator, 'PATCH', `/v1/memories/${user.json().memory.id}`, {
      content: 'Ada lives in Lyon',
      type: 'profile',
    });
    expect(toProfile.statusCode, toProfile.body).toBe(200);
  });
});

describe('the MCP endpoint answers in JSON-RPC (item 6)', () => {
  it('a NUL in an argument is a tool error; a broken body, a missing key: JSON-RPC errors', async () => {
    const key = (
      await createApiKey(h.database.db, { tenantId: `mcp-${randomUUID()}`, role: 'agent', agentId: 'bot' })
    ).key;
    const nul = await send(h.app, key, 'POST', '/mcp', searchCall(1, 'where\u0000is it'));
    expect(nul.statusCode, nul.body).toBe(200);
    const answer = nul.json();
    expect(answer.jsonrpc).toBe('2.0');
    expect(answer.id).toBe(1);
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0].text).toMatch(/400 invalid_request/);
    const broken = await h.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: '{"jsonrpc": "2.0", "id": 1, "method": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: searchCall(1, 'x'),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, data: { code: 'unauthorized' } },
    });
    const get = await send(h.app, key, 'GET', '/mcp');
    expect(get.statusCode).toBe(405);
    expect(get.json()).toMatchObject({ jsonrpc: '2.0', id: null });
  });
});
