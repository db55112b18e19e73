/**
 * The Temporal server killed and restarted on its SQLite file during a stream of turns (issue 11
 * item 4): every turn that got 202 is applied exactly once, those stored during the outage
 * included (they wait in the outbox, issue 24); once the API has noticed the outage a turn gets
 * 503 with Retry-After, writes nothing, and is stored when the agent retries it after the restart.
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
  'applies every acknowledged turn exactly once across a Temporal restart; refused outage turns get 503 and land on retry',
  async () => {
    const sessionId = uniqueSessionId('temporal-restart');
    const post = (i: number) =>
      h.app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/turns`, payload: turn(i) });

    for (let i = 0; i < 5; i++) expect((await post(i)).statusCode).toBe(202);

    process.kill(server.pid, 'SIGKILL');
    // 202 means stored (docs/architecture.md#coalesced-turns): a turn posted before the API has
    // noticed the outage is stored and waits in the outbox; once a delivery has failed, turns are
    // refused with 503 and nothing is written.
    let next = 5;
    const outage: number[] = [];
    const refused = await eventually(
      async () => {
        const i = next++;
        const response = await post(i);
        if (response.statusCode === 202) outage.push(i);
        return { i, response };
      },
      ({ response }) => response.statusCode === 503,
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(refused.response.headers['retry-after']).toBeDefined();
    expect(refused.response.json().error.message).toBe('Temporal is unavailable');
    // Nothing of the refused turn was written; every accepted one was.
    expect(await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 })).toHaveLength(
      2 * (5 + outage.length),
    );

    server = await start();
    // The agent retries what was refused (same turnId), as Retry-After says, then goes on.
    await eventually(
      async () => (await post(refused.i)).statusCode,
      (status) => status === 202,
      { timeoutMs: 120_000, intervalMs: 1_000 },
    );
    const total = refused.i + 5;
    for (let i = refused.i + 1; i < total; i++) {
      await eventually(
        async () => (await post(i)).statusCode,
        (status) => status === 202,
        { timeoutMs: 60_000, intervalMs: 1_000 },
      );
    }

    const stored = await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
    expect(stored).toHaveLength(2 * total);
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 2 * total }, (_, i) => i + 1));
    expect(new Set(stored.map((m) => m.turnId)).size).toBe(total);
    const tokens = stored.reduce((sum, m) => sum + m.tokens, 0);
    // The workflow (which survived the restart on its SQLite file) applied each seq once, the
    // turns stored during the outage included.
    const view = await eventually(
      async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json(),
      (v) => v.lastSeq === 2 * total,
      { timeoutMs: 120_000 },
    );
    expect(view.liveTokens).toBe(tokens);
  },
  scaled(600_000),
);
