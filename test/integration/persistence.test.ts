/**
 * The transcript store behaves the same on PostgreSQL and on embedded PGlite.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Message } from '../../context/messages.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import {
  type AppendTurnInput,
  appendTurn,
  DEFAULT_TENANT_ID,
  ensureTenant,
  getSession,
  readMessages,
} from '../../db/transcript.js';

const backends: Array<[string, () => Promise<DatabaseHandle>]> = [
  ['PostgreSQL', () => openDatabase({ url: inject('databaseUrl') }, { poolSize: 3 })],
  ['PGlite', () => openDatabase({ pglite: 'memory' })],
];

describe.each(backends)('the transcript on %s', (_name, open) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await ensureTenant(handle.db, DEFAULT_TENANT_ID);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const input = (sessionId: string, turnId: string, messages: Message[]): AppendTurnInput => ({
    tenantId: DEFAULT_TENANT_ID,
    sessionId,
    workflowId: `wf-${sessionId}`,
    turnId,
    messages,
    tokens: messages.map(() => 7),
    contextWindowTokens: undefined,
    defaultContextWindowTokens: 100_000,
    settings: undefined,
    usage: undefined,
    content: messages,
  });
  const hi = (text: string): Message => ({ role: 'user', content: text });
  const noop = async () => {};

  it('assigns consecutive seqs across turns and keeps the bodies verbatim', async () => {
    const sessionId = randomUUID();
    await appendTurn(handle.db, input(sessionId, 'a', [hi('one'), hi('two')]), noop);
    const second = await appendTurn(handle.db, input(sessionId, 'b', [hi('three')]), noop);
    expect(second.turn).toMatchObject({ fromSeq: 3, toSeq: 3 });
    const rows = await readMessages(handle.db, DEFAULT_TENANT_ID, sessionId, { afterSeq: 0 });
    expect(rows.map((r) => [r.seq, r.turnId, r.body])).toEqual([
      [1, 'a', hi('one')],
      [2, 'a', hi('two')],
      [3, 'b', hi('three')],
    ]);
    expect((await getSession(handle.db, DEFAULT_TENANT_ID, sessionId))?.lastSeq).toBe(3);
  });

  it('stores one copy of a replayed turn and reports a conflicting one', async () => {
    const sessionId = randomUUID();
    await appendTurn(handle.db, input(sessionId, 'a', [hi('one')]), noop);
    const replay = await appendTurn(handle.db, input(sessionId, 'a', [hi('one')]), noop);
    const conflict = await appendTurn(handle.db, input(sessionId, 'a', [hi('other')]), noop);
    expect(replay.outcome).toBe('replayed');
    expect(conflict.outcome).toBe('conflict');
    expect(await readMessages(handle.db, DEFAULT_TENANT_ID, sessionId, { afterSeq: 0 })).toHaveLength(1);
  });

  it('writes nothing, not even the session, when the signal before commit fails', async () => {
    const sessionId = randomUUID();
    await expect(
      appendTurn(handle.db, input(sessionId, 'a', [hi('one')]), async () => {
        throw new Error('temporal down');
      }),
    ).rejects.toThrow('temporal down');
    expect(await readMessages(handle.db, DEFAULT_TENANT_ID, sessionId, { afterSeq: 0 })).toHaveLength(0);
    expect(await getSession(handle.db, DEFAULT_TENANT_ID, sessionId)).toBeUndefined();
  });

  it('serialises concurrent turns of one session into distinct seqs', async () => {
    const sessionId = randomUUID();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        appendTurn(handle.db, input(sessionId, `t${i}`, [hi(`m${i}`), hi('x')]), noop),
      ),
    );
    const rows = await readMessages(handle.db, DEFAULT_TENANT_ID, sessionId, { afterSeq: 0 });
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('answers concurrent posts of one turnId with one append and replays', async () => {
    const sessionId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        appendTurn(handle.db, input(sessionId, 'a', [hi('one'), hi('two')]), noop),
      ),
    );
    expect(results.map((r) => r.outcome).sort()).toEqual(['appended', ...Array(5).fill('replayed')]);
    expect(results.map((r) => r.turn.toSeq)).toEqual(Array(6).fill(2));
    expect(await readMessages(handle.db, DEFAULT_TENANT_ID, sessionId, { afterSeq: 0 })).toHaveLength(2);
  });
});
