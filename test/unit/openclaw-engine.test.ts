/** The engine's decisions against a scripted molt client (the real-stack behaviour is in test/openclaw). */
import { describe, expect, it } from 'vitest';
import { MoltApiError, type MoltClient } from '../../client/index.js';
import { Backlogs } from '../../integrations/openclaw/src/backlog.js';
import { parsePluginConfig } from '../../integrations/openclaw/src/config.js';
import { createMoltEngine } from '../../integrations/openclaw/src/engine.js';
import { KeptContexts } from '../../integrations/openclaw/src/kept.js';

function scriptedMolt(overrides: Partial<Record<keyof MoltClient, unknown>>, config: object = {}) {
  const logs: string[] = [];
  const logger = {
    info: () => {},
    warn: (line: string) => logs.push(line),
    error: (line: string) => logs.push(line),
  };
  const client = {
    getTools: async () => null,
    // molt holds OpenClaw's transcript: no catch-up unless a test says otherwise.
    getSession: async () => ({ transcript: { messages: Number.MAX_SAFE_INTEGER } }),
    ...overrides,
  } as unknown as MoltClient;
  const engine = createMoltEngine(
    parsePluginConfig({ apiUrl: 'http://molt.test', ...config }),
    logger,
    () => client,
    new KeptContexts(),
    new Backlogs(),
  );
  return { engine, logs };
}

const contextOf = (tokens: number, boundarySeq: number) => ({
  messages: [],
  estimatedTokens: tokens,
  summary: boundarySeq > 0 ? { compactionId: 'c', text: 'summary' } : null,
  boundarySeq,
});

describe('molt engine: compact', () => {
  it('reports compacted only when the assembled context got smaller', async () => {
    const sizes = [contextOf(9_000, 2), contextOf(9_000, 2)];
    const { engine } = scriptedMolt({
      getContext: async () => sizes.shift(),
      reportOverflow: async () => ({ action: 'retry', step: 'compact', attempts: {} }),
    });
    const params = { sessionId: 's', sessionKey: 'k', force: true, compactionTarget: 'budget' as const };
    await expect(engine.compact(params)).resolves.toMatchObject({ ok: true, compacted: false });

    sizes.push(contextOf(9_000, 2), contextOf(3_000, 6));
    await expect(engine.compact(params)).resolves.toMatchObject({
      ok: true,
      compacted: true,
      result: { summary: 'summary', tokensBefore: 9_000, tokensAfter: 3_000 },
    });
  });

  it("answers OpenClaw's preflight with a benign skip while molt is under its force threshold", async () => {
    let overflowCalls = 0;
    const { engine } = scriptedMolt({
      getContext: async () => contextOf(7_000, 2),
      getSession: async () => ({ ratio: 0.3, thresholds: { upload: 0.5, force: 0.7 } }),
      reportOverflow: async () => {
        overflowCalls++;
        return { action: 'give_up', step: 'give-up', attempts: {} };
      },
    });
    const result = await engine.compact({
      sessionId: 's',
      sessionKey: 'k',
      force: true,
      compactionTarget: 'budget',
      runtimeContext: { forceReason: 'preflight_required' },
    });
    expect(result).toMatchObject({
      ok: true,
      compacted: false,
      reason: expect.stringMatching(/^already under target/),
    });
    expect(overflowCalls).toBe(0);
  });

  it('sends a manual compaction to /compact and treats nothing-to-compact as an answer', async () => {
    const { engine, logs } = scriptedMolt({
      getContext: async () => contextOf(500, 0),
      compact: async () => {
        throw new MoltApiError(409, 'nothing_to_compact', 'nothing to compact: empty');
      },
    });
    await expect(
      engine.compact({ sessionId: 's', sessionKey: 'k', force: true, compactionTarget: 'threshold' }),
    ).resolves.toEqual({ ok: true, compacted: false, reason: 'nothing to compact: empty' });
    expect(logs).toEqual([]);
  });
});

