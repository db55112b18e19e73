/**
 * The real OpenClaw (2026.9.6, run with Node 26) with molt as its context engine: the plugin
 * installed from integrations/openclaw with `openclaw plugins install`, molt on the real stack
 * (Temporal dev server + PostgreSQL, extractive summarizer), and the fake OpenAI-compatible
 * server as the model. One session, a few turns with big messages (each turn is a whole `openclaw
 * agent --local` process, about 11 s).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createMoltEngine } from '../../integrations/openclaw/src/engine.js';
import { type FakeLlm, type RecordedCall, respondWith, startFakeLlm } from '../fake-llm/server.js';
import { eventually, type Harness, type Json, startHarness } from '../integration/harness.js';
import { assertRan, freePort, OpenClawHome, PLUGIN_DIR, type RunResult, type TraceLine } from './openclaw.js';

/**
 * OpenClaw's own system prompt and tool schemas (about 10K tokens) count once molt calibrates from
 * the usage OpenClaw reports, so the window is large enough that they leave each step's margin:
 * ALPHA + BRAVO cross the 35% upload threshold, CHARLIE alone does not.
 */
const CONTEXT_WINDOW = 128_000;
const SESSION = `oc-${randomUUID()}`;
const SESSION_KEY = `agent:main:explicit:${SESSION}`;

let h: Harness;
let fake: FakeLlm;
let home: OpenClawHome;
let moltUrl: string;
let moltStopped = false;
let answers = 0;
/** The text of each turn's user message, by tag. */
const sent = new Map<string, string>();
/** Turns OpenClaw completed (one `openclaw agent` process each). */
let completedTurns = 0;

/** About `tokens` tokens of text (4 characters a token) that no other turn contains. */
function bigMessage(tag: string, tokens: number): string {
  const lines: string[] = [`Turn ${tag}: please keep these build notes in mind.`];
  for (let i = 0; lines.join('\n').length < tokens * 4; i++) {
    lines.push(`${tag} note ${i}: module ${tag.toLowerCase()}-${i} compiled after step ${i * 7}.`);
  }
  return lines.join('\n');
}

const textOf = (call: RecordedCall | undefined) => JSON.stringify(call?.messages ?? []);
const api = async (url: string): Promise<Json> => (await h.app.inject({ method: 'GET', url })).json();
const sessionView = () => api(`/v1/sessions/${SESSION}`);

async function turn(tag: string, message: string): Promise<{ result: RunResult; calls: RecordedCall[] }> {
  sent.set(tag, message);
  const from = fake.calls.length;
  const result = await home.agentTurn(SESSION, message);
  assertRan(result);
  completedTurns++;
  return { result, calls: fake.calls.slice(from) };
}

/** The plugin methods each OpenClaw process called, in order. */
function methodsByProcess(trace: TraceLine[]): string[][] {
  const byPid = new Map<number, string[]>();
  for (const line of trace) byPid.set(line.pid, [...(byPid.get(line.pid) ?? []), line.method]);
  return [...byPid.values()];
}

async function quiescent(): Promise<Json> {
  return eventually(sessionView, (view) => view.upload?.status !== 'running', {
    timeoutMs: 90_000,
    intervalMs: 250,
  });
}

beforeAll(async () => {
  h = await startHarness();
  moltUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  fake = await startFakeLlm({ behaviour: respondWith(() => `Fake answer ${++answers}.`) });
  home = new OpenClawHome({
    llmBaseUrl: fake.baseUrl,
    contextWindow: CONTEXT_WINDOW,
    gatewayPort: await freePort(),
    pluginConfig: {
      apiUrl: moltUrl,
      timeouts: { requestMs: 5_000, compactMs: 120_000, downForMs: 5_000 },
      // Small thresholds so a few big turns cross them.
      settings: { uploadRatio: 0.35, keepRecentTokens: 300 },
    },
  });
  const install = await home.installPlugin();
  expect(install.code, install.stdout + install.stderr).toBe(0);
  expect(install.stdout).toMatch(/Installed plugin/);
});

afterAll(async () => {
  await fake?.close();
  await h?.stop();
  const trace = home?.trace() ?? [];
  // The lead's record: which plugin methods OpenClaw called, per process (turn, gateway).
  console.log(
    `plugin methods per OpenClaw process:\n${methodsByProcess(trace)
      .map((methods, index) => `  ${index + 1}: ${methods.join(' ')}`)
      .join('\n')}`,
  );
  home?.remove();
});

