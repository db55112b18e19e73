/**
 * The operator surface on the real stack: the `molt` command run as a child process against the
 * API served on a free port, the OpenAPI document, Swagger UI and the Prometheus metrics.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../fake-llm/server.js';
import { codingTurn } from './agent-turns.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WINDOW = 20_000;

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

let h: Harness;
let fake: FakeLlm;
let apiUrl: string;
/** A session whose one compaction succeeded. */
let succeededSession: string;
let succeededCompaction: string;
/** A session whose one compaction was degraded (the LLM refused every chunk). */
let degradedSession: string;
let degradedCompaction: string;

/** Runs `molt …` as an operator would, against the test's API unless `env` says otherwise. */
function molt(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/molt.mjs', ...args],
      { cwd: REPO_ROOT, env: { ...process.env, MOLT_API_URL: apiUrl, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function moltJson(args: string[]): Promise<Json> {
  const run = await molt([...args, '--json']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Json;
}

const get = async (url: string): Promise<Json> => (await h.app.inject({ method: 'GET', url })).json();
const view = (sessionId: string) => get(`/v1/sessions/${sessionId}`);

/** Posts coding turns until the session's first compaction has attached its summary. */
async function compactOnce(sessionId: string): Promise<string> {
  for (let i = 0; i < 30; i++) {
    const answer = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: { ...codingTurn(i), contextWindowTokens: WINDOW },
    });
    expect(answer.statusCode).toBe(202);
    const applied = await eventually(
      () => view(sessionId),
      (v) => v.lastSeq >= answer.json().turn.toSeq,
    );
    if (applied.upload) {
      const done = await eventually(
        () => view(sessionId),
        (v) => v.summary !== null,
      );
      return done.summary.compactionId as string;
    }
  }
  throw new Error(`no compaction started in session ${sessionId} within 30 turns`);
}

/** A port nothing listens on: one the OS just handed out and took back. */
beforeAll(async () => {
  fake = await startFakeLlm();
  h = await startHarness({ llmBaseUrl: fake.baseUrl });
  apiUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });

  fake.setBehaviour('succeed');
  succeededSession = uniqueSessionId('op-ok');
  succeededCompaction = await compactOnce(succeededSession);

  // 401s are final: every chunk falls back to the extractive digest and the compaction is degraded.
  fake.setBehaviour('auth');
  degradedSession = uniqueSessionId('op-degraded');
  degradedCompaction = await compactOnce(degradedSession);
  await eventually(
    () => get(`/v1/compactions/${degradedCompaction}`),
    (c) => c.status === 'degraded',
  );
  fake.setBehaviour('succeed');
});

afterAll(async () => {
  await h?.stop();
  await fake?.close();
});

describe('molt sessions', () => {
  it('lists sessions as JSON with --json and as a table without', async () => {
    const listed = await moltJson(['sessions', 'list', '--limit', '200']);
    expect(listed.items.map((s: Json) => s.sessionId)).toEqual(
      expect.arrayContaining([succeededSession, degradedSession]),
    );
    expect(listed).toHaveProperty('nextCursor');

    const table = await molt(['sessions', 'list', '--limit', '200']);
    expect(table.code).toBe(0);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^SESSION\s+WINDOW\s+LIVE\s+USED\s+LAST SEQ\s+BOUNDARY\s+BREAKER\s+COMPACTIONS/);
    expect(rows.find((row) => row.startsWith(succeededSession))).toMatch(/20,000\s.*\bclosed\s+1\b/);
  });

  it('pages with --limit and --cursor, and filters on --breaker', async () => {
    const first = await moltJson(['sessions', 'list', '--limit', '1']);
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await moltJson(['sessions', 'list', '--limit', '1', '--cursor', first.nextCursor]);
    expect(second.items[0].sessionId).not.toBe(first.items[0].sessionId);

    // Other test files create sessions concurrently: check the table's own cursor, not the one above.
    const table = await molt(['sessions', 'list', '--limit', '1']);
    const [, row] = table.stdout.split('\n');
    const cursor = /^more: molt sessions list --cursor (\S+)$/m.exec(table.stdout)?.[1];
    expect(cursor).toEqual(expect.any(String));
    const after = await moltJson(['sessions', 'list', '--limit', '1', '--cursor', cursor!]);
    expect(row?.startsWith(after.items[0].sessionId)).toBe(false);

    const open = await moltJson(['sessions', 'list', '--breaker', 'open', '--limit', '200']);
    expect(open.items.map((s: Json) => s.sessionId)).not.toContain(succeededSession);
  });

  it("shows one session's view", async () => {
    const shown = await moltJson(['sessions', 'show', succeededSession]);
    expect(shown).toEqual(await view(succeededSession));

    const table = await molt(['sessions', 'show', succeededSession]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`^session\\s+${succeededSession}$`, 'm'));
    expect(table.stdout).toMatch(new RegExp(`^summary\\s+${succeededCompaction} \\(`, 'm'));
    expect(table.stdout).toMatch(/^breaker\s+closed, 0 consecutive failures$/m);
  });

  it("exits non-zero with the API's message for an unknown session", async () => {
    const unknown = uniqueSessionId('op-unknown');
    const run = await molt(['sessions', 'show', unknown]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`molt: session ${unknown} not found (HTTP 404 not_found)`);
  });
});