describe('molt engine: molt away', () => {
  it("assemble fits OpenClaw's own messages to the window with one log line, then skips molt while it is marked down", async () => {
    let calls = 0;
    const { engine, logs } = scriptedMolt({
      getContext: async () => {
        calls++;
        throw new MoltApiError(0, 'unreachable', 'molt is unreachable: ECONNREFUSED');
      },
    });
    const messages = [
      { role: 'user', content: 'x'.repeat(8_000) },
      { role: 'user', content: 'earlier' },
    ];
    const params = { sessionId: 's', messages, tokenBudget: 1_000 };
    const own = { messages: [messages[1]], estimatedTokens: expect.any(Number) };
    await expect(engine.assemble(params)).resolves.toEqual(own);
    await expect(engine.assemble(params)).resolves.toEqual(own);
    expect(calls).toBe(1);
    expect(logs[0]).toMatch(/^\[molt\] assemble failed, the plugin fits molt's last summary .*: unreachable/);
    expect(logs[1]).toMatch(/skipped/);
  });

  it("goes on from molt's last summary while molt is away, and from molt again when it is back", async () => {
    const transcript = Array.from({ length: 6 }, (_, i) => ({
      role: 'user',
      content: `m${i} ${'x'.repeat(400)}`,
    }));
    let up = true;
    const { engine } = scriptedMolt(
      {
        getContext: async () => {
          if (!up) throw new MoltApiError(0, 'timeout', 'molt did not answer within 3000 ms');
          // molt's summary covers the first four messages; the last two are live.
          return {
            ...contextOf(300, 4),
            messages: [{ role: 'user', content: 'continuation' }, ...transcript.slice(4, 6)],
            lastSeq: 6,
            recall: { memoryIds: [] },
          };
        },
      },
      { timeouts: { downForMs: 0 } },
    );
    const params = { sessionId: 'kept-session', tokenBudget: 1_000 };
    await engine.assemble({ ...params, messages: transcript.slice(0, 6) });
    up = false;
    const grown = [...transcript, { role: 'user', content: 'while molt is away' }];
    const away = await engine.assemble({ ...params, messages: grown });
    expect(away.messages).toEqual([
      expect.objectContaining({ role: 'compactionSummary', summary: 'summary' }),
      ...grown.slice(4),
    ]);
    expect(away.estimatedTokens).toBeLessThanOrEqual(1_000);
    up = true;
    const back = await engine.assemble({ ...params, messages: grown });
    expect(back.messages).toEqual([
      expect.objectContaining({ role: 'compactionSummary' }),
      ...transcript.slice(4, 6),
    ]);
  });

  it('opens a session molt has not seen with its identity, then assembles from molt', async () => {
    const posted: unknown[] = [];
    let seen = false;
    const { engine, logs } = scriptedMolt({
      getContext: async (_id: string, query: Record<string, unknown>) => {
        if (!seen) throw new MoltApiError(404, 'not_found', 'session s not found');
        expect(query).toMatchObject({ prompt: 'what is my editor?', memoryTools: 'false' });
        return {
          ...contextOf(10, 0),
          systemPromptAddition: '<molt-memory>x</molt-memory>',
          recall: { memoryIds: [] },
        };
      },
      postTurn: async (_id: string, body: unknown) => {
        posted.push(body);
        seen = true;
        return { turn: { replayed: false } };
      },
    });
    const result = await engine.assemble({
      sessionId: 's',
      sessionKey: 'agent:main:telegram:direct:42',
      messages: [],
      prompt: 'what is my editor?',
    });
    expect(posted).toEqual([
      expect.objectContaining({
        turnId: 'openclaw-session-open',
        messages: [],
        userId: 'telegram:42',
        agentId: 'main',
      }),
    ]);
    expect(result).toMatchObject({ messages: [], systemPromptAddition: '<molt-memory>x</molt-memory>' });
    expect(logs).toEqual([]);
  });

  it("compact runs OpenClaw's own compaction while molt is unreachable", async () => {
    const { engine } = scriptedMolt({
      getContext: async () => {
        throw new MoltApiError(0, 'unreachable', 'molt is unreachable: ECONNREFUSED');
      },
    });
    // Outside OpenClaw the SDK is not there: the original failure stands.
    await expect(
      engine.compact({ sessionId: 's', sessionKey: 'k', force: true, compactionTarget: 'budget' }),
    ).rejects.toThrow(/unreachable/);
    // A preflight is skipped: the plugin's assemble fits the context to the budget itself.
    await expect(
      engine.compact({
        sessionId: 's',
        force: true,
        compactionTarget: 'budget',
        runtimeContext: { forceReason: 'preflight_required' },
      }),
    ).resolves.toMatchObject({ ok: true, compacted: false, reason: expect.stringMatching(/unreachable/) });
  });
});
