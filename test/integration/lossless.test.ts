/**
 * Every character JSON allows is stored and read back identical (issue 11 item 1): NUL, lone
 * surrogates, every C0 control character, BOMs, a 1 MB word — in user text, assistant text, tool
 * call ids and arguments (keys too) and tool results; through the transcript, GET /context in all
 * three formats and the summarizer's input. Derived text (summaries, file lists) is stored with
 * U+FFFD in their place, never failing; other fields get a 400 naming them. Never a 5xx.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../context/messages.js';
import { openDatabase } from '../../db/client.js';
import { appendTurn, ensureTenant, readEffectiveMessages, readMessages } from '../../db/transcript.js';
import { type FakeLlm, startFakeLlm } from '../fake-llm/server.js';
import { eventually, type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
  h = await startHarness({ llmBaseUrl: fake.baseUrl });
});
afterAll(async () => {
  await h?.stop();
  await fake?.close();
});

const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');
const HOSTILE: Record<string, string> = {
  nul: 'a\u0000b',
  loneHigh: 'x\ud800',
  loneLow: '\udc00y',
  highAtEnd: 'emoji cut \ud83d',
  reversedPair: '\udc00\ud800',
  controls: C0,
  bom: '\ufeffstarts with a BOM',
  literalEscape: 'a literal \\u0000 and \\ud800 stay text',
  zwj: 'family 👩‍👩‍👧‍👦 and flags 🇯🇵',
  bidi: 'abc\u202edef\u2066x',
  nonCharacters: '\ufffe\uffff',
};

function hostileTurn(turnId: string, text: string, big = false): { turnId: string; messages: Message[] } {
  const id = `call_${turnId}\u0000\ud800`;
  return {
    turnId,
    messages: [
      { role: 'user', content: `question ${text}` },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: `thinking about ${text}` },
          {
            type: 'toolCall',
            id,
            name: 'exec',
            arguments: { command: `cat ${text}`, [`key${text}`]: [text, { nested: text }] },
          },
        ],
        stopReason: 'toolUse',
      },
      {
        role: 'toolResult',
        toolCallId: id,
        toolName: 'exec',
        isError: true,
        content: [{ type: 'text', text: big ? `${'x'.repeat(1_000_000)}${text}` : `output ${text}` }],
        details: { raw: text },
      },
      { role: 'assistant', content: [{ type: 'text', text: `done ${text}` }], stopReason: 'stop' },
    ],
  };
}

async function post(sessionId: string, body: Json) {
  return h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    payload: { contextWindowTokens: 2_000_000, ...body },
  });
}

const context = async (sessionId: string, format: string) =>
  (
    await h.app.inject({
      method: 'GET',
      url: `/v1/sessions/${sessionId}/context?format=${format}&recall=false`,
    })
  ).json();

describe('lossless storage', () => {
  it('stores every hostile string and reads it back identical, in every format', async () => {
    for (const [name, text] of Object.entries(HOSTILE)) {
      const sessionId = uniqueSessionId(`lossless-${name}`);
      const turn = hostileTurn('t1', text);
      const response = await post(sessionId, turn);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(202);

      const stored = await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
      expect(
        stored.map((row) => row.body),
        name,
      ).toEqual(turn.messages);

      const openclaw = await context(sessionId, 'openclaw');
      expect(openclaw.messages, name).toEqual(turn.messages);
      const anthropic = JSON.stringify((await context(sessionId, 'anthropic')).messages);
      const openai = JSON.stringify((await context(sessionId, 'openai')).messages);
      const escaped = JSON.stringify(text).slice(1, -1);
      for (const wire of [anthropic, openai]) {
        expect(wire, name).toContain(`question ${escaped}`);
        expect(wire, name).toContain(`output ${escaped}`);
        expect(wire, name).toContain(JSON.stringify(`call_t1\u0000\ud800`).slice(1, -1));
      }
    }
  });

  it('stores a 1 MB single word and a turn in Anthropic format losslessly', async () => {
    const sessionId = uniqueSessionId('lossless-big');
    const turn = hostileTurn('t1', HOSTILE.nul!, true);
    expect((await post(sessionId, turn)).statusCode).toBe(202);
    const [, , result] = await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
    expect(result?.body).toEqual(turn.messages[2]);

    const anthropicSession = uniqueSessionId('lossless-anthropic');
    const anthropic = [{ role: 'user', content: [{ type: 'text', text: HOSTILE.loneHigh }] }];
    const response = await post(anthropicSession, { turnId: 't1', format: 'anthropic', messages: anthropic });
    expect(response.statusCode).toBe(202);
    expect((await context(anthropicSession, 'anthropic')).messages).toEqual(anthropic);
  });

  it('feeds the summarizer the exact text; derived rows take U+FFFD instead of failing', async () => {
    fake.setBehaviour('succeed');
    const sessionId = uniqueSessionId('lossless-compact');
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await post(
            sessionId,
            hostileTurn(`t${i}`, `${HOSTILE.nul} ${HOSTILE.loneHigh} /tmp/f\u0000${i}.txt`),
          )
        ).statusCode,
      ).toBe(202);
    }
    const before = fake.calls.length;
    const compacted = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/compact`,
      payload: { keepRecentTokens: 0 },
    });
    expect(compacted.statusCode, compacted.body).toBeLessThan(300);
    const compaction = compacted.json();
    const sent = JSON.stringify(fake.calls.slice(before));
    expect(sent).toContain(JSON.stringify(`question ${HOSTILE.nul} ${HOSTILE.loneHigh}`).slice(1, -1));
    const detail = await eventually(
      async () =>
        (
          await h.app.inject({
            method: 'GET',
            url: `/v1/compactions/${compaction.compactionId ?? compaction.id}`,
          })
        ).json(),
      (c) => c.status === 'succeeded' || c.status === 'degraded' || c.status === 'failed',
    );
    expect(detail.status).not.toBe('failed');
    expect(JSON.stringify(detail)).not.toContain('\\u0000');
    // The transcript itself is untouched by the compaction.
    const stored = await readEffectiveMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
    expect(JSON.stringify(stored.map((m) => m.body))).toContain('a\\u0000b');
  });

  it('answers 400 naming the field for unstorable text outside messages, and stores nothing', async () => {
    const cases: Array<[string, Json, string]> = [
      ['POST', { url: '/v1/memories', payload: { content: 'tea\u0000', userId: 'u1' } }, 'body.content'],
      ['POST', { url: '/v1/memories', payload: { content: 'tea', userId: 'u\ud800' } }, 'body.userId'],
      ['GET', { url: '/v1/memories?query=%00' }, 'query.query'],
      ['POST', { url: '/v1/memories/search', payload: { query: '\udc00' } }, 'body.query'],
    ];
    for (const [method, request, field] of cases) {
      const response = await h.app.inject({ method: method as 'GET', ...request });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.message).toContain(field);
      expect(response.body).not.toMatch(/tea|insert|select/i);
    }
    const sessionId = uniqueSessionId('lossless-settings');
    const response = await post(sessionId, { ...hostileTurn('t1', 'ok'), settings: { agentsMd: 'x\u0000' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('body.settings.agentsMd');
    expect(await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 })).toHaveLength(0);
  });
});

describe('lossless storage on PGlite (molt dev)', () => {
  it('stores and reads back the same hostile messages', async () => {
    const handle = await openDatabase({ pglite: 'memory' });
    try {
      await handle.migrate();
      await ensureTenant(handle.db, 'default');
      const sessionId = `pglite-${randomUUID()}`;
      for (const [i, text] of Object.values(HOSTILE).entries()) {
        const turn = hostileTurn(`t${i}`, text);
        await appendTurn(
          handle.db,
          {
            tenantId: 'default',
            sessionId,
            workflowId: `wf-${sessionId}`,
            turnId: turn.turnId,
            messages: turn.messages,
            tokens: turn.messages.map(() => 1),
            contextWindowTokens: 100_000,
            defaultContextWindowTokens: 100_000,
            settings: undefined,
            usage: undefined,
            content: turn,
          },
          async () => {},
        );
        const rows = await readMessages(handle.db, 'default', sessionId, { afterSeq: i * 4 });
        expect(rows.map((row) => row.body)).toEqual(turn.messages);
      }
    } finally {
      await handle.close();
    }
  });
});
