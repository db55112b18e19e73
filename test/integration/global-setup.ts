/**
 * One Temporal dev server and one fresh PostgreSQL database for the whole integration run
 * (starting a server per file races and is slow). Files `inject` the addresses.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workflowInterceptorModules } from '@temporalio/testing';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startDevServer } from '../../cli/temporal-dev-server.js';
import { openDatabase } from '../../db/client.js';
import { ensureTemporalCli } from '../../scripts/ensure-temporal.js';
import { buildWorkflowBundle } from '../../worker/bundle.js';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    databaseUrl: string;
    workflowBundlePath: string;
  }
}

/** The server to create test databases on: DATABASE_URL's, or the machine's local PostgreSQL. */
function adminUrl(): string {
  const base = process.env.MOLT_TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) return 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(base);
  url.pathname = '/postgres';
  return url.toString();
}

export default async function setup(project: TestProject) {
  const cliPath = await ensureTemporalCli();
  const [server, bundle] = await Promise.all([
    startDevServer({ cliPath, startTimeoutMs: 120_000 }),
    buildWorkflowBundle({ workflowInterceptorModules }),
  ]);

  const admin = adminUrl();
  const databaseName = `molt_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${databaseName}`);
  await adminClient.end();
  const databaseUrl = new URL(admin);
  databaseUrl.pathname = `/${databaseName}`;
  const handle = await openDatabase({ url: databaseUrl.toString() });
  await handle.migrate();
  await handle.close();

  const bundleDir = mkdtempSync(join(tmpdir(), 'molt-bundle-'));
  const workflowBundlePath = join(bundleDir, 'workflow-bundle.js');
  writeFileSync(workflowBundlePath, bundle.code);

  project.provide('temporalAddress', server.address);
  project.provide('databaseUrl', databaseUrl.toString());
  project.provide('workflowBundlePath', workflowBundlePath);

  return async () => {
    await server.stop();
    rmSync(bundleDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await client.end();
  };
}
