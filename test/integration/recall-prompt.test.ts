/**
 * Recall for the message being asked (issue 22 items 1–3): `GET /context?prompt=` searches for a
 * message not stored yet, a session opened by an empty turn answers its first context with the
 * profile and recall, and `memoryTools=false` never names a tool the agent does not have.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uniqueSessionId } from './harness.js';
import { type Json, useRecallStack } from './recall-stack.js';

const { call, ask, remember, context } = useRecallStack();

const open = (sessionId: string, userId: string) =>
  call('POST', `/v1/sessions/${sessionId}/turns`, {
    turnId: 'open',
    messages: [],
    userId,
    contextWindowTokens: 100_000,
  });

const prompt = (text: string, extra = '') => `prompt=${encodeURIComponent(text)}${extra}`;
const recallCall = (messages: Json[]) =>
  messages.find((m) => m.role === 'assistant' && m.content?.[0]?.name === 'search_memories');

describe('recall for the message being asked', () => {
  it("gives an opened session's first context the profile and the memories for its prompt", async () => {
    const userId = `u-${randomUUID()}`;
    await remember({ userId }, 'The user is called Ada and works on the billing team.', { type: 'profile' });
    const staging = await remember({ userId }, 'The staging database is heron-staging-db in eu-west-3.', {
      type: 'entity',
    });
    const sessionId = uniqueSessionId('opened');
    await open(sessionId, userId);
    const ctx = await context(sessionId, prompt('Which staging database should the migration target?'));
    expect(ctx.messages).toEqual([]);
    expect(ctx.recall.memoryIds).toEqual([staging.id]);
    // No tool call may open a transcript: the recalled memory is in the system-prompt addition.
    expect(ctx.systemPromptAddition).toContain('billing team');
    expect(ctx.systemPromptAddition).toContain('heron-staging-db');
    expect(ctx.systemPromptAddition).toContain('search_memories');
  });

  it('searches for the new message, not the stored one, and puts the call right before it', async () => {
    const userId = `u-${randomUUID()}`;
    const tea = await remember({ userId }, 'The user drinks oolong tea without sugar.');
    const staging = await remember({ userId }, 'The staging database is heron-staging-db.', {
      type: 'entity',
    });
    const sessionId = uniqueSessionId('asked');
    await ask(sessionId, 't1', 'What kind of tea do I like?', { userId });
    // Without the prompt, recall answers the stored (previous) question.
    expect((await context(sessionId)).recall.memoryIds).toEqual([tea.id]);

    const ctx = await context(sessionId, prompt('Which staging database should the migration target?'));
    expect(ctx.recall.memoryIds[0]).toBe(staging.id);
    expect(ctx.recall.query.split('\n').at(-1)).toBe('Which staging database should the migration target?');
    const call = recallCall(ctx.messages);
    expect(ctx.messages.indexOf(call)).toBe(ctx.messages.length - 2);
    expect(ctx.messages.at(-1)).toMatchObject({ role: 'toolResult', toolName: 'search_memories' });
    expect(JSON.stringify(ctx.messages.at(-1))).toContain('heron-staging-db');
  });

  it('with memoryTools=false names no tool: recall goes into the system-prompt addition', async () => {
    const userId = `u-${randomUUID()}`;
    await remember({ userId }, 'The staging database is heron-staging-db.', { type: 'entity' });
    const sessionId = uniqueSessionId('no-tools');
    await ask(sessionId, 't1', 'Hello there, I have a deployment question.', { userId });
    const ctx = await context(sessionId, prompt('Which staging database do we use?', '&memoryTools=false'));
    expect(recallCall(ctx.messages)).toBeUndefined();
    expect(JSON.stringify(ctx.messages)).not.toContain('search_memories');
    expect(ctx.systemPromptAddition).toContain('heron-staging-db');
    expect(ctx.systemPromptAddition).not.toContain('search_memories');
  });

  it('refuses a prompt longer than 2 000 characters with a 400 naming it', async () => {
    const sessionId = uniqueSessionId('long');
    await open(sessionId, `u-${randomUUID()}`);
    const response = await call(
      'GET',
      `/v1/sessions/${sessionId}/context?${prompt('x'.repeat(2_001))}`,
    ).catch((error: Error) => error.message);
    expect(String(response)).toMatch(/prompt/);
  });
});
