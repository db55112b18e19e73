/** `GET /v1/keys` and `DELETE /v1/keys/{keyId}` (issue 23 item 6): operators list and revoke keys. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
