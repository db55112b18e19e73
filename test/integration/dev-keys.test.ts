/**
 * Keys beside an open `molt dev` (issue 19 item 9): the embedded PGlite is one process's database,
 * so `molt keys create` against a directory another process holds is refused with a message
 * naming it (it used to write into the same PGlite from a second process, and the key was lost);
 * once the holder is gone the key is created and kept. And an API that started open because no
 * key existed closes as soon as the first key exists, without a restart.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { buildApi } from '../../api/server.js';
import { loadConfig } from '../../cli/config.js';
import { openConfiguredDatabase } from '../../cli/stack.js';
import { countApiKeys, createApiKey } from '../../db/api-keys.js';
import { openDatabase } from '../../db/client.js';
import { scaled } from '../time-scale.js';
import { eventually } from './harness.js';

const MOLT = fileURLToPath(new URL('../../bin/molt.mjs', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'molt-keys-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = (): NodeJS.ProcessEnv => {
  const out: NodeJS.ProcessEnv = { ...process.env, MOLT_DATA_DIR: dataDir };
  delete out.DATABASE_URL;
  return out;
};
const keysCreate = (tenant: string) =>
  spawnSync(process.execPath, [MOLT, 'keys', 'create', '--tenant', tenant, '--role', 'operator'], {
    env: env(),
    encoding: 'utf8',
    timeout: scaled(120_000),
  });

it('refuses `molt keys create` while another process holds the PGlite, and keeps the key once it is free', async () => {
  const config = loadConfig(env());
  const held = await openConfiguredDatabase(config);
  // A second opener in this process is refused too.
  await expect(openConfiguredDatabase(config)).rejects.toThrow(/is open in process \d+/);
  const refused = keysCreate('acme');
  expect(refused.status, refused.stderr).not.toBe(0);
  expect(refused.stderr).toContain(`is open in process ${process.pid}`);
  expect(await countApiKeys(held.db)).toBe(0);
  await held.close();

  const created = keysCreate('acme');
  expect(created.status, created.stderr).toBe(0);
  const key = created.stdout.trim();
  expect(key.length).toBeGreaterThanOrEqual(16);
  const reopened = await openConfiguredDatabase(config);
  try {
    expect(await countApiKeys(reopened.db)).toBe(1);
  } finally {
    await reopened.close();
  }
});

it('closes an API that started open as soon as the first key exists', async () => {
  const database = await openDatabase({ pglite: 'memory' });
  await database.migrate();
  const app = await buildApi({
    db: database.db,
    temporal: {} as never,
    taskQueue: 'none',
    defaultContextWindowTokens: 200_000,
    auth: 'open-until-key',
  });
  try {
    const list = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/v1/sessions', headers });
    expect((await list()).statusCode).toBe(200);
    const { key } = await createApiKey(database.db, { tenantId: 'default', role: 'operator' });
    await eventually(
      async () => (await list()).statusCode,
      (status) => status === 401,
      { timeoutMs: 10_000 },
    );
    expect((await list({ authorization: `Bearer ${key}` })).statusCode).toBe(200);
  } finally {
    await app.close();
    await database.close();
  }
});
