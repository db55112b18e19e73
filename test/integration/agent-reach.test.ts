/**
 * What an agent reads (issue 33 item 3, docs/security.md#what-an-agent-reads): one rule
 * (db/memory/memory-reach.ts) for every reader. Table-driven over {bound key, unbound key} × {the
 * memory learned through the reader's own agent, through another agent, through none} × {the
 * reader's session names the user, names none} × every reader — search, per-turn recall and the
 * system-prompt addition of `GET /context`, the list, MCP's `search_memories` and `molt://profile`
 * — against what the same key may read by id. A user's memory learned through agent B never
 * reaches agent A, and what any reader returns is readable by id with the same key.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../db/api-keys.js';
import { type Harness, startHarness, uniqueSessionId } from './harness.js';
import { httpMcp, type Json } from './mcp-clients.js';

let h: Harness;
let baseUrl = '';
const TAG = `zephyr${randomUUID().slice(0, 8)}`;
const USER = `user-${randomUUID()}`;
const keys = { boundA: '', boundB: '', unbound: '', operator: '' };

/** Each memory: its marker (in its text), whom it was learned through, and its id. */
interface Written {
  marker: string;
  through: 'a' | 'b' | 'none';
  kind: 'user' | 'agent' | 'session';
  /** For a session's own memory: the session it belongs to. */
  sessionId?: string;
  id: string;
}
const written: Written[] = [];

