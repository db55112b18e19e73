/** Memory tools: offered from the bundled definitions; the model never chooses the scope. */
import { describe, expect, it } from 'vitest';
import { memoryTools } from '../../api/schemas/memory-tools.js';
import { MoltApiError, type MoltClient } from '../../client/index.js';
import { memoryAgentTools, toolArguments } from '../../integrations/openclaw/src/tools.js';

function fakeClient(answer: (path: string, body: unknown) => unknown) {
  const posted: Array<[string, unknown]> = [];
  const client = {
    postJson: async (path: string, body: unknown) => {
      posted.push([path, body]);
      return answer(path, body);
    },
  } as unknown as MoltClient;
  return { client, posted };
}

describe('memory tools', () => {
  it('are the definitions GET /v1/tools answers, with no scope field for the model to fill in', () => {
    const { client } = fakeClient(() => ({}));
    const tools = memoryAgentTools(client, 's1');
    expect(tools.map((t) => t.name)).toEqual(memoryTools().map((t) => t.name));
    for (const tool of tools) {
      const properties = Object.keys((tool.parameters as { properties: object }).properties);
      expect(properties).not.toContain('userId');
      expect(properties).not.toContain('agentId');
      expect(properties).not.toContain('sessionId');
    }
    expect(memoryAgentTools(client, undefined)).toEqual([]);
  });

  it('drop any scope the model wrote and name only the session', async () => {
    const { client, posted } = fakeClient(() => ({ ok: true }));
    const [search, commit] = memoryAgentTools(client, 's1');
    const result = await commit!.execute('call_1', {
      content: 'prefers tabs',
      userId: 'mallory',
      agentId: 'other',
      sessionId: 'someone-elses',
      __proto__: { userId: 'x' },
    });
    expect(result.content[0]!.text).toBe('{"ok":true}');
    await search!.execute('call_2', { query: 'tabs', userId: 'mallory' });
    expect(posted).toEqual([
      ['/v1/memories', { content: 'prefers tabs', type: 'profile', priority: 3, sessionId: 's1' }],
      ['/v1/memories/search', { query: 'tabs', sessionId: 's1' }],
    ]);
  });

  it('answer bad arguments and an unreachable molt with an error result, not a throw', async () => {
    expect(toolArguments('commit_memory', { content: '' })).toMatchObject({ ok: false });
    expect(toolArguments('commit_memory', 'not an object')).toMatchObject({ ok: false });
    const { client } = fakeClient(() => {
      throw new MoltApiError(0, 'unreachable', 'molt is unreachable');
    });
    const [search] = memoryAgentTools(client, 's1');
    const result = await search!.execute('call_3', { query: 'tabs' });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/molt memory is unavailable/);
  });
});
