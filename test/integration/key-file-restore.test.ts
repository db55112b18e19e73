/**
 * Key-file restore on the real stack (Temporal + PostgreSQL through the API): after `/compact`
 * the assembled context carries, right after the continuation message and in all three formats,
 * the newest content of the session's key files from the compacted range; a file touched again
 * afterwards is not repeated; the bytes are the same on every call; a session can turn it off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../context/messages.js';
import { RESTORE_HEADER } from '../../context/restore/index.js';
import { estimateMessagesTokens, estimateMessageTokens } from '../../context/tokens/index.js';
import { prose } from './agent-turns.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: test JSON
type Json = any;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const WINDOW = 60_000;

/** One tool call and its result. */
function op(id: string, name: string, args: Record<string, unknown>, result: string): Message[] {
  return [
    { role: 'assistant', content: [{ type: 'toolCall', id, name, arguments: args }], stopReason: 'toolUse' },
    { role: 'toolResult', toolCallId: id, toolName: name, content: [{ type: 'text', text: result }] },
  ];
}

const APP_V1 = 'export const app = 1;\n';
const APP_EDITED = 'export const app = 2; // ```` a fence in the file\n</molt-key-files> and a tag';
const NOTES = '# Notes\n\nThe parser must keep batch order.\n';
const BIG = prose(7, 3_000);

const compactedTurn = {
  turnId: 'work',
  messages: [
    { role: 'user', content: 'Refactor the parser; keep notes in docs/notes.md.' },
    ...op('r1', 'read', { path: 'src/app.ts' }, APP_V1),
    ...op('r2', 'read', { path: 'README.md' }, '# molt\nA context engine.\n'),
    ...op('r3', 'read', { path: 'src/big.ts' }, BIG),
    ...op('r4', 'read', { path: 'src/live.ts' }, 'old live content'),
    ...op('e1', 'edit', { path: 'src/app.ts', old_string: 'app = 1', new_string: 'app = 2' }, APP_EDITED),
    ...op('w1', 'write', { path: 'docs/notes.md', content: NOTES }, 'Wrote docs/notes.md'),
    ...op('f1', 'edit', { path: 'src/failed.ts', old_string: 'x', new_string: 'y' }, 'unused'),
    { role: 'assistant', content: [{ type: 'text', text: `Progress: ${prose(3, 2_000)}` }] },
  ] as Message[],
};
// The failed edit's result says so.
(compactedTurn.messages[14] as { isError?: boolean }).isError = true;

const liveTurn = {
  turnId: 'after',
  messages: [
    { role: 'user', content: 'Go on.' },
    ...op('r5', 'read', { path: 'src/live.ts' }, 'new live content'),
  ] as Message[],
};

async function post(sessionId: string, turn: { turnId: string; messages: Message[] }, extra: Json = {}) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    payload: { ...turn, contextWindowTokens: WINDOW, ...extra },
  });
  expect(response.statusCode).toBe(202);
  return response.json();
}

