/**
 * API keys: a key belongs to a tenant and has a role; sessions are invisible across tenants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../api/server.js';
import { createApiKey } from '../../db/api-keys.js';
import { codingTurn } from './agent-turns.js';
import { type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let app: Awaited<ReturnType<typeof buildApi>>;
const keys: Record<'agentA' | 'operatorA' | 'agentB', string> = { agentA: '', operatorA: '', agentB: '' };

beforeAll(async () => {
  h = await startHarness();
  app = await buildApi({
    db: h.database.db,
    temporal: h.client,
    taskQueue: h.taskQueue,
    defaultContextWindowTokens: 200_000,
    auth: 'required',
  });
  const tenantA = `tenant-a-${Date.now()}`;
  const tenantB = `tenant-b-${Date.now()}`;
  keys.agentA = (await createApiKey(h.database.db, { tenantId: tenantA, role: 'agent' })).key;
  keys.operatorA = (await createApiKey(h.database.db, { tenantId: tenantA, role: 'operator' })).key;
  keys.agentB = (await createApiKey(h.database.db, { tenantId: tenantB, role: 'agent' })).key;
});
afterAll(async () => {
  await app?.close();
  await h?.stop();
});

const as = (key: string | undefined) => (key ? { authorization: `Bearer ${key}` } : {});

describe('API keys', () => {
  it('answers 401 without a key or with an unknown one, and writes nothing', async () => {
    const sessionId = uniqueSessionId();
    const missing = await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: codingTurn(0),
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('unauthorized');
    const unknown = await app.inject({
      method: 'GET',
      url: `/v1/sessions/${sessionId}`,
      headers: as('molt_not-a-key'),
    });
    expect(unknown.statusCode).toBe(401);
    const asOperator = await app.inject({
      method: 'GET',
      url: `/v1/sessions/${sessionId}`,
      headers: as(keys.operatorA),
    });
    expect(asOperator.statusCode).toBe(404);
  });

  it('lets an agent key post turns but not use the operator routes (403)', async () => {
    const sessionId = uniqueSessionId();
    const posted = await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: codingTurn(0),
      headers: as(keys.agentA),
    });
    expect(posted.statusCode).toBe(202);
    const own = await app.inject({
      method: 'GET',
      url: `/v1/sessions/${sessionId}`,
      headers: as(keys.agentA),
    });
    expect(own.statusCode).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/v1/sessions', headers: as(keys.agentA) });
    expect(list.statusCode).toBe(403);
    expect(list.json().error.code).toBe('forbidden');
    const compactions = await app.inject({ method: 'GET', url: '/v1/compactions', headers: as(keys.agentA) });
    expect(compactions.statusCode).toBe(403);
  });

  it("keeps a tenant's sessions invisible to other tenants", async () => {
    const sessionId = uniqueSessionId();
    await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: codingTurn(0),
      headers: as(keys.agentA),
    });
    for (const url of [`/v1/sessions/${sessionId}`, `/v1/sessions/${sessionId}/context`]) {
      const other = await app.inject({ method: 'GET', url, headers: as(keys.agentB) });
      expect(other.statusCode).toBe(404);
    }
    const listed = await app.inject({
      method: 'GET',
      url: '/v1/sessions?limit=200',
      headers: as(keys.operatorA),
    });
    expect(listed.statusCode).toBe(200);
    const ids = listed.json().items.map((s: { sessionId: string }) => s.sessionId);
    expect(ids).toContain(sessionId);

    // The same session id in tenant B is another session with its own workflow.
    const theirs = await app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: codingTurn(0),
      headers: as(keys.agentB),
    });
    expect(theirs.statusCode).toBe(202);
    expect(theirs.json().workflowId).not.toBe(
      listed.json().items.find((s: { sessionId: string }) => s.sessionId === sessionId).workflowId,
    );
  });

  it('leaves /healthz open', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After once a key passes its requests per minute, and counts keys apart', async () => {
    const limited = await buildApi({
      db: h.database.db,
      temporal: h.client,
      taskQueue: h.taskQueue,
      defaultContextWindowTokens: 200_000,
      auth: 'required',
      rateLimitPerMinute: 3,
    });
    try {
      const get = (key: string) =>
        limited.inject({ method: 'GET', url: `/v1/sessions/${uniqueSessionId()}`, headers: as(key) });
      for (let i = 0; i < 3; i++) expect((await get(keys.agentA)).statusCode).toBe(404);
      const over = await get(keys.agentA);
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('rate_limited');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get(keys.agentB)).statusCode).toBe(404);
      expect((await limited.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