describe('molt compactions', () => {
  it('lists the compactions of a session', async () => {
    const listed = await moltJson(['compactions', 'list', '--session', succeededSession]);
    expect(listed.items).toEqual([
      expect.objectContaining({ id: succeededCompaction, status: 'succeeded', trigger: 'threshold' }),
    ]);

    const table = await molt(['compactions', 'list', '--session', succeededSession]);
    expect(table.code).toBe(0);
    const [header, row] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(
      /^COMPACTION\s+SESSION\s+TRIGGER\s+STATUS\s+VERDICT\s+SEQS\s+TOKENS\s+STARTED \(UTC\)\s+TOOK\s+CAUSE$/,
    );
    expect(row).toMatch(
      new RegExp(
        `^${succeededCompaction}\\s+${succeededSession}\\s+threshold\\s+succeeded\\s+compacted\\s+1–\\d+\\s+[\\d,]+ → [\\d,]+`,
      ),
    );
  });

  it('filters on --status', async () => {
    const degraded = await moltJson(['compactions', 'list', '--status', 'degraded', '--limit', '200']);
    const ids = degraded.items.map((c: Json) => c.id);
    expect(ids).toContain(degradedCompaction);
    expect(ids).not.toContain(succeededCompaction);
  });

  it('shows a compaction with its summary, TODOs, files, tool failures and chunks', async () => {
    const shown = await moltJson(['compactions', 'show', succeededCompaction]);
    expect(shown).toMatchObject({
      id: succeededCompaction,
      sessionId: succeededSession,
      status: 'succeeded',
    });
    expect(shown.summary).toEqual(expect.any(String));

    const table = await molt(['compactions', 'show', succeededCompaction]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`^compaction\\s+${succeededCompaction}$`, 'm'));
    expect(table.stdout).toContain(`\nSummary\n  ${shown.summary.split('\n')[0]}`);
    expect(table.stdout).toMatch(/\nTODOs\n {2}\[[ x]\] .*regression test for batch/);
    expect(table.stdout).toMatch(/\nFiles\n {2}read\s+src\/module0\.ts/);
    expect(table.stdout).toMatch(/\nTool failures\n {2}TOOL\s+META\s+SUMMARY\n {2}exec\b/);
    expect(table.stdout).toMatch(/\nChunks\n {2}CHUNK\s+SEQS\s+TOKENS\s+LEVEL\s+ATTEMPTS\s+STATUS/);
  });

  it('shows the summary in force as the working memory (molt working-memory)', async () => {
    const answer = await moltJson(['working-memory', succeededSession]);
    expect(answer).toMatchObject({ sessionId: succeededSession, compactionId: succeededCompaction });
    expect(answer.workingMemory.filesRead).toContain('src/module0.ts');
    const table = await molt(['working-memory', succeededSession]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`^Compaction\\s+${succeededCompaction}$`, 'm'));
    expect(table.stdout).toContain(`\nSummary in force\n  ${answer.text.split('\n')[0]}`);
  });

  it('replays a degraded compaction as a new attempt', async () => {
    const replayed = await moltJson(['compactions', 'replay', degradedCompaction]);
    expect(replayed.compaction).toMatchObject({ trigger: 'replay', replayOf: degradedCompaction });
    expect(replayed.compaction.id).not.toBe(degradedCompaction);
    await eventually(
      () => get(`/v1/compactions/${replayed.compaction.id}`),
      (c) => c.status === 'succeeded',
    );
  });

  it("refuses to replay a compaction that succeeded, with the API's reason", async () => {
    const run = await molt(['compactions', 'replay', succeededCompaction]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('only failed, degraded or cancelled compactions are replayed');
    expect(run.stderr).toContain('HTTP 409 not_replayable');
  });
});

describe('molt breaker reset', () => {
  it('answers with the session view, breaker closed', async () => {
    const reset = await moltJson(['breaker', 'reset', degradedSession]);
    expect(reset).toMatchObject({ sessionId: degradedSession, breaker: { state: 'closed' } });

    const table = await molt(['breaker', 'reset', degradedSession]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^breaker closed\n\nsession\s+/);
  });
});

