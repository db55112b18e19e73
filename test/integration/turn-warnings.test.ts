/**
 * The turn API says what the agent's model cannot see (issue 23 item 5): a window molt assumed,
 * a message larger than the window; and it takes an assistant's plain-string content like a
 * user's, as one text block the engine counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMessages } from '../../db/transcript.js';
import { type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let strict: Harness;
beforeAll(async () => {
  // No worker: these tests read what the API answers and stores, not what the workflow does next.
  h = await startHarness({ worker: false });
  strict = await startHarness({ worker: false, requireContextWindow: true });
});
afterAll(async () => {
  await h?.stop();
  await strict?.stop();
});

const post = (harness: Harness, sessionId: string, body: object) =>
  harness.app.inject({ method: 'POST', url: `/v1/sessions/${sessionId}/turns`, payload: body });
const hello = [{ role: 'user', content: 'hello' }];

describe('turn warnings', () => {
  it('warns on every turn that leaves the session on molt’s default window, and never once a window is named', async () => {
    const sessionId = uniqueSessionId('warn-default');
    const first = await post(h, sessionId, { turnId: 't1', messages: hello });
    expect(first.statusCode).toBe(202);
    expect(first.json().contextWindowTokens).toBe(200_000);
    expect(first.json().warnings).toEqual([
      expect.objectContaining({ code: 'context_window_defaulted', contextWindowTokens: 200_000 }),
    ]);
    expect(first.json().warnings[0].message).toMatch(/contextWindowTokens/);

    const second = await post(h, sessionId, { turnId: 't2', messages: hello });
    expect(second.json().warnings.map((w: { code: string }) => w.code)).toEqual(['context_window_defaulted']);

    const named = await post(h, sessionId, { turnId: 't3', contextWindowTokens: 32_000, messages: hello });
    expect(named.json().warnings).toEqual([]);
    // The session keeps the named window: a later turn without one is not on the default.
    const after = await post(h, sessionId, { turnId: 't4', messages: hello });
    expect(after.json().contextWindowTokens).toBe(32_000);
    expect(after.json().warnings).toEqual([]);
  });

  it('names each message larger than the window, with its index and size, and stores the turn', async () => {
    const sessionId = uniqueSessionId('warn-big');
    const big = 'lorem ipsum dolor sit amet '.repeat(1_500);
    const response = await post(h, sessionId, {
      turnId: 't1',
      contextWindowTokens: 1_000,
      messages: [
        { role: 'user', content: 'small' },
        { role: 'user', content: big },
        { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      ],
    });
    expect(response.statusCode).toBe(202);
    const warnings = response.json().warnings;
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      code: 'message_exceeds_window',
      messageIndex: 1,
      contextWindowTokens: 1_000,
    });
    expect(warnings[0].tokens).toBeGreaterThan(1_000);
    expect(warnings[0].message).toMatch(/^messages\.1 /);
    // The warning carries no text of the message.
    expect(JSON.stringify(warnings)).not.toMatch(/lorem/);
    expect(await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 })).toHaveLength(3);
  });

  it('takes an assistant’s plain-string content as one text block the engine counts', async () => {
    const sessionId = uniqueSessionId('assistant-string');
    const text = 'The build passed; next I will update the changelog.';
    const response = await post(h, sessionId, {
      turnId: 't1',
      contextWindowTokens: 10_000,
      messages: [
        { role: 'user', content: 'status?' },
        { role: 'assistant', content: text, stopReason: 'stop' },
      ],
    });
    expect(response.statusCode, response.body).toBe(202);
    const [, stored] = await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
    expect(stored?.body).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text }],
      stopReason: 'stop',
    });
    // Counted like the same text sent as a block.
    const blockSession = uniqueSessionId('assistant-blocks');
    const asBlocks = await post(h, blockSession, {
      turnId: 't1',
      contextWindowTokens: 10_000,
      messages: [
        { role: 'user', content: 'status?' },
        { role: 'assistant', content: [{ type: 'text', text }], stopReason: 'stop' },
      ],
    });
    expect(response.json().transcript.tokens).toBe(asBlocks.json().transcript.tokens);
    expect(response.json().transcript.tokens).toBeGreaterThan(10);
  });

  it('still refuses an assistant content that is neither a string nor blocks, naming it', async () => {
    const response = await post(h, uniqueSessionId('assistant-bad'), {
      turnId: 't1',
      contextWindowTokens: 10_000,
      messages: [{ role: 'assistant', content: 42 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^body\.messages\.0\.content/);
  });

  it('with MOLT_REQUIRE_CONTEXT_WINDOW refuses a turn naming no window and stores nothing', async () => {
    const sessionId = uniqueSessionId('require-window');
    const refused = await post(strict, sessionId, { turnId: 't1', messages: hello });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^body\.contextWindowTokens: required/);
    expect(await readMessages(strict.database.db, 'default', sessionId, { afterSeq: 0 })).toEqual([]);
    const accepted = await post(strict, sessionId, {
      turnId: 't1',
      contextWindowTokens: 8_000,
      messages: hello,
    });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json().warnings).toEqual([]);
  });
});
