/**
 * molt killed, then hung, mid-session with a context past the window (issue 32 item 4): the
 * session grows past the model's window with molt up (molt compacts, and the plugin keeps the
 * summary it assembled), then molt is taken away — its port refusing connections, then accepting
 * them and never answering — while the turns go on, and comes back after each. The fake model
 * refuses any prompt larger than the window, as a real one does: every turn the plugin assembles
 * must be answered and every prompt must fit. Turns run through OpenClaw's gateway, whose process keeps the plugin
 * (and what it kept) loaded between turns, as a deployed OpenClaw does.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptTokensOf } from '../fake-llm/replies.js';
import { type FakeLlm, respondWith, startFakeLlm } from '../fake-llm/server.js';
import { eventually, type Harness, type Json, startHarness } from '../integration/harness.js';
import { scaled } from '../time-scale.js';
import {
  CallLog,
  expectFakeAnswer,
  expectStoredOnceInOrder,
  fillerText,
  freePort,
  OpenClawHome,
  storedUserTexts,
} from './openclaw.js';
import { type MoltProxy, startProxy } from './proxy.js';

const WINDOW = 32_000;
/** Each user message, in tokens (4 characters a token). */
const TURN_TOKENS = 4_000;
/**
 * Turns while molt is killed, and while it hangs. The plugin holds the commits molt does not take
 * (integrations/openclaw/src/backlog.ts), so OpenClaw asks the plugin's `assemble` every turn; with
 * a commit that failed, OpenClaw queued it and ran the second turn on its own path, over the window
 * (docs/openclaw.md#when-molt-is-down-or-slow).
 */
const AWAY_TURNS = 3;
/** How long the plugin waits for molt (one retry included): a hung molt costs this much a call. */
const REQUEST_MS = 2_000;

let h: Harness;
let fake: FakeLlm;
let home: OpenClawHome;
let proxy: MoltProxy;
let log: CallLog;
let gateway: Awaited<ReturnType<OpenClawHome['startGateway']>> | undefined;
let answers = 0;
const promptsPerPhase: string[] = [];
/** The user messages sent while molt was away, by outage. */
const awayMessages: string[][] = [];

const api = async (url: string): Promise<Json> => (await h.app.inject({ method: 'GET', url })).json();

async function turn(sessionId: string, message: string): Promise<void> {
  expectFakeAnswer(await home.gatewayTurn(sessionId, message));
}

/** The session's assemble calls from trace line `from` on. */
const assembles = (sessionId: string, from: number) =>
  home
    .trace()
    .slice(from)
    .filter((line) => line.method === 'assemble' && line.sessionId === sessionId);

/** Turns while molt is away (`down` or `hang`): each answered, each prompt within the window. */
async function awayTurns(sessionId: string, mode: 'down' | 'hang'): Promise<void> {
  log.mark(`molt ${mode === 'down' ? 'killed' : 'hung'}`);
  await (mode === 'down' ? proxy.down() : proxy.hang());
  const calls = fake.calls.length;
  const traced = home.trace().length;
  const sent = Array.from({ length: AWAY_TURNS }, (_, i) => fillerText(`${mode}${i}`, TURN_TOKENS, 7));
  awayMessages.push(sent);
  for (const message of sent) await turn(sessionId, message);
  const prompts = fake.calls.slice(calls).map((call) => promptTokensOf(call));
  promptsPerPhase.push(`molt ${mode}: ${prompts.join(' ')}`);
  expect(prompts.length).toBeGreaterThanOrEqual(AWAY_TURNS);
  expect(Math.max(...prompts)).toBeLessThanOrEqual(WINDOW);
  // The first turn after molt went away went on from the summary the plugin kept, fitted to
  // OpenClaw's budget.
  // Every turn was assembled by the plugin (OpenClaw queued no commit of its own), the first from
  // the summary it kept, each fitted to OpenClaw's budget.
  const [first, ...rest] = assembles(sessionId, traced);
  promptsPerPhase.push(
    `molt ${mode}, assembles (source messages/tokens of budget): ${[first!, ...rest]
      .map((l) => `${l.fallback ?? 'molt'} ${l.messageCount}/${l.estimatedTokens ?? '-'} of ${l.tokenBudget}`)
      .join(', ')}`,
  );
  expect(first).toMatchObject({ fallback: 'kept-summary' });
  expect(rest.filter((line) => line.fallback).length).toBeGreaterThanOrEqual(AWAY_TURNS - 1);
  for (const line of [first!, ...rest].filter((l) => l.fallback)) {
    expect(line.estimatedTokens).toBeLessThanOrEqual(line.tokenBudget!);
  }
}

