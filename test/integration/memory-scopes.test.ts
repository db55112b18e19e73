/**
 * Issue 19 item 2: scope rules that cannot leak, as a matrix over the writer's identity
 * {userId, agentId, both, neither, named later} × memory type × reader. A personal memory
 * (profile, preference, entity, event, decision) reaches only its user's sessions or, without a
 * user, its own session; agent knowledge (tool, skill, pattern, case) of a session naming no user
 * reaches the agent's sessions. Readers look through search_memories (the recall ranking), the
 * system-prompt addition and the tool memories (error texts) of `GET /context`.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_KNOWLEDGE_TYPES } from '../../context/memory/scope-rules.js';
import { MEMORY_TYPES, type MemoryType } from '../../context/memory/types.js';
import { scaled } from '../time-scale.js';
import { caller, eventually, type Harness, type Json, startHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const call = (method: string, url: string, payload?: unknown) => caller(h.app)(method, url, payload);

interface Identity {
  userId?: string;
  agentId?: string;
}

let turnCounter = 0;
async function turn(sessionId: string, identity: Identity, messages: Json[]): Promise<void> {
  turnCounter += 1;
  const response = await call('POST', `/v1/sessions/${sessionId}/turns`, {
    turnId: `t${turnCounter}`,
    ...identity,
    messages,
  });
  expect(response.status, response.body).toBe(202);
}

const say = (text: string) => [{ role: 'user', content: text }];
const token = () => `zq${randomUUID().replaceAll('-', '').slice(0, 14)}`;

const IDENTITIES = ['userId', 'agentId', 'both', 'neither', 'named later'] as const;
type IdentityKind = (typeof IDENTITIES)[number];

/** Who may read a memory written by `owner` (at write time) of `type`: the rule, stated plainly. */
function mayRead(
  owner: Identity,
  writer: string,
  type: MemoryType,
  reader: Identity & { sessionId: string },
) {
  if (reader.sessionId === writer) return true;
  // A user's memory learned through an agent is that agent's (db/memory/memory-reach.ts): another agent's
  // session naming the user does not read it; a reader acting for no agent does.
  if (owner.userId) {
    return (
      reader.userId === owner.userId &&
      (!owner.agentId || !reader.agentId || reader.agentId === owner.agentId)
    );
  }
  if (owner.agentId && (AGENT_KNOWLEDGE_TYPES as readonly string[]).includes(type)) {
    return reader.agentId === owner.agentId;
  }
  return false;
}

describe('memory scopes: identity × type × reader', () => {
  it('a memory reaches exactly the readers its scope rule admits', { timeout: scaled(600_000) }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...IDENTITIES),
        fc.shuffledSubarray([...MEMORY_TYPES], { minLength: 3 }),
        async (kind: IdentityKind, types) => {
          const user = `u-${randomUUID()}`;
          const agent = `a-${randomUUID()}`;
          const writer = `w-${randomUUID()}`;
          const first: Identity =
            kind === 'userId'
              ? { userId: user }
              : kind === 'both'
                ? { userId: user, agentId: agent }
                : kind === 'neither'
                  ? {}
                  : { agentId: agent };
          await turn(writer, first, say('hello there, starting the session'));
          const written: Array<{ id: string; token: string; type: MemoryType; owner: Identity }> = [];
          const commit = async (type: MemoryType, owner: Identity) => {
            const t = token();
            const response = await call('POST', '/v1/memories', {
              sessionId: writer,
              type,
              priority: 5,
              content: `${t} ${type} ${randomUUID()}`,
            });
            expect(response.status, response.body).toBe(201);
            written.push({ id: response.json().memory.id, token: t, type, owner });
          };
          for (const type of types) await commit(type, first);
          if (kind === 'named later') {
            await turn(writer, { userId: user, agentId: agent }, say('by the way, this is my account now'));
            await eventually(
              async () => (await call('GET', `/v1/sessions/${writer}`)).json(),
              (view) => view.userId === user,
            );
            for (const type of types) await commit(type, { userId: user, agentId: agent });
          }
          const readers: Array<Identity & { sessionId: string }> = [
            {
              sessionId: writer,
              userId: kind === 'named later' ? user : first.userId,
              agentId: first.agentId,
            },
            { sessionId: `r-${randomUUID()}`, userId: user, agentId: agent },
            { sessionId: `r-${randomUUID()}`, userId: user, agentId: `other-${randomUUID()}` },
            { sessionId: `r-${randomUUID()}`, userId: `other-${randomUUID()}`, agentId: agent },
            { sessionId: `r-${randomUUID()}`, agentId: agent },
            { sessionId: `r-${randomUUID()}` },
          ];
          for (const reader of readers.slice(1)) {
            await turn(
              reader.sessionId,
              {
                ...(reader.userId ? { userId: reader.userId } : {}),
                ...(reader.agentId ? { agentId: reader.agentId } : {}),
              },
              say('what do you remember about me?'),
            );
          }
          for (const reader of readers) {
            const context = await call('GET', `/v1/sessions/${reader.sessionId}/context`);
            expect(context.status, context.body).toBe(200);
            const prompt = String(context.json().systemPromptAddition ?? '');
            for (const memory of written) {
              const expected = mayRead(memory.owner, writer, memory.type, reader);
              const search = await call('POST', '/v1/memories/search', {
                query: memory.token,
                sessionId: reader.sessionId,
              });
              expect(search.status, search.body).toBe(200);
              const found = search.json().items.some((m: Json) => m.id === memory.id);
              expect(found, `${kind} ${memory.type} → reader ${JSON.stringify(reader)}`).toBe(expected);
              if (!expected)
                expect(prompt, `${kind} ${memory.type} in a stranger's system prompt`).not.toContain(
                  memory.token,
                );
              if (expected && (memory.type === 'profile' || memory.type === 'preference')) {
                expect(prompt, `${kind} ${memory.type} in its reader's system prompt`).toContain(
                  memory.token,
                );
              }
            }
          }
        },
      ),
      { numRuns: 10, endOnFailure: true },
    );
  });

  it("an agent's other sessions never see a session's tool error texts", {
    timeout: scaled(300_000),
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Identity>({}, { userId: 'someone' }), async (readerExtra) => {
        const agent = `a-${randomUUID()}`;
        // Letters only: the error folding (paths, ids, numbers) keeps words as they are.
        const secret = `Zebra${[...randomUUID().replaceAll('-', '').slice(0, 10)].map((c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('')}`;
        const call1 = {
          type: 'toolCall',
          id: `c-${randomUUID()}`,
          name: 'read_file',
          arguments: { path: '/x' },
        };
        const errored = (sessionText: string, id: string) => [
          { role: 'user', content: 'open the file' },
          { role: 'assistant', content: [{ ...call1, id }], stopReason: 'toolUse' },
          {
            role: 'toolResult',
            toolCallId: id,
            toolName: 'read_file',
            isError: true,
            content: [{ type: 'text', text: sessionText }],
          },
        ];
        const writer = `w-${randomUUID()}`;
        await turn(writer, { agentId: agent }, errored(`Error: ENOENT ${secret} for Alice`, 'c1'));
        const reader = `r-${randomUUID()}`;
        await turn(reader, { agentId: agent, ...readerExtra }, errored('Error: timeout', 'c2'));
        const own = await call('GET', `/v1/sessions/${writer}/context`);
        expect(String(own.json().systemPromptAddition)).toContain('read_file');
        const other = await call('GET', `/v1/sessions/${reader}/context`);
        expect(String(other.json().systemPromptAddition)).toContain('read_file');
        expect(other.body).not.toContain(secret);
      }),
      { numRuns: 4 },
    );
  });
});
