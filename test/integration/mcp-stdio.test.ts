/**
 * `molt mcp` (stdio, docs/mcp.md) as an MCP client starts it: `node bin/molt.mjs mcp` spawned by
 * the MCP SDK's own client with the scope in its environment, against the real API (keys
 * required). Tools and resource offered; commit, search, list and forget; a forged userId is
 * refused; another user's memory id is not found; an agent key inside a session writes to that
 * session's user; a bad key and a missing scope are clean tool errors; bad configuration stops
 * the server before it speaks.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../db/api-keys.js';
import { type Harness, startHarness, uniqueSessionId } from './harness.js';
import { expectCleanError, type Json, type McpHandle, stdioMcp } from './mcp-clients.js';

let h: Harness;
let apiUrl = '';
const keys = { operator: '', agent: '' };
const run = randomUUID().slice(0, 8);
const ALICE = `alice-${run}`;
const BOB = `bob-${run}`;
const CAROL = `carol-${run}`;
const open: McpHandle[] = [];

async function spawnMcp(env: Record<string, string>): Promise<McpHandle> {
  const handle = await stdioMcp({ MOLT_API_URL: apiUrl, ...env });
  open.push(handle);
  return handle;
}

const idsOf = (answer: Json) => (answer.memories as Json[]).map((m) => m.id);

beforeAll(async () => {
  h = await startHarness({ auth: 'required', worker: false });
  apiUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const tenantId = `tenant-mcp-stdio-${run}`;
  keys.operator = (await createApiKey(h.database.db, { tenantId, role: 'operator' })).key;
  keys.agent = (await createApiKey(h.database.db, { tenantId, role: 'agent', agentId: 'agent-a' })).key;
});
afterAll(async () => {
  for (const handle of open) await handle.close().catch(() => {});
  await h?.stop();
});

describe('molt mcp (stdio)', () => {
  it("serves one user's memories: commit, search, list, profile, forget; a forged userId changes nothing", async () => {
    const [alice, bob] = await Promise.all([
      spawnMcp({ MOLT_API_KEY: keys.operator, MOLT_USER_ID: ALICE }),
      spawnMcp({ MOLT_API_KEY: keys.operator, MOLT_USER_ID: BOB }),
    ]);
    const { tools } = await alice.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'commit_memory',
      'forget_memory',
      'list_memories',
      'read_history',
      'search_memories',
    ]);
    const { resources } = await alice.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['molt://profile']);

    const content = `Prod runs in eu-west-3 for project bluefin-${run}`;
    const committed = await alice.call('commit_memory', { content, type: 'entity' });
    const id = committed.memory.id as string;
    expect(committed.duplicate).toBe(false);
    expect(idsOf(await alice.call('search_memories', { query: `bluefin-${run} eu-west-3` }))).toContain(id);
    expect(idsOf(await alice.call('list_memories', { type: 'entity' }))).toContain(id);
    expect(idsOf(await bob.call('search_memories', { query: `bluefin-${run}` }))).toEqual([]);

    expectCleanError(
      await alice.call('commit_memory', { content: `forged ${run}`, userId: BOB }),
      /Unrecognized key.*userId/,
    );
    expect(idsOf(await bob.call('list_memories', {}))).toEqual([]);
    expectCleanError(await bob.call('forget_memory', { id }), /not found/);

    await alice.call('commit_memory', { content: `Alice prefers dark mode ${run}`, type: 'preference' });
    const profile = JSON.parse(
      ((await alice.client.readResource({ uri: 'molt://profile' })).contents[0] as { text: string }).text,
    ) as Json;
    expect(profile.preferences.map((m: Json) => m.content)).toEqual([`Alice prefers dark mode ${run}`]);

    expect((await alice.call('forget_memory', { id })).forgotten.id).toBe(id);
    expect(idsOf(await alice.call('list_memories', { type: 'entity' }))).not.toContain(id);
    expectCleanError(await alice.call('search_memories', { query: '' }), /query/);
  });

  it("an agent key inside a session writes to the session's user, never to one it names", async () => {
    const sessionId = uniqueSessionId('mcp-stdio');
    const turn = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      headers: { authorization: `Bearer ${keys.agent}` },
      payload: { turnId: 't1', userId: CAROL, messages: [{ role: 'user', content: 'hello there' }] },
    });
    expect(turn.statusCode, turn.body).toBe(202);
    const carol = await spawnMcp({ MOLT_API_KEY: keys.agent, MOLT_SESSION_ID: sessionId });
    const mine = await carol.call('commit_memory', {
      content: `Carol's codename is Bluefin ${run}`,
      type: 'entity',
    });
    const listed = await carol.call('list_memories', {});
    expect(listed.owner).toEqual({ userId: CAROL });
    expect(idsOf(listed)).toContain(mine.memory.id);
    // The same key configured with a user of its own choosing: the API refuses, nothing is written.
    const naming = await spawnMcp({ MOLT_API_KEY: keys.agent, MOLT_USER_ID: BOB });
    expectCleanError(
      await naming.call('commit_memory', { content: `x ${run}`, type: 'entity' }),
      /403 forbidden/,
    );
  });

  it('a bad key, a missing scope and bad configuration fail cleanly', async () => {
    const badKey = await spawnMcp({ MOLT_API_KEY: 'molt_not-a-key', MOLT_USER_ID: ALICE });
    expectCleanError(await badKey.call('search_memories', { query: 'anything' }), /401 unauthorized/);
    const noScope = await spawnMcp({ MOLT_API_KEY: keys.operator });
    expectCleanError(await noScope.call('commit_memory', { content: `x ${run}` }), /no scope/);
    await expect(stdioMcp({ MOLT_API_URL: 'ftp://nowhere', MOLT_USER_ID: ALICE })).rejects.toThrow();
  });
});
