/**
 * mcp/scope.ts: the MCP server's scope comes from configuration (headers over HTTP), each header
 * validated and named when bad; "one's own" memories are the user's, or the agent's that name no
 * user.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOwn, requireScope, scopeOfHeaders } from '../../mcp/scope.js';

describe('MCP scope from headers', () => {
  it('reads the three headers; an agent-bound key is its agent unless one is configured', () => {
    expect(scopeOfHeaders({ 'x-molt-user-id': 'alice' }, null)).toEqual({ scope: { userId: 'alice' } });
    expect(scopeOfHeaders({}, 'agent-a')).toEqual({ scope: { agentId: 'agent-a' } });
    expect(scopeOfHeaders({ 'x-molt-agent-id': 'agent-b', 'x-molt-session-id': 's-1' }, 'agent-a')).toEqual({
      scope: { agentId: 'agent-b', sessionId: 's-1' },
    });
    expect(scopeOfHeaders({ 'x-molt-user-id': '' }, null)).toEqual({ scope: {} });
  });

  it('names the bad header', () => {
    expect(scopeOfHeaders({ 'x-molt-user-id': 'u'.repeat(201) }, null)).toMatchObject({
      error: expect.stringMatching(/^x-molt-user-id: /),
    });
    expect(scopeOfHeaders({ 'x-molt-session-id': 's'.repeat(129) }, null)).toMatchObject({
      error: expect.stringMatching(/^x-molt-session-id: /),
    });
    expect(scopeOfHeaders({ 'x-molt-agent-id': ['a', 'b'] }, null)).toEqual({
      error: 'x-molt-agent-id: given more than once',
    });
  });

  it('no scope at all is refused with a message saying how to configure one', () => {
    expect(() => requireScope({})).toThrow(/MOLT_USER_ID/);
    expect(() => requireScope({ sessionId: 's' })).not.toThrow();
  });

  it("a memory is a user's own only when it is theirs; an agent's only when it names no user", () => {
    const id = fc.constantFrom('alice', 'bob', 'agent-a', 'agent-b');
    fc.assert(
      fc.property(id, fc.option(id), fc.option(id), (who, userId, agentId) => {
        const memory = { userId, agentId };
        expect(isOwn({ userId: who }, memory)).toBe(userId === who);
        expect(isOwn({ agentId: who }, memory)).toBe(userId === null && agentId === who);
      }),
    );
  });
});