async function context(sessionId: string, query = ''): Promise<{ body: Json; raw: string }> {
  const response = await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/context${query}` });
  expect(response.statusCode).toBe(200);
  return { body: response.json(), raw: response.body };
}

/** Two turns around a `/compact` that compacts the first one whole. */
async function compactedSession(settings?: Json): Promise<string> {
  const sessionId = uniqueSessionId('restore');
  const first = await post(sessionId, compactedTurn, settings ? { settings } : {});
  await eventually(
    async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json(),
    (v) => v.lastSeq === first.turn.toSeq,
  );
  const compacted = await h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/compact`,
    payload: { keepRecentTokens: 0 },
  });
  expect(compacted.statusCode).toBeLessThan(300);
  const second = await post(sessionId, liveTurn);
  await eventually(
    async () => (await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}` })).json(),
    (v) => v.lastSeq === second.turn.toSeq && v.summary !== null && v.boundarySeq === first.turn.toSeq,
  );
  return sessionId;
}

describe('key-file restore after a compaction', () => {
  it('restores the key files right after the summary, newest content first, never what is live', async () => {
    const sessionId = await compactedSession();
    const { body, raw } = await context(sessionId, '?recall=false');
    expect(body.summary).not.toBeNull();
    // Modified first (the write, then the edit), then the reads newest first; live.ts is live,
    // the failed edit changed nothing.
    expect(body.restored.files.map((f: Json) => [f.path, f.operation, f.seq])).toEqual([
      ['docs/notes.md', 'write', 13],
      ['src/app.ts', 'edit', 11],
      ['src/big.ts', 'read', 7],
      ['README.md', 'read', 5],
    ]);
    expect(body.restored.skippedLive).toEqual(['src/live.ts']);
    const big = body.restored.files[2];
    expect(big.shownChars).toBeLessThan(big.chars);
    for (const file of body.restored.files) expect(file.tokens).toBeLessThanOrEqual(1_000);
    expect(body.restored.tokens).toBeLessThanOrEqual(5_000);

    // Shape: continuation message, the restore message, then the live turn.
    const [continuation, restore, ...live] = body.messages;
    expect(continuation.role).toBe('user');
    expect(restore.role).toBe('user');
    expect(restore.content[0].text).toBe(RESTORE_HEADER);
    expect(restore.content[2].text).toContain(APP_EDITED);
    expect(restore.content[2].text).toMatch(/^File "src\/app.ts" — edit result at seq 11\n`{5}\n/);
    expect(restore.content[1].text).toContain(NOTES);
    expect(live.map((m: Json) => m.role)).toEqual(['user', 'assistant', 'toolResult']);
    expect(JSON.stringify(restore)).not.toContain('old live content');

    // Counted in the context's estimate; the same bytes on every call (prompt caches).
    const off = await context(sessionId, '?recall=false&budget=1000');
    expect(off.body.restored.tokens).toBeLessThanOrEqual(100);
    expect(estimateMessageTokens(restore)).toBe(body.restored.tokens);
    expect(body.estimatedTokens).toBe(estimateMessagesTokens(body.messages));
    expect((await context(sessionId, '?recall=false')).raw).toBe(raw);

    // Anthropic and OpenAI formats carry it in the same place.
    const anthropic = (await context(sessionId, '?recall=false&format=anthropic')).body;
    expect(anthropic.messages[1].role).toBe('user');
    expect(JSON.stringify(anthropic.messages[1])).toContain('src/big.ts');
    const openai = (await context(sessionId, '?recall=false&format=openai')).body;
    expect(openai.messages[1].role).toBe('user');
    expect(JSON.stringify(openai.messages[1])).toContain('docs/notes.md');
    console.log(
      `restored context: ${body.messages.length} messages, estimatedTokens ${body.estimatedTokens}, ` +
        `restore ${body.restored.tokens} tokens: ${JSON.stringify(body.restored.files)}\n` +
        restore.content
          .map((block: Json) => `  | ${block.text.slice(0, 160).replaceAll('\n', '\n  | ')}`)
          .join('\n'),
    );
  });

  it('follows the session settings: fewer files, or none', async () => {
    const two = await compactedSession({ keyFileRestore: { maxFiles: 2, maxTokensPerFile: 200 } });
    const limited = (await context(two, '?recall=false')).body;
    expect(limited.restored.files.map((f: Json) => f.path)).toEqual(['docs/notes.md', 'src/app.ts']);
    for (const file of limited.restored.files) expect(file.tokens).toBeLessThanOrEqual(200);

    const off = await compactedSession({ keyFileRestore: { enabled: false } });
    const plain = (await context(off, '?recall=false')).body;
    expect(plain.restored).toEqual({ files: [], tokens: 0, skippedLive: [] });
    expect(plain.messages[1].role).toBe('user');
    expect(plain.messages[1].content).toBe('Go on.');
  });

  it('answers 400 naming the field for a bad setting', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${uniqueSessionId()}/turns`,
      payload: { ...liveTurn, settings: { keyFileRestore: { maxFiles: -1 } } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('keyFileRestore.maxFiles');
  });
});
