/**
 * molt down for longer than the window lasts (issue 22 item 5): a session starts with molt, then
 * molt becomes unreachable while the conversation grows past the model's window (the fake model
 * refuses any prompt larger than the window, as a real one does). OpenClaw must keep answering —
 * the plugin fits OpenClaw's own messages to the budget and skips its preflight compaction — and
 * take molt back when it returns, with every turn of the outage.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptTokensOf } from '../fake-llm/replies.js';
import { type FakeLlm, respondWith, startFakeLlm } from '../fake-llm/server.js';
import { type Harness, startHarness } from '../integration/harness.js';
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
/** Each turn while molt is down, in tokens: eight of them fill the window without the system prompt. */
const DOWN_TURN_TOKENS = 4_000;
const DOWN_TURNS = 8;

let h: Harness;
let fake: FakeLlm;
let home: OpenClawHome;
let proxy: MoltProxy;
let log: CallLog;
let answers = 0;

async function turn(sessionId: string, message: string): Promise<void> {
  const result = await home.agentTurn(sessionId, message);
  expectFakeAnswer(result);
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
    pluginConfig: { apiUrl: proxy.url, timeouts: { requestMs: 5_000, compactMs: 20_000, downForMs: 5_000 } },
  });
  log = new CallLog(home);
  const install = await home.installPlugin();
  expect(install.code, install.stdout + install.stderr).toBe(0);
});

afterAll(async () => {
  console.log(`plugin calls per scenario (molt down):\n${log?.report() ?? ''}`);
  await proxy?.close();
  await fake?.close();
  await h?.stop();
  home?.remove();
});

describe('molt down for longer than the window lasts', () => {
  it(
    'keeps answering within the window, then takes molt back with every turn of the outage',
    async () => {
      const session = `down-${randomUUID()}`;
      log.mark('molt up');
      await turn(session, 'First, while molt is up: please keep these notes.');

      log.mark('molt down past the window');
      await proxy.down();
      const from = fake.calls.length;
      const sent = Array.from({ length: DOWN_TURNS }, (_, i) => fillerText(`D${i}`, DOWN_TURN_TOKENS, 17));
      for (const message of sent) await turn(session, message);
      // More was said than the window holds, and every answer came from a prompt that fit.
      expect(DOWN_TURNS * DOWN_TURN_TOKENS).toBeGreaterThanOrEqual(WINDOW);
      const answered = fake.calls.slice(from).filter((call) => promptTokensOf(call) <= WINDOW);
      expect(answered.length).toBeGreaterThanOrEqual(DOWN_TURNS);
      const trace = home.trace();
      expect(trace).toContainEqual(expect.objectContaining({ method: 'assemble', fallback: 'own-messages' }));
      expect(trace).toContainEqual(expect.objectContaining({ method: 'compact', sessionId: session }));
      // OpenClaw's preflight is skipped (the plugin fits the context), so its transcript stays whole.
      expect(home.log()).toMatch(/\[molt\] compact: molt is unreachable, the plugin fits the context/);

      log.mark('molt back');
      await proxy.up();
      await turn(session, 'molt is back: carry on.');
      const back = home
        .trace()
        .filter((line) => line.method === 'assemble')
        .at(-1);
      expect(back?.fallback).toBeUndefined();
      // Each `--local` run is a new process that held its turn in memory and exited: molt is
      // caught up from OpenClaw's transcript, every turn of the outage once, in order.
      const stored = await storedUserTexts(h.database.db, session);
      expectStoredOnceInOrder(stored, [...sent, 'molt is back: carry on.']);
    },
    scaled(1_200_000),
  );
});
