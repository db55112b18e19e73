/**
 * molt's MCP server over streamable HTTP (`POST /mcp`, docs/mcp.md), driven by the MCP SDK's own
 * client against the real API (keys required, real PostgreSQL and Temporal): the tools and the
 * profile resource are offered; search, commit, list and forget work; and the scope cannot be
 * escaped — not by a forged userId argument, not by a memory id of another user (the same
 * content committed by two users), not by another tenant's key naming the same user id, not by
 * an agent key naming another agent. A bad key is a 401, bad input a clear error.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../db/api-keys.js';
import { type Harness, startHarness, uniqueSessionId } from './harness.js';
import { expectCleanError, httpMcp, type Json, type McpHandle } from './mcp-clients.js';

let h: Harness;
let url = '';
const keys = { operatorA: '', agentA: '', operatorB: '' };
const run = randomUUID().slice(0, 8);
const ALICE = `alice-${run}`;
const BOB = `bob-${run}`;
const CAROL = `carol-${run}`;
const open: McpHandle[] = [];

async function mcp(key: string, headers: Record<string, string> = {}): Promise<McpHandle> {
  const handle = await httpMcp(url, { authorization: `Bearer ${key}`, ...headers });
  open.push(handle);
  return handle;
}

const asUser = (key: string, userId: string) => mcp(key, { 'x-molt-user-id': userId });
const idsOf = (answer: Json) => (answer.memories as Json[]).map((m) => m.id);

beforeAll(async () => {
  h = await startHarness({ auth: 'required', worker: false });
  url = `${await h.app.listen({ port: 0, host: '127.0.0.1' })}/mcp`;
  const tenantA = `tenant-mcp-a-${run}`;
  const tenantB = `tenant-mcp-b-${run}`;
  keys.operatorA = (await createApiKey(h.database.db, { tenantId: tenantA, role: 'operator' })).key;
  keys.agentA = (
    await createApiKey(h.database.db, { tenantId: tenantA, role: 'agent', agentId: 'agent-a' })
  ).key;
  keys.operatorB = (await createApiKey(h.database.db, { tenantId: tenantB, role: 'operator' })).key;
});
afterAll(async () => {
  for (const handle of open) await handle.close().catch(() => {});
  await h?.stop();
});

describe('MCP over streamable HTTP', () => {
  it('offers the five tools (none with a scope argument) and the profile resource', async () => {
    const alice = await asUser(keys.operatorA, ALICE);
    const { tools } = await alice.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['commit_memory', 'forget_memory', 'list_memories', 'read_history', 'search_memories'].sort(),
    );
    for (const tool of tools) {
      const properties = Object.keys((tool.inputSchema.properties ?? {}) as Json);
      expect(properties, tool.name).not.toContain('userId');
      expect(properties, tool.name).not.toContain('agentId');
      expect(properties, tool.name).not.toContain('sessionId');
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
    }
    const { resources } = await alice.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['molt://profile']);
  });

  it('commits, finds, lists and forgets a memory in its own scope only', async () => {
    const alice = await asUser(keys.operatorA, ALICE);
    const bob = await asUser(keys.operatorA, BOB);
    const content = `Alice's staging database is heron-staging-${run}`;
    const committed = await alice.call('commit_memory', { content, type: 'entity', priority: 4 });
    expect(committed.duplicate).toBe(false);
    const id = committed.memory.id as string;
    expect((await alice.call('commit_memory', { content, type: 'entity' })).memory.id).toBe(id);
    expect((await alice.call('commit_memory', { content, type: 'entity' })).duplicate).toBe(true);

    const found = await alice.call('search_memories', { query: `heron-staging-${run}` });
    expect(idsOf(found)).toContain(id);
    expect(idsOf(await bob.call('search_memories', { query: `heron-staging-${run}` }))).not.toContain(id);
    expect(idsOf(await alice.call('list_memories', {}))).toContain(id);
    expect(idsOf(await bob.call('list_memories', {}))).not.toContain(id);

    // Bob commits the same words: his own memory, another id; his forget never reaches Alice's.
    const bobs = (await bob.call('commit_memory', { content, type: 'entity' })).memory.id as string;
    expect(bobs).not.toBe(id);
    expectCleanError(await bob.call('forget_memory', { id }), /not found/);
    expect(idsOf(await alice.call('list_memories', {}))).toContain(id);
    expect((await bob.call('forget_memory', { id: bobs })).forgotten.id).toBe(bobs);
    expect(idsOf(await alice.call('list_memories', {}))).toContain(id);

    expect((await alice.call('forget_memory', { id })).forgotten.id).toBe(id);
    expect(idsOf(await alice.call('list_memories', {}))).not.toContain(id);
    expect(idsOf(await alice.call('search_memories', { query: `heron-staging-${run}` }))).not.toContain(id);
    expectCleanError(await alice.call('forget_memory', { id }), /not found/);
  });

  it('a forged userId, agentId or sessionId argument is refused and writes nothing anywhere', async () => {
    const alice = await asUser(keys.operatorA, ALICE);
    const bob = await asUser(keys.operatorA, BOB);
    const content = `forged-${run} prefers the blue theme`;
    for (const forged of [{ userId: BOB }, { agentId: 'agent-b' }, { sessionId: 'someone-elses' }]) {
      const answer = await alice.call('commit_memory', { content, type: 'preference', ...forged });
      expectCleanError(answer, new RegExp(`Unrecognized key.*${Object.keys(forged)[0]}`));
      expectCleanError(
        await alice.call('search_memories', { query: 'blue theme', ...forged }),
        /Unrecognized/,
      );
    }
    for (const who of [alice, bob]) {
      expect(idsOf(await who.call('search_memories', { query: `forged-${run}` }))).toEqual([]);
    }
  });

  it("another tenant's key naming the same user id sees and forgets none of this tenant's memories", async () => {
    const alice = await asUser(keys.operatorA, ALICE);
    const otherTenant = await asUser(keys.operatorB, ALICE);
    const id = (await alice.call('commit_memory', { content: `Tenant-a secret ${run}`, type: 'entity' }))
      .memory.id as string;
    expect(idsOf(await otherTenant.call('search_memories', { query: `Tenant-a secret ${run}` }))).toEqual([]);
    expect(idsOf(await otherTenant.call('list_memories', {}))).not.toContain(id);
    expectCleanError(await otherTenant.call('forget_memory', { id }), /not found/);
    expect(idsOf(await alice.call('list_memories', {}))).toContain(id);
  });

  it("the profile resource holds the scope's profile and preferences, and nobody else's", async () => {
    const alice = await asUser(keys.operatorA, ALICE);
    const bob = await asUser(keys.operatorA, BOB);
    await alice.call('commit_memory', { content: `Alice is a marine biologist ${run}`, type: 'profile' });
    await alice.call('commit_memory', { content: `Alice prefers metric units ${run}`, type: 'preference' });
    const read = async (who: McpHandle) =>
      JSON.parse(
        ((await who.client.readResource({ uri: 'molt://profile' })).contents[0] as { text: string }).text,
      ) as Json;
    const profile = await read(alice);
    expect(profile.owner).toEqual({ userId: ALICE });
    expect(profile.profile.map((m: Json) => m.content)).toContain(`Alice is a marine biologist ${run}`);
    expect(profile.preferences.map((m: Json) => m.content)).toContain(`Alice prefers metric units ${run}`);
    const bobs = JSON.stringify(await read(bob));
    expect(bobs).not.toContain('marine biologist');
    expect(bobs).not.toContain('metric units');
  });

  it("an agent key is its agent's scope: agent knowledge goes there, personal memories need a user", async () => {
    const agent = await mcp(keys.agentA);
    const tool = await agent.call('commit_memory', {
      content: `The deploy tool needs --yes ${run}`,
      type: 'tool',
    });
    expect(tool.memory.id).toMatch(/^mem_/);
    expect(idsOf(await agent.call('list_memories', {}))).toContain(tool.memory.id);
    expectCleanError(
      await agent.call('commit_memory', { content: `likes tea ${run}`, type: 'preference' }),
      /400 invalid_request.*personal/,
    );
    // Configuration naming another agent than the key's is the API's 403, not another scope.
    const elsewhere = await mcp(keys.agentA, { 'x-molt-agent-id': 'agent-b' });
    expectCleanError(await elsewhere.call('search_memories', { query: 'deploy tool' }), /403 forbidden/);

    // With a session of its own, the session's user is the scope.
    const sessionId = uniqueSessionId('mcp');
    const turn = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      headers: { authorization: `Bearer ${keys.agentA}` },
      payload: { turnId: 't1', userId: CAROL, messages: [{ role: 'user', content: 'hello there' }] },
    });
    expect(turn.statusCode, turn.body).toBe(202);
    const carol = await mcp(keys.agentA, { 'x-molt-session-id': sessionId });
    const mine = await carol.call('commit_memory', {
      content: `Carol prefers short answers ${run}`,
      type: 'preference',
    });
    const listed = await carol.call('list_memories', {});
    expect(listed.owner).toEqual({ userId: CAROL });
    expect(idsOf(listed)).toContain(mine.memory.id);
    expect(idsOf(await (await asUser(keys.operatorA, CAROL)).call('list_memories', {}))).toContain(
      mine.memory.id,
    );
  });

  it('a missing or unknown key is a 401; the SDK client cannot connect with it', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    for (const authorization of [undefined, 'Bearer molt_not-a-key', `Bearer ${keys.operatorA}x`]) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify(initialize),
      });
      expect(response.status).toBe(401);
      // A JSON-RPC error object, molt's code in its data (docs/mcp.md#http).
      const body = (await response.json()) as Json;
      expect(body).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, data: { code: 'unauthorized' } },
      });
    }
    await expect(httpMcp(url, { authorization: 'Bearer molt_not-a-key' })).rejects.toThrow(/401|nauthorized/);
    const get = await fetch(url, { headers: { authorization: `Bearer ${keys.operatorA}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('bad input gets a clear error naming what is wrong', async () => {
    const alice = await asUser(keys.operatorA, ALICE);
    expectCleanError(await alice.call('search_memories', { query: '' }), /query/);
    expectCleanError(await alice.call('search_memories', { query: 'x', max_results: 0 }), /max_results/);
    expectCleanError(await alice.call('commit_memory', { content: 'x', type: 'gossip' }), /type/);
    expectCleanError(await alice.call('commit_memory', { content: 'x'.repeat(5_000) }), /content/);
    expectCleanError(await alice.call('forget_memory', {}), /id/);
    expectCleanError(await alice.call('list_memories', { limit: 1_000 }), /limit/);
    const unknown = await alice.client
      .callTool({ name: 'drop_tables', arguments: {} })
      .catch((e: Error) => e);
    expect(JSON.stringify(unknown instanceof Error ? unknown.message : unknown)).toMatch(/drop_tables/);
    // A bad scope header is the endpoint's 400, naming the header.
    await expect(
      httpMcp(url, { authorization: `Bearer ${keys.operatorA}`, 'x-molt-user-id': 'u'.repeat(201) }),
    ).rejects.toThrow(/x-molt-user-id/);
    // An operator key with no user configured has no scope: the tools say so.
    const nobody = await mcp(keys.operatorA);
    expectCleanError(await nobody.call('list_memories', {}), /no scope/);
  });
});
