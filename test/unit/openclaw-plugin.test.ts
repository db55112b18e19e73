/** The OpenClaw plugin's pure parts: config validation and the message mapping. */
import { describe, expect, it } from 'vitest';
import { parsePluginConfig } from '../../integrations/openclaw/src/config.js';
import { moltSessionId } from '../../integrations/openclaw/src/engine.js';
import { fromMoltContext, toMoltMessages } from '../../integrations/openclaw/src/messages.js';

describe('plugin config', () => {
  it('fills the timeouts and names the failing field', () => {
    expect(parsePluginConfig({ apiUrl: 'http://127.0.0.1:8420' })).toMatchObject({
      recall: true,
      timeouts: { requestMs: 3_000, compactMs: 120_000, downForMs: 5_000 },
    });
    expect(() => parsePluginConfig({ apiUrl: 'not a url' })).toThrow(/apiUrl/);
    expect(() => parsePluginConfig({ apiUrl: 'http://x', colour: 'red' })).toThrow(/colour|Unrecognized/);
    expect(() => parsePluginConfig(undefined)).toThrow(/apiUrl/);
  });
});

describe('message mapping', () => {
  it('keeps the transcript roles and leaves OpenClaw-only entries out', () => {
    const user = { role: 'user', content: 'hi', timestamp: 1 };
    const { messages, skipped } = toMoltMessages([user, { role: 'compactionSummary', summary: 'x' }, null]);
    expect(messages).toEqual([user]);
    expect(skipped).toBe(2);
  });

  it("turns molt's continuation message into OpenClaw's compactionSummary", () => {
    const kept = { role: 'user', content: 'recent', timestamp: 2 };
    const mapped = fromMoltContext({
      messages: [{ role: 'user', content: 'The conversation so far …' }, kept],
      summary: { text: '## Decisions\n- keep going' },
      estimatedTokens: 120,
    });
    expect(mapped).toEqual([
      {
        role: 'compactionSummary',
        summary: '## Decisions\n- keep going',
        tokensBefore: 120,
        timestamp: expect.any(Number),
      },
      kept,
    ]);
    const plain = [kept];
    expect(fromMoltContext({ messages: plain, summary: null, estimatedTokens: 5 })).toBe(plain);
  });

  it('maps OpenClaw session ids onto the ids molt accepts', () => {
    expect(moltSessionId('8d7c0f3e-1111-4a2b-9c3d-000000000000')).toBe(
      '8d7c0f3e-1111-4a2b-9c3d-000000000000',
    );
    expect(moltSessionId('a b/c')).toBe('a_b_c');
    expect(moltSessionId('x'.repeat(200))).toHaveLength(128);
  });
});
