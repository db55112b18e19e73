/**
 * `POST /v1/keys`, `GET /v1/keys` and `DELETE /v1/keys/{keyId}` (issue 23 item 6, issue 34 item 3):
 * operators create, list and revoke their tenant's keys through the API, without a restart.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../api/server.js';
import { createApiKey } from '../../db/api-keys.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ auth: 'required', worker: false });
});
afterAll(async () => {
  await h?.stop();
});

const call = (key: string, method: 'GET' | 'DELETE', url: string) =>
  h.app.inject({ method, url, headers: { authorization: `Bearer ${key}` } });
const create = (key: string, payload: unknown) =>
  h.app.inject({
    method: 'POST',
    url: '/v1/keys',
    headers: { authorization: `Bearer ${key}` },
    payload: payload as object,
  });

describe('creating keys through the API', () => {
  it('answers the new key once, and it authenticates at once with its role and agent', async () => {
    const tenant = `keys-new-${randomUUID()}`;
    const operator = await createApiKey(h.database.db, { tenantId: tenant, role: 'operator' });
    const created = await create(operator.key, { role: 'agent', name: 'support bot', agentId: 'bot' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const body = created.json();
    expect(body).toMatchObject({ tenantId: tenant, role: 'agent', name: 'support bot', agentId: 'bot' });
    expect(body.key).toMatch(/^molt_[A-Za-z0-9_-]{32}$/);
    expect(body.revokedAt).toBeNull();
    // At once: no restart, no cache to wait for.
    const asAgent = await call(body.key, 'GET', '/v1/sessions/none/context');
    expect(asAgent.statusCode).toBe(404);
    // Listed without its secret; the secret is never answered again.
    const listed = await call(operator.key, 'GET', '/v1/keys');
    expect(listed.json().items.map((k: { id: string }) => k.id)).toContain(body.id);
    expect(listed.body).not.toContain(body.key);
    // An agent key cannot make keys, of any role.
    for (const role of ['agent', 'operator']) {
      const refused = await create(body.key, { role });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('molt_');
    }
    // Revoked: refused at once.
    expect((await call(operator.key, 'DELETE', `/v1/keys/${body.id}`)).statusCode).toBe(200);
    expect((await call(body.key, 'GET', '/v1/sessions/none/context')).statusCode).toBe(401);
  });

  it('makes keys of the caller’s own tenant only; another tenant’s keys stay invisible', async () => {
    const tenantA = `keys-a-${randomUUID()}`;
    const tenantB = `keys-b-${randomUUID()}`;
    const operatorA = await createApiKey(h.database.db, { tenantId: tenantA, role: 'operator' });
    const operatorB = await createApiKey(h.database.db, { tenantId: tenantB, role: 'operator' });
    const forB = await create(operatorA.key, { role: 'operator', tenantId: tenantB });
    expect(forB.statusCode).toBe(403);
    expect(forB.json().error.message).toMatch(/own tenant only/);
    const made = (await create(operatorA.key, { role: 'operator', tenantId: tenantA })).json();
    expect(made.tenantId).toBe(tenantA);
    const seenByB = await call(operatorB.key, 'GET', '/v1/keys');
    expect(seenByB.json().items.map((k: { id: string }) => k.id)).toEqual([operatorB.id]);
    expect((await call(operatorB.key, 'DELETE', `/v1/keys/${made.id}`)).statusCode).toBe(404);
    // The new operator key manages tenant A's keys, the one that made it among them.
    expect((await call(made.key, 'DELETE', `/v1/keys/${operatorA.id}`)).statusCode).toBe(200);
  });

  it.each([
    [{ role: 'admin' }, /role/],
    [{ role: 'operator', agentId: 'bot' }, /agentId/],
    [{ role: 'agent', agentId: '' }, /agentId/],
    [{ role: 'agent', name: '   ' }, /name/],
    [{ role: 'agent', name: 'x'.repeat(201) }, /name/],
    [{ role: 'agent', keyHash: 'ab' }, /keyHash|unrecognized/i],
    [{ role: 'agent', tenantId: 'a:b' }, /tenantId|own tenant/],
  ])('refuses %j naming what is wrong', async (payload, named) => {
    const operator = await createApiKey(h.database.db, {
      tenantId: `keys-bad-${randomUUID()}`,
      role: 'operator',
    });
    const refused = await create(operator.key, payload);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json().error.message).toMatch(named);
    expect((await call(operator.key, 'GET', '/v1/keys')).json().items).toHaveLength(1);
  });

  it.each([
    ['Fastify’s own request log', undefined],
    ['one line a request', 'all' as const],
  ])('never writes a new key to the log (%s)', async (_name, requestLog) => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApi(
      {
        db: h.database.db,
        temporal: h.client,
        taskQueue: h.taskQueue,
        defaultContextWindowTokens: 200_000,
        auth: 'required',
      },
      { loggerInstance: pino({ level: 'trace' }, sink), ...(requestLog ? { requestLog } : {}) },
    );
    try {
      const operator = await createApiKey(h.database.db, {
        tenantId: `keys-log-${randomUUID()}`,
        role: 'operator',
      });
      const created = await app.inject({
        method: 'POST',
        url: '/v1/keys',
        headers: { authorization: `Bearer ${operator.key}` },
        payload: { role: 'agent' },
      });
      expect(created.statusCode).toBe(201);
      const log = lines.join('');
      expect(log).toContain('/v1/keys');
      expect(log).not.toContain(created.json().key);
      expect(log).not.toContain(operator.key);
    } finally {
      await app.close();
    }
  });
});

describe('API keys for operators', () => {
  it('lists the tenant’s keys without any secret, and a revoked key stops authenticating at once', async () => {
    const tenant = `keys-${randomUUID()}`;
    const operator = await createApiKey(h.database.db, { tenantId: tenant, role: 'operator' });
    const agent = await createApiKey(h.database.db, { tenantId: tenant, role: 'agent', agentId: 'bot' });
    const other = await createApiKey(h.database.db, { tenantId: `other-${randomUUID()}`, role: 'operator' });

    const listed = await call(operator.key, 'GET', '/v1/keys');
    expect(listed.statusCode).toBe(200);
    const items = listed.json().items;
    expect(items.map((k: { id: string }) => k.id).sort()).toEqual([operator.id, agent.id].sort());
    expect(items.find((k: { id: string }) => k.id === agent.id)).toMatchObject({
      role: 'agent',
      agentId: 'bot',
      revokedAt: null,
    });
    for (const secret of [operator.key, agent.key, 'keyHash', other.id])
      expect(listed.body).not.toContain(secret);

    expect((await call(agent.key, 'GET', '/v1/keys')).statusCode).toBe(403);
    // Another tenant's operator cannot see or revoke this tenant's key.
    expect((await call(other.key, 'DELETE', `/v1/keys/${agent.id}`)).statusCode).toBe(404);
    expect((await call(agent.key, 'GET', '/v1/sessions/none/context')).statusCode).toBe(404);

    const revoked = await call(operator.key, 'DELETE', `/v1/keys/${agent.id}`);
    expect(revoked.json()).toEqual({ id: agent.id, revoked: true });
    expect((await call(agent.key, 'GET', '/v1/sessions/none/context')).statusCode).toBe(401);
    const after = (await call(operator.key, 'GET', '/v1/keys')).json().items;
    expect(after.find((k: { id: string }) => k.id === agent.id).revokedAt).toEqual(expect.any(String));
    // Revoking again is no error and changes nothing.
    expect((await call(operator.key, 'DELETE', `/v1/keys/${agent.id}`)).statusCode).toBe(200);
  });

  it('refuses to revoke the tenant’s last operator key, and allows it once another exists', async () => {
    const tenant = `keys-last-${randomUUID()}`;
    const only = await createApiKey(h.database.db, { tenantId: tenant, role: 'operator' });
    const refused = await call(only.key, 'DELETE', `/v1/keys/${only.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/last operator key.*molt keys create --role operator/);
    expect((await call(only.key, 'GET', '/v1/keys')).statusCode).toBe(200);

    const second = await createApiKey(h.database.db, { tenantId: tenant, role: 'operator' });
    expect((await call(second.key, 'DELETE', `/v1/keys/${only.id}`)).statusCode).toBe(200);
    expect((await call(only.key, 'GET', '/v1/keys')).statusCode).toBe(401);
    expect((await call(second.key, 'DELETE', `/v1/keys/${second.id}`)).statusCode).toBe(409);
  });
});
