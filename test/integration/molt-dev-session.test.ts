/**
 * A newcomer's `molt dev` (issue 34 items 2 and 3), on the embedded PGlite, its terminal in the
 * pretty form a terminal gets (MOLT_LOG_FORMAT=pretty stands in for the TTY):
 *
 * - through a 30-turn session (a turn and a context read each, compactions on the way) the
 *   terminal stays readable: no JSON, no stack, no task token, at most a line per request;
 * - `GET /` leads to the console;
 * - keys without a restart: `molt keys create` asks the running molt (the first key an operator
 *   key), the API requires keys from then on, a key made through it works at once and a revoked
 *   one stops at once, and the 401 hint names what works beside `molt dev`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../cli/temporal-dev-server.js';
import { createMoltClient } from '../../client/index.js';
import { scaled } from '../time-scale.js';
import { eventually } from './harness.js';

const MOLT = fileURLToPath(new URL('../../bin/molt.mjs', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'molt-dev-session-'));
const TURNS = 30;
let child: ChildProcess | undefined;
let output = '';
let api = '';

function devEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MOLT_DATA_DIR: dataDir, MOLT_LOG_FORMAT: 'pretty' };
  for (const name of [
    'DATABASE_URL',
    'TEMPORAL_ADDRESS',
    'MOLT_API_KEY',
    'MOLT_LOG_REQUESTS',
    'MOLT_LOG_LEVEL',
  ])
    delete env[name];
  return env;
}

/** `molt …` beside the running `molt dev`, on its data directory. */
function molt(args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [MOLT, ...args], {
    env: { ...devEnv(), MOLT_API_URL: api, ...env },
    encoding: 'utf8',
    timeout: scaled(120_000),
  });
}