describe('molt history', () => {
  it("prints the session workflow's runs and the compaction runs with their events", async () => {
    const history = await moltJson(['history', succeededSession]);
    const [sessionRun] = history.runs;
    expect(sessionRun.events[0]).toMatchObject({
      id: 1,
      type: 'WorkflowExecutionStarted',
      summary: 'sessionWorkflow started',
    });
    const compactionRun = history.runs.find((run: Json) =>
      run.events.some((e: Json) => e.summary === 'compactionWorkflow started'),
    );
    expect(compactionRun).toMatchObject({ status: 'COMPLETED' });

    // By default a summary: each run, its event count and span, the events counted by type.
    const { code, stdout } = await molt(['history', succeededSession]);
    expect([code, stdout.includes(`${sessionRun.workflowId}  ${sessionRun.status}  (`)]).toEqual([0, true]);
    expect(stdout).toMatch(/^ {2}EVENTS\s+TYPE\n {2}\s*\d+\s+\w+$/m);
    expect(stdout).toMatch(/^ {2}\s*1\s+WorkflowExecutionStarted$/m);
    expect(stdout).not.toContain('sessionWorkflow started');
    const table = await molt(['history', succeededSession, '--raw']);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(`${sessionRun.workflowId}  run ${sessionRun.runId}  ${sessionRun.status}`);
    expect(table.stdout).toMatch(/^ {2}EVENT\s+TIME \(UTC\)\s+TYPE\s+SUMMARY$/m);
    expect(table.stdout).toMatch(
      /^ {2}\s*1\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\s+WorkflowExecutionStarted\s+sessionWorkflow started$/m,
    );
    expect(table.stdout).toContain('compactionWorkflow started');
  });
});

describe('GET /v1/compactions', () => {
  it('filters on sessionId and status', async () => {
    const ofSession = await get(`/v1/compactions?sessionId=${degradedSession}&limit=200`);
    expect(ofSession.items.length).toBeGreaterThanOrEqual(2); // the degraded one and its replay
    expect(ofSession.items.every((c: Json) => c.sessionId === degradedSession)).toBe(true);

    const degraded = await get(`/v1/compactions?sessionId=${degradedSession}&status=degraded`);
    expect(degraded.items.map((c: Json) => c.id)).toEqual([degradedCompaction]);
    const failed = await get(`/v1/compactions?sessionId=${succeededSession}&status=failed`);
    expect(failed).toEqual({ items: [], nextCursor: null, total: 0, totalCapped: false });
  });

  it('pages newest first with an opaque cursor', async () => {
    const first = await get(`/v1/compactions?sessionId=${degradedSession}&limit=1`);
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await get(
      `/v1/compactions?sessionId=${degradedSession}&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    expect(second.items).toHaveLength(1);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect(Date.parse(second.items[0].startedAt)).toBeLessThanOrEqual(Date.parse(first.items[0].startedAt));
  });

  it('rejects a cursor it did not issue', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/v1/compactions?cursor=not-a-cursor' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('query.cursor: not a cursor this API issued');
  });
});

describe('the service endpoints', () => {
  it('GET /metrics exports request, turn and compaction metrics in Prometheus text', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(/^molt_turns_total\{outcome="appended"\} [1-9]\d*$/m);
    expect(text).toMatch(/^molt_compactions\{status="succeeded"\} [1-9]\d*$/m);
    expect(text).toMatch(/^molt_compactions\{status="degraded"\} [1-9]\d*$/m);
    expect(text).toMatch(/^molt_compactions\{status="failed"\} \d+$/m);
    expect(text).toMatch(/^molt_sessions_total [1-9]\d*$/m);
    expect(text).toMatch(/^molt_sessions_breaker_open \d+$/m);
    expect(text).toMatch(/^molt_metrics_database_up 1$/m);
    // By route template, never the raw URL.
    expect(text).toMatch(
      /^molt_http_requests_total\{method="POST",route="\/v1\/sessions\/:sessionId\/turns",status="202"\} [1-9]\d*$/m,
    );
    expect(text).toMatch(
      /^molt_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/v1\/sessions\/:sessionId",status="200"\} [1-9]\d*$/m,
    );
    expect(text).not.toContain(succeededSession);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('counts a replayed turn and a conflicting one', async () => {
    const sessionId = uniqueSessionId('op-turns');
    const post = (content: string) =>
      h.app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/turns`,
        payload: { turnId: 't1', messages: [{ role: 'user', content }] },
      });
    const count = async (outcome: string) => {
      const text = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
      return Number(
        text.match(new RegExp(`^molt_turns_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm'))?.[1] ?? 0,
      );
    };
    const before = { replayed: await count('replayed'), conflict: await count('conflict') };
    expect((await post('hello')).statusCode).toBe(202);
    expect((await post('hello')).statusCode).toBe(202);
    expect((await post('something else')).statusCode).toBe(409);
    expect(await count('replayed')).toBe(before.replayed + 1);
    expect(await count('conflict')).toBe(before.conflict + 1);
  });
});
