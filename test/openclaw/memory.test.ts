/**
 * molt's memory through the real OpenClaw (issue 22 items 1–4 and 7): the memory tools offered
 * and called, a model that names another user in commit_memory, the profile on a new session's
 * first turn, recall on the question being asked, and two people through one agent. One `openclaw
 * agent --local` process per turn; people are OpenClaw direct-message session keys
 * (`agent:main:direct:<peer>`, `agent:main:telegram:direct:<peer>`), as a per-peer `dmScope`
 * makes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, type RecordedCall, respondWith, startFakeLlm } from '../fake-llm/server.js';
import { type Harness, type Json, startHarness } from '../integration/harness.js';
import {
  CallLog,
  expectFakeAnswer,
  freePort,
  OpenClawHome,
  offeredTools,
  requestText,
  sessionIdOf,
  systemText,
} from './openclaw.js';

const ALICE = 'agent:main:direct:alice';
/** Alice again, in a thread of her own: a new OpenClaw session of the same person. */
const ALICE_LATER = 'agent:main:direct:alice:thread:2';
const BOB = 'agent:main:telegram:direct:777';
const ALICE_USER = 'user-alice';
/** Bob is not in `users`: the plugin makes him molt user `<channel>:<peer>`. */
const BOB_USER = 'telegram:777';

let h: Harness;
let fake: FakeLlm;
let home: OpenClawHome;
let log: CallLog;
let answers = 0;

const api = async (url: string, method: 'GET' | 'POST' = 'GET', payload?: object): Promise<Json> =>
  (await h.app.inject({ method, url, ...(payload ? { payload } : {}) })).json();

async function turn(sessionKey: string, message: string): Promise<RecordedCall[]> {
  const from = fake.calls.length;
  const result = await home.keyedTurn(sessionKey, message);
  expectFakeAnswer(result);
  return fake.calls.slice(from);
}

type ToolCall = { name: string; arguments: Record<string, unknown> };

/** The next model calls answer with these tool calls, one a call (the one after them, with text). */
function modelCalls(...toolCalls: ToolCall[]): void {
  fake.enqueue(...toolCalls.map((call) => respondWith(() => ({ toolCalls: [call] }))));
}

/** The last tool result a model call was sent. */
const lastToolResult = (call: RecordedCall | undefined) =>
  JSON.stringify(call?.messages.filter((m) => m.role === 'tool').at(-1) ?? null);

const sessionOf = (sessionKey: string) => sessionIdOf(home.trace(), sessionKey)!;
const memoriesOf = async (userId: string): Promise<Json[]> =>
  (await api(`/v1/memories?userId=${encodeURIComponent(userId)}`)).items;

beforeAll(async () => {
  h = await startHarness();
  const moltUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  fake = await startFakeLlm({ behaviour: respondWith(() => `Fake answer ${++answers}.`) });
  home = new OpenClawHome({
    llmBaseUrl: fake.baseUrl,
    contextWindow: 128_000,
    gatewayPort: await freePort(),
    pluginConfig: { apiUrl: moltUrl, users: { alice: ALICE_USER } },
    // OpenClaw's default tool profile offers plugin tools only when allowed by name (README).
    tools: { alsoAllow: ['search_memories', 'commit_memory'] },
  });
  log = new CallLog(home);
  const install = await home.installPlugin();
  expect(install.code, install.stdout + install.stderr).toBe(0);
});

afterAll(async () => {
  console.log(`plugin calls per scenario (memory):\n${log?.report() ?? ''}`);
  await fake?.close();
  await h?.stop();
  home?.remove();
});