describe('OpenClaw with molt as its context engine', () => {
  it('after a session crosses molt thresholds, the model receives molt summary instead of the old turn', async () => {
    await turn('ALPHA', bigMessage('ALPHA', 16_000));
    const second = await turn('BRAVO', bigMessage('BRAVO', 24_000));
    // Before compaction OpenClaw sent the first turn itself (so the check below can fail).
    expect(textOf(second.calls.at(-1))).toContain(JSON.stringify(sent.get('ALPHA')).slice(1, -1));

    const view = await eventually(sessionView, (v) => v.summary !== null && v.upload?.status !== 'running', {
      timeoutMs: 90_000,
      intervalMs: 250,
    });
    expect(view.compactions.total).toBeGreaterThanOrEqual(1);
    // molt follows the prompt size OpenClaw reports with each answer (its system prompt included).
    expect(view.calibration).toMatchObject({ providerTokens: expect.any(Number) });
    const context = await api(`/v1/sessions/${SESSION}/context`);
    expect(context.summary?.text).toBeTruthy();

    const third = await turn('CHARLIE', bigMessage('CHARLIE', 1_000));
    const request = textOf(third.calls.at(-1));
    expect(request).not.toContain(JSON.stringify(sent.get('ALPHA')).slice(1, -1));
    expect(request).toContain(JSON.stringify(sent.get('BRAVO')).slice(1, -1));
    // The summary reaches the model (OpenClaw renders its compactionSummary message).
    const summaryLine = (context.summary.text as string).split('\n').find((line) => line.trim().length > 20)!;
    expect(request).toContain(JSON.stringify(summaryLine.trim()).slice(1, -1));
  });

  it('an overflow is answered by molt recovery and the retried prompt succeeds', async () => {
    const before = await quiescent();
    fake.enqueue('overflow');
    const fourth = await turn('DELTA', bigMessage('DELTA', 1_500));
    expect(fourth.calls.length).toBeGreaterThanOrEqual(2); // the overflowed call, then the retry
    expect(fourth.result.json?.payloads).toEqual([
      expect.objectContaining({ text: expect.stringMatching(/^Fake answer/) }),
    ]);
    const compacts = home.trace().filter((line) => line.method === 'compact');
    expect(compacts).toContainEqual(expect.objectContaining({ force: true, compactionTarget: 'budget' }));
    const compactions = await api(`/v1/compactions?sessionId=${SESSION}`);
    expect(compactions.items).toContainEqual(
      expect.objectContaining({ trigger: 'overflow', status: 'succeeded' }),
    );
    const after = await sessionView();
    expect(after.boundarySeq).toBeGreaterThan(before.boundarySeq);
  });

  it('a manual compaction through a local gateway (openclaw sessions compact) compacts in molt', async () => {
    const before = await quiescent();
    const gateway = await home.startGateway();
    let result: RunResult;
    try {
      result = await home.run(['sessions', 'compact', SESSION_KEY, '--json']);
    } finally {
      await gateway.stop();
    }
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.json, result.stdout).toMatchObject({ ok: true, compacted: true });
    expect(home.trace()).toContainEqual(
      expect.objectContaining({ method: 'compact', force: true, compactionTarget: 'threshold' }),
    );
    const compactions = await api(`/v1/compactions?sessionId=${SESSION}`);
    expect(compactions.items).toContainEqual(
      expect.objectContaining({ trigger: 'manual', status: 'succeeded' }),
    );
    expect((await sessionView()).boundarySeq).toBeGreaterThan(before.boundarySeq);
  });

  it('commits every turn exactly once, and a replayed advancement key is a duplicate', async () => {
    const commits = home.trace().filter((line) => line.method === 'commitTurn');
    expect(commits).toHaveLength(completedTurns);
    expect(new Set(commits.map((line) => line.advancementKey)).size).toBe(completedTurns);
    // Each turn is a user message and the model's answer: nothing stored twice, nothing lost.
    // The view follows the workflow, which applies turns in the background.
    await eventually(sessionView, (view) => view.lastSeq === completedTurns * 2, { timeoutMs: 30_000 });

    // OpenClaw retries a commit with the same key after a crash: the engine answers `duplicate`.
    const { default: plugin } = (await import(`${PLUGIN_DIR}/dist/index.js`)) as {
      default: { register(api: unknown): void };
    };
    let factory: (() => ReturnType<typeof createMoltEngine>) | undefined;
    plugin.register({
      pluginConfig: { apiUrl: moltUrl },
      logger: { info() {}, warn() {}, error() {} },
      registerContextEngine: (_id: string, make: typeof factory) => {
        factory = make;
      },
      registerTool() {},
    });
    const engine = factory!();
    const commit = {
      sessionId: SESSION,
      advancementKey: commits[0]!.advancementKey!,
      messages: [{ role: 'user', content: sent.get('ALPHA'), timestamp: 1 }],
    };
    // Same key, different content: molt refuses it rather than storing a second version.
    await expect(engine.commitTurn(commit)).rejects.toMatchObject({ status: 409 });
    const fresh = { ...commit, advancementKey: randomUUID() };
    await expect(engine.commitTurn(fresh)).resolves.toEqual({ status: 'committed' });
    await expect(engine.commitTurn(fresh)).resolves.toEqual({ status: 'duplicate' });
    await eventually(sessionView, (view) => view.lastSeq === completedTurns * 2 + 1, { timeoutMs: 30_000 });
    // Nothing more arrives: the duplicate stored nothing.
    const { items } = await api(`/v1/sessions?limit=200`);
    expect(items.find((item: Json) => item.sessionId === SESSION)?.lastSeq).toBe(completedTurns * 2 + 1);
  });

  it('with molt stopped mid-session the agent still answers, from its own messages', async () => {
    await h.app.close();
    moltStopped = true;
    const fifth = await turn('ECHO', 'Fifth turn while molt is away: what did I ask first?');
    expect(fifth.result.json?.payloads).toEqual([
      expect.objectContaining({ text: expect.stringMatching(/^Fake answer/) }),
    ]);
    // OpenClaw fell back to its own transcript, which still holds the first turn.
    expect(textOf(fifth.calls.at(-1))).toContain(JSON.stringify(sent.get('ALPHA')).slice(1, -1));
    expect(home.log()).toMatch(
      /\[molt\] assemble (?:failed|skipped)[^\n]*the plugin fits molt's last summary or OpenClaw's own messages/,
    );
    expect(moltStopped).toBe(true);
  });
});
