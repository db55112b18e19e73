/**
 * The Temporal server killed and restarted on its SQLite file during a stream of turns (issue 11
 * item 4): every turn that got 202 is applied exactly once; a turn during the outage gets 503
 * with Retry-After, writes nothing, and is stored when the agent retries it after the restart.
 * The test runs its own dev server (its own port and SQLite file), not the run's shared one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DevServer, freePort, startDevServer } from '../../cli/temporal-dev-server.js';
import { readMessages } from '../../db/transcript.js';
import { ensureTemporalCli } from '../../scripts/ensure-temporal.js';
import { scaled } from '../time-scale.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

let server: DevServer;
let h: Harness;
let dir: string;
let port: number;
let cliPath: string;

const start = () =>
  startDevServer({
    cliPath,
    port,
    dbFilename: join(dir, 'temporal.sqlite'),
    startTimeoutMs: scaled(120_000),
  });

beforeAll(async () => {
  cliPath = await ensureTemporalCli();
  dir = mkdtempSync(join(tmpdir(), 'molt-temporal-restart-'));
  port = await freePort();
  server = await start();
  h = await startHarness({ temporalAddress: server.address, temporalTimeoutMs: 2_000 });
});
afterAll(async () => {
  await h?.stop();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const turn = (i: number) => ({
  turnId: `t${i}`,
  contextWindowTokens: 1_000_000,
  messages: [
    { role: 'user', content: `question ${i}` },
    { role: 'assistant', content: [{ type: 'text', text: `answer ${i}` }], stopReason: 'stop' },
  ],
});

it(
  'applies every acknowledged turn exactly once across a Temporal restart; outage turns get 503 and land on retry',
  async () => {
    const sessionId = uniqueSessionId('temporal-restart');
    const post = (i: number) =>
      h.app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/turns`, payload: turn(i) });

    for (let i = 0; i < 5; i++) expect((await post(i)).statusCode).toBe(202);

    process.kill(server.pid, 'SIGKILL');
    const refused: number[] = [];
    for (let i = 5; i < 8; i++) {
      const response = await post(i);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.json().error.message).toBe('Temporal is unavailable');
      refused.push(i);
    }
    // Nothing of the refused turns was written.
    expect(await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 })).toHaveLength(10);

    server = await start();
    // The agent retries what was refused (same turnIds), as Retry-After says, then goes on.
    for (const i of refused) {
      await eventually(
        async () => (await post(i)).statusCode,
        (status) => status === 202,
        { timeoutMs: 120_000, intervalMs: 1_000 },
      );
    }
    for (let i = 8; i < 12; i++) {
      await eventually(
        async () => (await post(i)).statusCode,
        (status) => status === 202,
        { timeoutMs: 60_000, intervalMs: 1_000 },
      );
    }

    const stored = await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
    expect(stored).toHaveLength(24);
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(new Set(stored.map((m) => m.turnId)).size).toBe(12);
    const tokens = stored.reduce((sum, m) => sum + m.tokens, 0);
    // The workflow (which survived the restart on its SQLite file) applied each seq once.
    const view = await eventually(
      async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json(),
      (v) => v.lastSeq === 24,
      { timeoutMs: 120_000 },
    );
    expect(view.liveTokens).toBe(tokens);
  },
  scaled(600_000),
);