describe('molt memory through OpenClaw', () => {
  it("offers the memory tools, and commit_memory writes to the person's scope whatever user the model names", async () => {
    log.mark('tools offered; commit_memory scoped');
    const note = { content: 'My editor is Helix with the Kanagawa theme.', type: 'profile' };
    // The model first names another user and agent, then retries as told.
    modelCalls(
      { name: 'commit_memory', arguments: { ...note, userId: 'mallory', agentId: 'intruder' } },
      { name: 'commit_memory', arguments: note },
    );
    const calls = await turn(ALICE, 'Please remember: my editor is Helix with the Kanagawa theme.');
    expect(offeredTools(calls[0])).toEqual(expect.arrayContaining(['search_memories', 'commit_memory']));
    expect(calls).toHaveLength(3);
    // The tool's schema has no scope field: OpenClaw refuses the first call before it runs.
    expect(lastToolResult(calls[1])).toMatch(/Validation failed for tool/);
    expect(lastToolResult(calls[1])).toMatch(/userId/);
    // The retry ran: its result (the stored memory, in Alice's scope) went back to the model.
    expect(lastToolResult(calls[2])).toContain(ALICE_USER);

    const [memory, ...others] = await memoriesOf(ALICE_USER);
    expect(others).toEqual([]);
    expect(memory).toMatchObject({ content: 'My editor is Helix with the Kanagawa theme.', agentId: 'main' });
    expect(await memoriesOf('mallory')).toEqual([]);
    const all: Json[] = (await api('/v1/memories?limit=200')).items;
    expect(all.filter((m) => m.content.includes('Kanagawa'))).toHaveLength(1);
    expect(home.trace()).toContainEqual(expect.objectContaining({ method: 'commit_memory', outcome: 'ok' }));
  });

  it("search_memories finds the person's memories, never another scope's", async () => {
    log.mark('search_memories');
    modelCalls({ name: 'search_memories', arguments: { query: 'editor theme Kanagawa' } });
    const calls = await turn(ALICE, 'Which theme did I say my editor uses?');
    expect(calls).toHaveLength(2);
    expect(lastToolResult(calls[1])).toContain('Kanagawa');
    expect(home.trace()).toContainEqual(
      expect.objectContaining({ method: 'search_memories', outcome: 'ok' }),
    );
  });

  it("gives a new session's first turn the person's profile in the system prompt", async () => {
    log.mark("first turn's profile");
    const [first] = await turn(ALICE_LATER, 'Good morning! Can you help me plan my day?');
    const system = systemText(first);
    expect(system).toContain('<molt-memory>');
    expect(system).toContain('Kanagawa');
    // The block names search_memories only because the model has it.
    expect(system).toContain('search_memories');
    expect(offeredTools(first)).toContain('search_memories');
    const opened = home.trace().find((l) => l.sessionKey === ALICE_LATER && l.method === 'assemble');
    expect(opened).toMatchObject({ opened: true, systemPromptAddition: true });
    expect(await api(`/v1/sessions/${sessionOf(ALICE_LATER)}`)).toMatchObject({
      userId: ALICE_USER,
      agentId: 'main',
    });
  });

  it('recalls for the question being asked, not the previous one', async () => {
    log.mark('recall on the current question');
    const fact = 'The staging database is heron-staging-db, and prod runs in eu-west-3.';
    expect(
      (await api('/v1/memories', 'POST', { userId: ALICE_USER, type: 'entity', content: fact })).memory,
    ).toMatchObject({ content: fact });

    const [asked] = await turn(ALICE_LATER, 'Which staging database should the migration target?');
    // Recalled for this very question (the simulated search_memories call, after the history).
    const outsideSystem = requestText({ messages: asked!.messages.filter((m) => m.role !== 'system') });
    expect(outsideSystem).toContain('heron-staging-db');
    expect(outsideSystem).toContain('Which staging database should the migration target?');

    const [next] = await turn(ALICE_LATER, 'Thanks. Now, what time zone is Lisbon in?');
    const recallCall = next!.messages.find(
      (m) => m.role === 'assistant' && JSON.stringify(m.tool_calls ?? []).includes('search_memories'),
    );
    // If anything is recalled now, its query ends with the question of this turn.
    if (recallCall) expect(JSON.stringify(recallCall.tool_calls)).toMatch(/Lisbon/);
    expect(
      home.trace().filter((l) => l.sessionKey === ALICE_LATER && l.method === 'assemble'),
    ).toContainEqual(expect.objectContaining({ prompt: true, recalled: 1 }));
  });

  it('keeps two people apart through one agent: each their own molt user, one agent id', async () => {
    log.mark('two people through one agent');
    const bobs = { content: 'My editor is Emacs with the Zenburn theme.', type: 'profile' };
    modelCalls(
      { name: 'commit_memory', arguments: { ...bobs, userId: ALICE_USER } },
      { name: 'commit_memory', arguments: bobs },
    );
    const [first] = await turn(BOB, 'Remember that my editor is Emacs with the Zenburn theme.');
    // Bob's first turn carries no memory of Alice's.
    expect(requestText(first)).not.toContain('Kanagawa');
    expect(systemText(first)).not.toContain('Helix');

    expect(await memoriesOf(BOB_USER)).toEqual([
      expect.objectContaining({ content: expect.stringContaining('Zenburn'), agentId: 'main' }),
    ]);
    expect((await memoriesOf(ALICE_USER)).map((m) => m.content).join('\n')).not.toContain('Zenburn');
    for (const [key, userId] of [
      [ALICE, ALICE_USER],
      [ALICE_LATER, ALICE_USER],
      [BOB, BOB_USER],
    ] as const) {
      expect(await api(`/v1/sessions/${sessionOf(key)}`)).toMatchObject({ userId, agentId: 'main' });
    }

    // Alice, back in her own session, still sees her editor and not Bob's.
    const [again] = await turn(ALICE_LATER, 'Which editor do I use again?');
    expect(systemText(again)).toContain('Kanagawa');
    expect(requestText(again)).not.toContain('Zenburn');
  });
});
