/**
 * `molt keys bootstrap` (compose's molt-init, docs/deployment.md): the first start creates the
 * tenant's operator key and prints it once; every later start creates and prints none.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config.js';
import { openConfiguredDatabase } from '../../cli/stack.js';
import { findApiKey, listApiKeys } from '../../db/api-keys.js';
import { scaled } from '../time-scale.js';

const MOLT = fileURLToPath(new URL('../../bin/molt.mjs', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'molt-bootstrap-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = (): NodeJS.ProcessEnv => {
  const out: NodeJS.ProcessEnv = { ...process.env, MOLT_DATA_DIR: dataDir };
  delete out.DATABASE_URL;
  return out;
};
const bootstrap = () =>
  spawnSync(process.execPath, [MOLT, 'keys', 'bootstrap', '--tenant', 'default'], {
    env: env(),
    encoding: 'utf8',
    timeout: scaled(120_000),
  });

it('creates and prints the first operator key once, and nothing on later starts', async () => {
  const first = bootstrap();
  expect(first.status, first.stderr).toBe(0);
  const key = /molt_[A-Za-z0-9_-]{20,}/.exec(first.stdout)?.[0];
  expect(key, first.stdout).toBeDefined();

  const second = bootstrap();
  expect(second.status, second.stderr).toBe(0);
  expect(second.stdout).not.toMatch(/molt_/);
  expect(second.stderr).toMatch(/exist already; none created/);

  const database = await openConfiguredDatabase(loadConfig(env()));
  try {
    expect(await findApiKey(database.db, key!)).toMatchObject({ tenantId: 'default', role: 'operator' });
    expect(await listApiKeys(database.db, 'default')).toHaveLength(1);
  } finally {
    await database.close();
  }
});