beforeAll(async () => {
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [MOLT, 'dev'], {
    env: { ...devEnv(), MOLT_API_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  await eventually(
    async () => output,
    (text) => text.includes('Ctrl-C stops everything.'),
    { timeoutMs: 120_000, intervalMs: 100 },
  );
}, scaled(180_000));

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A coding session's turn: a request, a tool call and its long result, an answer. */
function turn(i: number) {
  return [
    { role: 'user', content: `Step ${i}: run the tests of module ${i} and fix what fails.` },
    {
      role: 'assistant',
      content: [
        { type: 'toolCall', id: `call-${i}`, name: 'bash', arguments: { command: `npm test -- m${i}` } },
      ],
      stopReason: 'toolUse',
    },
    {
      role: 'toolResult',
      toolCallId: `call-${i}`,
      toolName: 'bash',
      content: [
        { type: 'text', text: `PASS m${i}/a.test.ts\n${'ok — a passing assertion line\n'.repeat(60)}` },
      ],
      isError: false,
    },
    {
      role: 'assistant',
      content: [{ type: 'text', text: `Module ${i} passes; I changed nothing.` }],
      stopReason: 'stop',
    },
  ];
}

describe('a newcomer’s molt dev', () => {
  it(`keeps its terminal readable through a ${TURNS}-turn session`, async () => {
    const before = output.split('\n').length;
    const client = createMoltClient({ baseUrl: api, retries: 0, timeoutMs: scaled(60_000) });
    let requests = 0;
    for (let i = 1; i <= TURNS; i++) {
      const posted = await client.api.POST('/v1/sessions/{sessionId}/turns', {
        params: { path: { sessionId: 'newcomer' } },
        body: { turnId: `t${i}`, contextWindowTokens: 8_000, messages: turn(i) as never },
      });
      expect(posted.response.status, JSON.stringify(posted.error)).toBe(202);
      const context = await client.api.GET('/v1/sessions/{sessionId}/context', {
        params: { path: { sessionId: 'newcomer' } },
      });
      expect(context.response.status).toBe(200);
      requests += 2;
    }
    const view = await eventually(
      async () =>
        (await client.api.GET('/v1/sessions/{sessionId}', { params: { path: { sessionId: 'newcomer' } } }))
          .data,
      (v) => v?.lastSeq === TURNS * 4 && (v?.compactions.total ?? 0) > 0,
      { timeoutMs: 120_000 },
    );
    expect(view?.compactions.total).toBeGreaterThan(0);

    const lines = output
      .split('\n')
      .slice(before)
      .filter((line) => line.trim() !== '');
    expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(requests / 4);
    for (const line of lines) {
      expect(line, 'a JSON log line').not.toMatch(/^\s*\{/);
      expect(line, 'a stack trace').not.toMatch(/^\s+at /);
      expect(line, 'a task token').not.toMatch(/taskToken/i);
      expect(line.length).toBeLessThanOrEqual(400);
    }
  });

  it('leads GET / to the console', async () => {
    const root = await fetch(`${api}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/ui/');
  });

  it('creates, uses and revokes keys without a restart', async () => {
    // While the API is open, the first key must be an operator's (else nobody could manage keys).
    const agentFirst = molt(['keys', 'create', '--tenant', 'default', '--role', 'agent']);
    expect(agentFirst.status).toBe(1);
    expect(agentFirst.stderr).toMatch(/first key must be an operator key/);

    const first = molt(['keys', 'create', '--tenant', 'default', '--role', 'operator', '--name', 'laptop']);
    expect(first.status, first.stderr).toBe(0);
    const operatorKey = first.stdout.trim();
    expect(operatorKey).toMatch(/^molt_/);
    expect(first.stderr).toMatch(/created by the molt dev at http:\/\/127\.0\.0\.1:\d+/);

    // The API closes with its first key, without a restart.
    await eventually(
      async () => (await fetch(`${api}/v1/sessions`)).status,
      (status) => status === 401,
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    const refused = molt(['sessions', 'list']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/HTTP 401/);
    expect(refused.stderr).toMatch(/beside a running `molt dev`/);
    expect(refused.stderr).toMatch(/MOLT_BOOTSTRAP_API_KEY/);
    // Without a key, `molt keys create` is refused now, with the same hint.
    const noKey = molt(['keys', 'create', '--tenant', 'default']);
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toMatch(/HTTP 401[\s\S]*MOLT_API_KEY/);

    const asOperator = { MOLT_API_KEY: operatorKey };
    const agent = molt(
      ['keys', 'create', '--tenant', 'default', '--role', 'agent', '--name', 'bot'],
      asOperator,
    );
    expect(agent.status, agent.stderr).toBe(0);
    const agentKey = agent.stdout.trim();
    const agentEnv = { MOLT_API_KEY: agentKey, MOLT_SESSION_ID: 'newcomer' };
    // At once: the agent's own verbs work with it.
    const remembered = molt(['remember', '--content', 'The newcomer prefers dark mode.'], agentEnv);
    expect(remembered.status, remembered.stderr).toBe(0);
    expect(JSON.parse(remembered.stdout)).toMatchObject({ ok: true });
    // An agent key manages no keys.
    const agentMakes = molt(['keys', 'create', '--tenant', 'default', '--role', 'agent'], {
      MOLT_API_KEY: agentKey,
    });
    expect(agentMakes.status).toBe(1);
    expect(agentMakes.stderr).toMatch(/HTTP 403/);

    const listed = molt(['keys', 'list', '--json'], asOperator);
    expect(listed.status, listed.stderr).toBe(0);
    const items = JSON.parse(listed.stdout).items as Array<{
      id: string;
      name: string;
    }>;
    expect(items.map((k) => k.name).sort()).toEqual(['bot', 'laptop']);
    expect(listed.stdout).not.toContain(agentKey);
    const agentId = items.find((k) => k.name === 'bot')?.id;
    expect(agentId).toBeDefined();

    expect(molt(['keys', 'revoke', agentId!], asOperator).status).toBe(0);
    const revoked = molt(['search', '--query', 'dark mode'], agentEnv);
    expect(revoked.status).toBe(1);
    expect(JSON.parse(revoked.stderr.trim())).toMatchObject({ ok: false, error: { code: 'unauthorized' } });

    // No key was ever written to the terminal by the running molt.
    expect(output).not.toContain(operatorKey);
    expect(output).not.toContain(agentKey);
  });

  it('stops on SIGINT and leaves no note for the next command', async () => {
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'molt-dev.json'))).toBe(false);
  });
});