/** molt back: a turn assembled by molt again, which stores it and the outage's turns. */
async function backTurn(sessionId: string, name: string): Promise<void> {
  log.mark(name);
  await proxy.up();
  const traced = home.trace().length;
  const before = (await api(`/v1/sessions/${sessionId}`)).lastSeq as number;
  await turn(sessionId, `${name}: carry on.`);
  // The turn's first assemble reached molt: it caught molt up, then assembled from molt.
  const [first] = assembles(sessionId, traced);
  expect(first).toMatchObject({ method: 'assemble' });
  expect(first?.fallback).toBeUndefined();
  promptsPerPhase.push(
    `${name}: assembles ${assembles(sessionId, traced)
      .map((l) => `${l.fallback ?? 'molt'} caughtUp ${l.caughtUp ?? '-'}`)
      .join(', ')}`,
  );
  await eventually(
    () => api(`/v1/sessions/${sessionId}`),
    (view) => view.lastSeq > before,
    { timeoutMs: 30_000, intervalMs: 250 },
  );
  // molt holds every turn of the outage, once each, in order, and the turn after it.
  const texts = await storedUserTexts(h.database.db, sessionId);
  expectStoredOnceInOrder(texts, [...awayMessages.at(-1)!, `${name}: carry on.`]);
}

beforeAll(async () => {
  h = await startHarness();
  const moltUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  proxy = await startProxy(moltUrl);
  fake = await startFakeLlm({
    behaviour: respondWith(() => `Fake answer ${++answers}.`),
    maxPromptTokens: WINDOW,
  });
  home = new OpenClawHome({
    llmBaseUrl: fake.baseUrl,
    contextWindow: WINDOW,
    gatewayPort: await freePort(),
    pluginConfig: {
      apiUrl: proxy.url,
      timeouts: { requestMs: REQUEST_MS, compactMs: 10_000, downForMs: 1_000 },
    },
  });
  log = new CallLog(home);
  const install = await home.installPlugin();
  expect(install.code, install.stdout + install.stderr).toBe(0);
  gateway = await home.startGateway();
});

afterAll(async () => {
  console.log(`plugin calls per scenario (molt away):\n${log?.report() ?? ''}`);
  console.log(`prompt tokens per model call (window ${WINDOW}):\n  ${promptsPerPhase.join('\n  ')}`);
  await gateway?.stop();
  await proxy?.close();
  await fake?.close();
  await h?.stop();
  home?.remove();
});

describe('molt killed and hung mid-session past the window', () => {
  it(
    "answers from molt's kept summary within the window, and takes molt back each time",
    async () => {
      const session = `away-${randomUUID()}`;
      log.mark('molt up, past the window');
      const calls = fake.calls.length;
      let said = 0;
      let view: Json = {};
      for (let i = 0; said <= WINDOW || !view.summary; i++) {
        expect(i, 'molt compacted the session').toBeLessThan(20);
        await turn(session, fillerText(`U${i}`, TURN_TOKENS, 13));
        said += TURN_TOKENS;
        view = await eventually(
          () => api(`/v1/sessions/${session}`),
          (v) => v.lastSeq >= 2 * (i + 1) && v.upload?.status !== 'running',
          { timeoutMs: 60_000, intervalMs: 250 },
        );
      }
      // One more turn: the plugin assembles from molt's summary, and keeps it.
      const traced = home.trace().length;
      await turn(session, 'molt has compacted: one more turn while it is up.');
      expect(assembles(session, traced).at(-1)?.fallback).toBeUndefined();
      const up = fake.calls.slice(calls).map((call) => promptTokensOf(call));
      promptsPerPhase.push(`molt up: ${up.join(' ')}`);
      expect(Math.max(...up)).toBeLessThanOrEqual(WINDOW);

      await awayTurns(session, 'down');
      await backTurn(session, 'molt back after the kill');
      await awayTurns(session, 'hang');
      await backTurn(session, 'molt back after the hang');
    },
    scaled(1_500_000),
  );
});
