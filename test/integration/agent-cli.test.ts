/**
 * The memory CLI as an agent's shell tool runs it (seed 003, Option 1): `node bin/molt.mjs …` as a
 * child process with the agent's environment, stdout not a terminal, against the real stack (API
 * on a port, Temporal, PostgreSQL). remember → search finds it → ls shows it → history; another
 * user's memories never show; bad arguments fail clearly with a non-zero exit; the operator's
 * `molt history <sessionId>` still answers; the snippet is served next to GET /v1/tools.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCliPrompt } from '../../context/memory/cli-prompt.js';
import type { Message } from '../../context/messages.js';
import { prose } from './agent-turns.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

let h: Harness;
let apiUrl: string;
const alice = `alice-${Date.now()}`;
const bob = `bob-${Date.now()}`;
const sessionId = uniqueSessionId('agent-cli');
const transcript: string[] = [];

const clip = (text: string) => (text.length > 700 ? `${text.slice(0, 700)}…` : text);

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `molt …` as an agent's shell tool would: a child process, the agent's env, no terminal. */
function molt(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, MOLT_API_URL: apiUrl, ...env })) {
    if (value !== undefined && !/^MOLT_(USER|AGENT|SESSION)_ID$/.test(key)) childEnv[key] = value;
  }
  for (const key of ['MOLT_USER_ID', 'MOLT_AGENT_ID', 'MOLT_SESSION_ID']) {
    if (env[key] !== undefined) childEnv[key] = env[key]!;
  }
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/molt.mjs', ...args],
      { cwd: REPO_ROOT, env: childEnv, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        transcript.push(
          `$ molt ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ')}   # exit ${code}` +
            `${stdout ? `\n${clip(stdout.trimEnd())}` : ''}${stderr ? `\n[stderr] ${clip(stderr.trimEnd())}` : ''}`,
        );
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const asAlice = { MOLT_USER_ID: alice, MOLT_SESSION_ID: sessionId };
const asBob = { MOLT_USER_ID: bob };

/** A run that succeeded: one JSON line on stdout, nothing on stderr. */
async function ok(args: string[], env: Record<string, string | undefined>): Promise<Json> {
  const run = await molt(args, env);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
  const body = JSON.parse(run.stdout) as Json;
  expect(body.ok).toBe(true);
  return body;
}

/** A run that failed: exit `code`, nothing on stdout, one JSON error on stderr. */
async function fails(args: string[], env: Record<string, string | undefined>, code: number): Promise<Json> {
  const run = await molt(args, env);
  expect(run.code).toBe(code);
  expect(run.stdout).toBe('');
  return run.stderr.trim().startsWith('{') ? JSON.parse(run.stderr) : { text: run.stderr };
}

function op(id: string, path: string, text: string): Message[] {
  return [
    {
      role: 'assistant',
      content: [{ type: 'toolCall', id, name: 'read', arguments: { path } }],
      stopReason: 'toolUse',
    },
    { role: 'toolResult', toolCallId: id, toolName: 'read', content: [{ type: 'text', text }] },
  ];
}

beforeAll(async () => {
  h = await startHarness();
  apiUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const post = async (turn: { turnId: string; messages: Message[] }) => {
    const response = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: { ...turn, contextWindowTokens: 60_000, userId: alice },
    });
    expect(response.statusCode).toBe(202);
    return response.json();
  };
  const first = await post({
    turnId: 't1',
    messages: [
      { role: 'user', content: 'Fix the parser in src/parser.ts.' },
      ...op('r1', 'src/parser.ts', `export function parse() {}\n${prose(1, 2_000)}`),
      { role: 'assistant', content: [{ type: 'text', text: prose(2, 2_000) }] },
    ],
  });
  await eventually(
    async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json(),
    (v) => v.lastSeq === first.turn.toSeq,
  );
  const compacted = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/compact`,
    payload: { keepRecentTokens: 0 },
  });
  expect(compacted.statusCode).toBeLessThan(300);
  await post({ turnId: 't2', messages: [{ role: 'user', content: 'Carry on.' }] });
});

afterAll(async () => {
  if (transcript.length > 0) console.log(`agent CLI transcript:\n${transcript.join('\n')}`);
  await h?.stop();
});

describe('the memory CLI, driven as an agent would', () => {
  it('remember → search finds it → ls shows it → history, all in the environment’s scope', async () => {
    const first = await ok(
      [
        'remember',
        '--content',
        'Prefers dark mode in every editor',
        '--type',
        'preference',
        '--priority',
        '4',
        '--category',
        'ui',
      ],
      asAlice,
    );
    expect(first).toMatchObject({
      duplicate: false,
      memory: {
        type: 'preference',
        category: 'ui',
        priority: 4,
        content: 'Prefers dark mode in every editor',
      },
    });
    const again = await ok(
      ['remember', '--content', 'Prefers dark mode in every editor', '--type', 'preference'],
      asAlice,
    );
    expect(again).toMatchObject({ duplicate: true, memory: { id: first.memory.id } });
    const decision = await ok(
      [
        'remember',
        '--content',
        'Deploys go to fly.io in region ams',
        '--type',
        'decision',
        '--category',
        'deploy',
      ],
      asAlice,
    );
    const bobs = await ok(
      ['remember', '--content', 'Prefers light mode and large fonts', '--type', 'preference'],
      asBob,
    );

    const found = await ok(['search', '--query', 'dark mode editor'], asAlice);
    expect(found.memories[0]).toMatchObject({ id: first.memory.id });
    expect(found.memories.map((m: Json) => m.id)).not.toContain(bobs.memory.id);
    const decisions = await ok(
      ['search', '--query', 'fly.io region', '--type', 'decision', '--limit', '3'],
      asAlice,
    );
    expect(decisions.memories.map((m: Json) => m.id)).toEqual([decision.memory.id]);

    const listed = await ok(['ls'], asAlice);
    expect(listed.scope).toEqual({ userId: alice, agentId: null });
    expect(listed.total).toBe(2);
    expect(listed.directories.map((d: Json) => [d.path, d.count, d.categories])).toEqual([
      ['memories/preference/', 1, { ui: 1 }],
      ['memories/decision/', 1, { deploy: 1 }],
    ]);

    const history = await ok(['history'], asAlice);
    expect(history.session).toMatchObject({ id: sessionId, compactions: { total: 1 } });
    expect(history.summary.text.length).toBeGreaterThan(0);
    expect(history.restoredFiles).toEqual([
      expect.objectContaining({ path: 'src/parser.ts', operation: 'read' }),
    ]);
  });

  it("never shows another user's memories", async () => {
    const bobSees = await ok(['search', '--query', 'dark mode editor'], asBob);
    expect(bobSees.memories.every((m: Json) => !m.content.includes('dark mode'))).toBe(true);
    const bobList = await ok(['ls'], asBob);
    expect(bobList.total).toBe(1);
    expect(JSON.stringify(bobList)).not.toContain('dark mode');
    // Only the session in the environment: alice's session resolves to alice, never to bob.
    const viaSession = await ok(['ls'], { MOLT_SESSION_ID: sessionId });
    expect(viaSession.scope.userId).toBe(alice);
  });

  it('fails clearly, with a non-zero exit, on bad arguments or environment', async () => {
    expect((await fails(['remember'], asAlice, 2)).error).toMatchObject({
      code: 'usage',
      message: expect.stringContaining('--content'),
    });
    expect((await fails(['search', '--query', 'x', '--limit', '0'], asAlice, 2)).error.message).toContain(
      '--limit',
    );
    expect(
      (await fails(['remember', '--content', 'x', '--type', 'mood'], asAlice, 2)).error.message,
    ).toContain('--type');
    expect((await fails(['ls'], {}, 2)).error.message).toContain('MOLT_USER_ID');
    expect((await fails(['history'], asBob, 2)).error.message).toContain('MOLT_SESSION_ID');
    // No argument names a user: the option does not exist.
    expect((await fails(['remember', '--content', 'x', '--user', bob], asAlice, 2)).error).toMatchObject({
      code: 'usage',
      message: "unknown option '--user'",
    });
    const unknownSession = await fails(['history'], { MOLT_SESSION_ID: 'no-such-session' }, 1);
    expect(unknownSession.error.code).toBe('not_found');
  });

  it("leaves the operator's `molt history <sessionId>` as it was", async () => {
    const run = await molt(['history', sessionId, '--json'], {});
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).runs.length).toBeGreaterThan(0);
  });

  it('serves the snippet that teaches the CLI next to GET /v1/tools', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/v1/tools/cli-prompt' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.prompt).toBe(agentCliPrompt());
    expect(body.commands.map((c: Json) => c.name)).toEqual(['remember', 'search', 'ls', 'history', 'expand']);
    expect(body.env).toContain('MOLT_USER_ID');
  });
});
