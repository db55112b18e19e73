/** Memory tools: offered only after GET /v1/tools answered with definitions; calls go to molt's routes. */
import { describe, expect, it } from 'vitest';
import type { MoltClient } from '../../client/index.js';
import { memoryAgentTools, probeMemoryTools } from '../../integrations/openclaw/src/tools.js';

describe('memory tools', () => {
  it('are absent before the probe and registered from /v1/tools after it answered', async () => {
    expect(memoryAgentTools({})).toEqual([]);
    const posted: Array<[string, unknown]> = [];
    const client = {
      getTools: async () => [
        { name: 'search_memories', description: 'Search', parameters: { type: 'object' } },
        { name: 'commit_memory', description: 'Remember', parameters: { type: 'object' } },
        { name: 'something_else' },
      ],
      postJson: async (path: string, body: unknown) => {
        posted.push([path, body]);
        return { ok: true };
      },
    } as unknown as MoltClient;
    expect(await probeMemoryTools(client)).toHaveLength(3);

    const tools = memoryAgentTools({ userId: 'u1', sessionId: 's1' });
    expect(tools.map((tool) => tool.name)).toEqual(['search_memories', 'commit_memory']);
    // A scope the model filled in is overridden by the session's.
    const result = await tools[1]!.execute('call_1', { content: 'prefers tabs', userId: 'someone else' });
    expect(result.content[0]!.text).toBe('{"ok":true}');
    await tools[0]!.execute('call_2', { query: 'tabs' });
    expect(posted).toEqual([
      ['/v1/memories', { content: 'prefers tabs', userId: 'u1', sessionId: 's1' }],
      ['/v1/memories/search', { query: 'tabs', userId: 'u1', sessionId: 's1' }],
    ]);
  });
});
