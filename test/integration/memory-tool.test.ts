/**
 * Issue 35 item 2: Anthropic's memory tool (`memory_20250818`) answered by molt — through the
 * client's handler (client/memory-tool.ts) and `POST /v1/memory-tool` on the real stack, with
 * agent keys: every command, paths that try to leave /memories, another user's files, huge input,
 * and a file's life as a memory (history kept, never superseded by another writer).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoltClient, type MoltClient } from '../../client/index.js';
import { handleMemoryToolCall } from '../../client/memory-tool.js';
import { createApiKey } from '../../db/api-keys.js';
import {
  type CreateMessage,
  runMemoryAgent,
} from '../../integrations/anthropic-memory-tool/examples/agent.js';
import { type Harness, startHarness, uniqueSessionId } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field
type Json = Record<string, any>;

let h: Harness;
let baseUrl = '';
let agent: MoltClient;
let operator: MoltClient;
const USER_A = `alice-${randomUUID()}`;
const USER_B = `bob-${randomUUID()}`;
const sessions = { a1: uniqueSessionId('a1'), a2: uniqueSessionId('a2'), b: uniqueSessionId('b') };

beforeAll(async () => {
  h = await startHarness({ auth: 'required' });
  baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  const tenantId = `tenant-memtool-${randomUUID()}`;
  const agentKey = (await createApiKey(h.database.db, { tenantId, role: 'agent', agentId: 'claude' })).key;
  const operatorKey = (await createApiKey(h.database.db, { tenantId, role: 'operator' })).key;
  agent = createMoltClient({ baseUrl, apiKey: agentKey });
  operator = createMoltClient({ baseUrl, apiKey: operatorKey });
  for (const [sessionId, userId] of [
    [sessions.a1, USER_A],
    [sessions.a2, USER_A],
    [sessions.b, USER_B],
  ] as const) {
    await agent.postTurn(sessionId, {
      turnId: 'open',
      userId,
      messages: [{ role: 'user', content: 'hello' }],
    });
  }
});

afterAll(async () => {
  await h?.stop();
});

const tool = (sessionId: string, input: unknown) => handleMemoryToolCall(agent, { sessionId }, input);

describe('the memory tool on molt', () => {
  it('runs every command against the user’s memories, across their sessions', async () => {
    expect(
      await tool(sessions.a1, {
        command: 'create',
        path: '/memories/progress.md',
        file_text: 'Task: migrate billing\nStatus: step 2 of 5\n',
      }),
    ).toEqual({ content: 'File created successfully at: /memories/progress.md', isError: false });

    // Another session of the same user sees the file.
    const listing = await tool(sessions.a2, { command: 'view', path: '/memories' });
    expect(listing.isError).toBe(false);
    expect(listing.content).toContain('\t/memories/progress.md');

    expect(
      await tool(sessions.a2, {
        command: 'str_replace',
        path: '/memories/progress.md',
        old_str: 'step 2 of 5',
        new_str: 'step 3 of 5',
      }),
    ).toMatchObject({ isError: false, content: expect.stringMatching(/^The memory file has been edited\./) });
    expect(
      await tool(sessions.a2, {
        command: 'insert',
        path: '/memories/progress.md',
        insert_line: 0,
        insert_text: '# Billing\n',
      }),
    ).toEqual({ content: 'The file /memories/progress.md has been edited.', isError: false });
    expect((await tool(sessions.a1, { command: 'view', path: '/memories/progress.md' })).content).toBe(
      "Here's the content of /memories/progress.md with line numbers:\n" +
        '     1\t# Billing\n     2\tTask: migrate billing\n     3\tStatus: step 3 of 5\n     4\t',
    );

    expect(
      await tool(sessions.a1, {
        command: 'rename',
        old_path: '/memories/progress.md',
        new_path: '/memories/billing/progress.md',
      }),
    ).toEqual({
      content: 'Successfully renamed /memories/progress.md to /memories/billing/progress.md',
      isError: false,
    });
    expect((await tool(sessions.a1, { command: 'view', path: '/memories/progress.md' })).isError).toBe(true);

    // The file is a memory of the user's: its key is the path, its history has every version.
    const memories = (await operator.request('GET', '/v1/memories', {
      userId: USER_A,
      status: 'active',
    })) as Json;
    const file = memories.items.find((m: Json) => m.key === '/memories/billing/progress.md');
    expect(file).toMatchObject({
      userId: USER_A,
      content: '# Billing\nTask: migrate billing\nStatus: step 3 of 5\n',
    });
    const all = (await operator.request('GET', '/v1/memories', { userId: USER_A })) as Json;
    expect(all.items.filter((m: Json) => m.status === 'superseded').length).toBe(3);

    expect(await tool(sessions.a1, { command: 'delete', path: '/memories/billing' })).toEqual({
      content: 'Successfully deleted /memories/billing',
      isError: false,
    });
    expect((await tool(sessions.a1, { command: 'view', path: '/memories' })).content).not.toContain(
      'billing',
    );
    expect(await tool(sessions.a1, { command: 'delete', path: '/memories/billing' })).toEqual({
      content: 'Error: The path /memories/billing does not exist',
      isError: true,
    });
  });

  it("never shows or touches another user's files", async () => {
    await tool(sessions.a1, { command: 'create', path: '/memories/alice-secret.txt', file_text: 'pin 4242' });
    const bobView = await tool(sessions.b, { command: 'view', path: '/memories' });
    expect(bobView.content).not.toContain('alice-secret');
    for (const input of [
      { command: 'view', path: '/memories/alice-secret.txt' },
      { command: 'str_replace', path: '/memories/alice-secret.txt', old_str: '4242', new_str: '0000' },
      { command: 'insert', path: '/memories/alice-secret.txt', insert_line: 0, insert_text: 'x' },
      { command: 'delete', path: '/memories/alice-secret.txt' },
      { command: 'rename', old_path: '/memories/alice-secret.txt', new_path: '/memories/mine.txt' },
    ]) {
      const result = await tool(sessions.b, input);
      expect(result.isError, JSON.stringify(input)).toBe(true);
      expect(result.content).not.toContain('4242');
    }
    // Bob's key naming Alice as the scope is refused, not obeyed.
    const named = await handleMemoryToolCall(
      agent,
      { sessionId: sessions.b, userId: USER_A },
      {
        command: 'view',
        path: '/memories/alice-secret.txt',
      },
    );
    expect(named.isError).toBe(true);
    expect(named.content).not.toContain('4242');
    // Bob's own file of the same name is his alone.
    await tool(sessions.b, { command: 'create', path: '/memories/alice-secret.txt', file_text: 'bob text' });
    expect(
      (await tool(sessions.a1, { command: 'view', path: '/memories/alice-secret.txt' })).content,
    ).toContain('pin 4242');
  });

  it("never shows another tenant's files at the same user and paths", async () => {
    // Another tenant, with a user of the same id and a session of the same id.
    const otherTenant = `tenant-memtool-other-${randomUUID()}`;
    const otherKey = (
      await createApiKey(h.database.db, { tenantId: otherTenant, role: 'agent', agentId: 'claude' })
    ).key;
    const other = createMoltClient({ baseUrl, apiKey: otherKey });
    await other.postTurn(sessions.a1, {
      turnId: 'open',
      userId: USER_A,
      messages: [{ role: 'user', content: 'hello' }],
    });
    const otherTool = (input: unknown) => handleMemoryToolCall(other, { sessionId: sessions.a1 }, input);
    await tool(sessions.a1, {
      command: 'create',
      path: '/memories/tenant.txt',
      file_text: 'tenant one 7777',
    });
    expect((await otherTool({ command: 'view', path: '/memories' })).content).not.toContain('tenant.txt');
    for (const input of [
      { command: 'view', path: '/memories/tenant.txt' },
      { command: 'str_replace', path: '/memories/tenant.txt', old_str: '7777', new_str: '0000' },
      { command: 'delete', path: '/memories/tenant.txt' },
      { command: 'rename', old_path: '/memories/tenant.txt', new_path: '/memories/moved.txt' },
    ]) {
      const result = await otherTool(input);
      expect(result.isError, JSON.stringify(input)).toBe(true);
      expect(result.content).not.toContain('7777');
    }
    // The other tenant's file at the same path is its own; each tenant reads its own text.
    expect(
      await otherTool({ command: 'create', path: '/memories/tenant.txt', file_text: 'tenant two' }),
    ).toEqual({ content: 'File created successfully at: /memories/tenant.txt', isError: false });
    expect((await otherTool({ command: 'view', path: '/memories/tenant.txt' })).content).toContain(
      'tenant two',
    );
    expect((await tool(sessions.a1, { command: 'view', path: '/memories/tenant.txt' })).content).toContain(
      'tenant one 7777',
    );
  });

  it('refuses paths outside /memories, plain or encoded, and writes nothing', async () => {
    const before = (await operator.request('GET', '/v1/memories', { userId: USER_A })) as Json;
    for (const path of [
      '/memories/../etc/passwd',
      '/memories/%2e%2e/%2e%2e/etc/passwd',
      '/memories/..%2F..%2Fx',
      '/etc/passwd',
      '/memories\\..\\x',
      '/memories//x',
      '/memories-other/x',
      'memories/x',
      '/memories/\u2025/etc/passwd', // ‥ two-dot leader, NFKC '..'
      '/memories/\uff0e\uff0e/x', // fullwidth full stops
      '/memories\uff0f..\uff0fx', // fullwidth solidus
      '/memories/..\u2215x', // division slash
      '/memories/x\u202e', // right-to-left override
    ]) {
      for (const input of [
        { command: 'view', path },
        { command: 'create', path, file_text: 'x' },
        { command: 'delete', path },
        { command: 'rename', old_path: '/memories/alice-secret.txt', new_path: path },
      ]) {
        const result = await tool(sessions.a1, input);
        expect(result.isError, `${input.command} ${path}`).toBe(true);
      }
    }
    const after = (await operator.request('GET', '/v1/memories', { userId: USER_A })) as Json;
    expect(after.items.length).toBe(before.items.length);
  });

  it('answers huge or malformed input with an error the model reads, naming the field', async () => {
    const huge = await tool(sessions.a1, {
      command: 'create',
      path: '/memories/huge',
      file_text: 'x'.repeat(200_000),
    });
    expect(huge.isError).toBe(true);
    expect(huge.content).toContain('file_text');
    expect(huge.content).not.toContain('xxxxxxxxxx');
    const unknown = await tool(sessions.a1, { command: 'format_disk', path: '/memories' });
    expect(unknown.isError).toBe(true);
    const longPath = await tool(sessions.a1, { command: 'view', path: `/memories/${'a'.repeat(5_000)}` });
    expect(longPath.isError).toBe(true);
  });

  it('a memory that changes its mind about a file’s subject never supersedes the file', async () => {
    await tool(sessions.a1, {
      command: 'create',
      path: '/memories/color.txt',
      file_text: 'My favourite color is green',
    });
    // Without the file being a keyed memory, this would be "a change of mind" superseding it.
    const committed = (await agent.postJson('/v1/memories', {
      content: 'My favourite color is now blue',
      type: 'case',
      sessionId: sessions.a1,
    })) as Json;
    expect(committed.memory.content).toBe('My favourite color is now blue');
    expect((await tool(sessions.a1, { command: 'view', path: '/memories/color.txt' })).content).toContain(
      'My favourite color is green',
    );
  });

  it('runs the example: a Messages API loop whose memory tool molt answers', async () => {
    // A scripted Claude: looks at its memory, writes a note, answers; the next session reads it.
    const script = (toolCalls: unknown[]): CreateMessage => {
      let step = 0;
      return async (body) => {
        expect(body.tools).toEqual([{ type: 'memory_20250818', name: 'memory' }]);
        const input = toolCalls[step++];
        if (input === undefined) {
          const last = body.messages.at(-1)!.content as Array<{ content: string }>;
          return {
            stop_reason: 'end_turn',
            content: [{ type: 'text', text: last.map((b) => b.content).join('\n') }],
          };
        }
        return {
          stop_reason: 'tool_use',
          content: [{ type: 'tool_use', id: `tu_${step}`, name: 'memory', input }],
        };
      };
    };
    await runMemoryAgent({
      molt: agent,
      sessionId: sessions.a1,
      question: 'Start the billing migration.',
      createMessage: script([
        { command: 'view', path: '/memories' },
        { command: 'create', path: '/memories/example/billing.md', file_text: 'Migration: step 1 done' },
      ]),
    });
    const answer = await runMemoryAgent({
      molt: agent,
      sessionId: sessions.a2,
      question: 'Where were we?',
      createMessage: script([{ command: 'view', path: '/memories/example/billing.md' }]),
    });
    expect(answer).toBe(
      "Here's the content of /memories/example/billing.md with line numbers:\n     1\tMigration: step 1 done",
    );
  });

  it('says so when molt is unreachable, without throwing', async () => {
    const down = createMoltClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500, retries: 0 });
    const result = await handleMemoryToolCall(
      down,
      { sessionId: sessions.a1 },
      { command: 'view', path: '/memories' },
    );
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/unavailable/);
  });
});
