/**
 * The console's keys page in a real headless Chromium against the real stack: the tenant's keys
 * listed without secrets, a revocation that asks once more (Cancel leaves the key working, Yes
 * refuses it at once), and a key created from the page: its secret shown once, working at once,
 * and gone from the page when dismissed. Creation needs `POST /v1/keys` (issue 34 item 3); where
 * the running API has no such route, that one test says so and is skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../db/api-keys.js';
import { DEFAULT_TENANT_ID } from '../../db/transcript.js';
import { eventually, uniqueSessionId } from '../integration/harness.js';
import { type ConsoleStack, screenshot, startConsoleStack, WAIT } from './stack.js';

let s: ConsoleStack;
let createRoute: boolean;

/** A request with a given key, as an agent or a script would send it. */
async function withKey(key: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const answer = await s.h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload ? { payload } : {}),
  });
  return answer.statusCode;
}

beforeAll(async () => {
  s = await startConsoleStack();
  // An empty body is a 400 where the route exists, a 404 where it does not.
  createRoute = (await s.api('POST', '/v1/keys', {})).status !== 404;
});

afterAll(async () => {
  await s?.stop();
});

describe('the keys page', () => {
  it('lists the keys without their secrets and revokes one only when confirmed', async () => {
    const doomed = await createApiKey(s.h.database.db, {
      tenantId: DEFAULT_TENANT_ID,
      role: 'agent',
      name: 'ci runner',
    });
    const sessionId = uniqueSessionId('console-keys');
    const page = await s.signedIn('#/keys');
    const listed = (await s.api('GET', '/v1/keys')).body.items as Array<{ id: string }>;
    for (const key of listed) await page.locator(`tr[data-key="${key.id}"]`).waitFor(WAIT());
    const html = await page.content();
    for (const secret of [s.operatorKey, s.agentKey, doomed.key]) expect(html).not.toContain(secret);

    const row = page.locator(`tr[data-key="${doomed.id}"]`);
    await row.getByRole('button', { name: 'Revoke…' }).click();
    await row.getByText('Every request with it is refused from now on').waitFor(WAIT());
    await row.getByRole('button', { name: 'Cancel' }).click();
    expect(await withKey(doomed.key, 'GET', `/v1/sessions/${sessionId}`)).toBe(404); // still accepted
    await row.getByRole('button', { name: 'Revoke…' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await row.getByText('revoked').first().waitFor(WAIT());
    expect(await withKey(doomed.key, 'GET', `/v1/sessions/${sessionId}`)).toBe(401);
    const after = (await s.api('GET', '/v1/keys')).body.items.find((k: { id: string }) => k.id === doomed.id);
    expect(after.revokedAt).not.toBeNull();
    await page.close();
  });

  it('creates a key whose secret is shown once and works at once', async (ctx) => {
    if (!createRoute) {
      ctx.skip(
        'POST /v1/keys is not in this API yet (it comes with issue 34 item 3, the keys API); the page is built against its contract',
      );
    }
    const page = await s.signedIn('#/keys');
    await page.getByLabel('Role').selectOption('agent');
    await page.getByLabel('Name').fill('support bot <b>');
    await page.getByLabel('Bound to agent').fill('support-bot');
    await page.getByRole('button', { name: 'Create the key' }).click();
    const secret = page.getByLabel('The new key');
    await secret.waitFor(WAIT());
    const key = await secret.inputValue();
    expect(key.length).toBeGreaterThan(20);
    await screenshot(page, 'console-keys');

    // It works at once on the running molt: no restart.
    const sessionId = uniqueSessionId('console-new-key');
    expect(await withKey(key, 'GET', `/v1/sessions/${sessionId}`)).toBe(404);
    // The listing holds it, by its name shown as text, without the secret.
    const created = await eventually(
      async () =>
        (await s.api('GET', '/v1/keys')).body.items.find(
          (k: { name: string }) => k.name === 'support bot <b>',
        ),
      (k) => k !== undefined,
    );
    await page.locator(`tr[data-key="${created.id}"]`).getByText('support bot <b>').waitFor(WAIT());
    expect(created.agentId).toBe('support-bot');

    // Dismissed, the secret is gone from the page, and a reload cannot bring it back.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('button', { name: 'Create the key' }).waitFor(WAIT());
    expect(await page.content()).not.toContain(key);
    await page.reload();
    await page.locator(`tr[data-key="${created.id}"]`).waitFor(WAIT());
    expect(await page.content()).not.toContain(key);
    await page.close();
  });
});