async function call(key: string, method: string, url: string, payload?: unknown) {
  return h.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

async function turn(key: string, sessionId: string, body: Json) {
  const answer = await call(key, 'POST', `/v1/sessions/${sessionId}/turns`, {
    turnId: `t-${randomUUID()}`,
    messages: [{ role: 'user', content: `what do you know about ${TAG}?` }],
    ...body,
  });
  expect(answer.statusCode, answer.body).toBe(202);
}

async function commit(key: string, body: Json, entry: Omit<Written, 'id' | 'marker'>) {
  const marker = `m${written.length}x${randomUUID().slice(0, 6)}`;
  const answer = await call(key, 'POST', '/v1/memories', {
    content: `The ${TAG} code word is ${marker}.`,
    priority: 5,
    ...body,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  written.push({ ...entry, marker, id: answer.json().memory.id });
}

/** Sessions the memories were written in (by their agents' bound keys). */
const writers = { aUser: '', bUser: '', aAlone: '', bAlone: '' };

beforeAll(async () => {
  h = await startHarness({ auth: 'required' });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  const tenantId = `reach-${randomUUID()}`;
  keys.boundA = (await createApiKey(h.database.db, { tenantId, role: 'agent', agentId: 'agent-a' })).key;
  keys.boundB = (await createApiKey(h.database.db, { tenantId, role: 'agent', agentId: 'agent-b' })).key;
  keys.unbound = (await createApiKey(h.database.db, { tenantId, role: 'agent' })).key;
  keys.operator = (await createApiKey(h.database.db, { tenantId, role: 'operator' })).key;

  for (const [name, key, user] of [
    ['aUser', keys.boundA, USER],
    ['bUser', keys.boundB, USER],
    ['aAlone', keys.boundA, undefined],
    ['bAlone', keys.boundB, undefined],
  ] as const) {
    writers[name] = uniqueSessionId(`reach-${name}`);
    await turn(key, writers[name], user ? { userId: user } : {});
  }
  // The user's memories, learned through agent A, agent B, and no agent (an operator's).
  await commit(keys.boundA, { sessionId: writers.aUser, type: 'profile' }, { through: 'a', kind: 'user' });
  await commit(keys.boundB, { sessionId: writers.bUser, type: 'profile' }, { through: 'b', kind: 'user' });
  await commit(keys.operator, { userId: USER, type: 'profile' }, { through: 'none', kind: 'user' });
  // Agent knowledge of each agent; a session's own personal memory in a session naming no user.
  await commit(keys.boundA, { type: 'tool', category: 'grep' }, { through: 'a', kind: 'agent' });
  await commit(keys.boundB, { type: 'tool', category: 'grep' }, { through: 'b', kind: 'agent' });
  await commit(
    keys.boundA,
    { sessionId: writers.aAlone, type: 'profile' },
    { through: 'none', kind: 'session', sessionId: writers.aAlone },
  );
  await commit(
    keys.boundB,
    { sessionId: writers.bAlone, type: 'profile' },
    { through: 'none', kind: 'session', sessionId: writers.bAlone },
  );
});
afterAll(async () => {
  await h?.stop();
});

/** The rule, stated plainly: what a reader acting for agent A in `session` (naming `user`) reads. */
function ruleAdmits(memory: Written, session: { id: string; user: string | undefined }): boolean {
  if (memory.kind === 'user') return session.user === USER && memory.through !== 'b';
  if (memory.kind === 'agent') return memory.through === 'a';
  return memory.sessionId === session.id;
}

const markersIn = (text: string) => written.filter((m) => text.includes(m.marker));

type Reader = (key: string, session: { id: string; user: string | undefined }) => Promise<string>;

const READERS: Record<string, Reader> = {
  search: async (key, session) => {
    const answer = await call(key, 'POST', '/v1/memories/search', {
      query: TAG,
      sessionId: session.id,
      limit: 50,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.body;
  },
  'context (recall and system prompt)': async (key, session) => {
    const answer = await call(key, 'GET', `/v1/sessions/${session.id}/context?recall=true`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.body;
  },
  list: async (key, session) => {
    const query = session.user ? `?userId=${session.user}&limit=200` : '?limit=200';
    const answer = await call(key, 'GET', `/v1/memories${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.body;
  },
  'mcp search_memories and profile': async (key, session) => {
    const mcp = await httpMcp(`${baseUrl}/mcp`, {
      authorization: `Bearer ${key}`,
      'x-molt-session-id': session.id,
    });
    try {
      const found = await mcp.call('search_memories', { query: TAG });
      expect(found.error).toBeUndefined();
      const profile = await mcp.client.readResource({ uri: 'molt://profile' });
      return JSON.stringify(found) + JSON.stringify(profile);
    } finally {
      await mcp.close();
    }
  },
};

describe('an agent reads the same through every reader as by id', () => {
  it('{bound, unbound} × {own, other, no agent} × {user, none} × every reader', {
    timeout: 600_000,
  }, async () => {
    for (const keyKind of ['bound', 'unbound'] as const) {
      const key = keyKind === 'bound' ? keys.boundA : keys.unbound;
      // What this key may read by id.
      const byId = new Set<string>();
      for (const memory of written) {
        const answer = await call(key, 'GET', `/v1/memories/${memory.id}`);
        expect([200, 404]).toContain(answer.statusCode);
        if (answer.statusCode === 200) byId.add(memory.marker);
      }
      if (keyKind === 'bound') {
        // The rule for a key bound to A: A's, and those learned through no agent (own sessions only).
        expect([...byId].sort()).toEqual(
          written
            .filter(
              (m) =>
                m.through === 'a' ||
                (m.through === 'none' && (m.kind === 'user' || m.sessionId === writers.aAlone)),
            )
            .map((m) => m.marker)
            .sort(),
        );
      } else {
        expect(byId.size).toBe(written.length);
      }
      for (const named of [USER, undefined]) {
        // A fresh session of agent A, as the key opens it (a bound key's session is its agent's).
        const sessionId = uniqueSessionId(`reader-${keyKind}`);
        await turn(key, sessionId, { agentId: 'agent-a', ...(named ? { userId: named } : {}) });
        const session = { id: sessionId, user: named };
        for (const [name, read] of Object.entries(READERS)) {
          const seen = markersIn(await read(key, session));
          const where = `${keyKind} key, ${named ? 'named user' : 'no user'}, ${name}`;
          // Never more than the key reads by id.
          for (const m of seen)
            expect(byId.has(m.marker), `${where}: ${m.marker} not readable by id`).toBe(true);
          if (name === 'list') continue; // the list is the tenant's (bound: the by-id set itself)
          // Never what the user told another agent; and search finds exactly what the rule admits.
          for (const m of seen)
            expect(ruleAdmits(m, session), `${where}: ${m.kind} of ${m.through}`).toBe(true);
          if (name === 'search') {
            expect(seen.map((m) => m.marker).sort(), where).toEqual(
              written
                .filter((m) => ruleAdmits(m, session))
                .map((m) => m.marker)
                .sort(),
            );
          }
        }
      }
      if (keyKind === 'bound') {
        const list = markersIn((await call(key, 'GET', '/v1/memories?limit=200')).body);
        expect(list.map((m) => m.marker).sort()).toEqual([...byId].sort());
      }
    }
  });
});
